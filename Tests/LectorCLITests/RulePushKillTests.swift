import Foundation
import Testing
import LectorTestSupport

/// `rule push` killed with SIGKILL at random points while it writes a folder's feed filters on a
/// Miniflux server: whatever the server took before the kill, `rule unpush` takes every line of
/// the rule off again and leaves the line a feed had before (issue 38, item 7). Rounds:
/// `LECTOR_CRASH_ROUNDS`, seed `LECTOR_CRASH_SEED`, as the other crash tests.
@Suite("Crash: rule push killed at random points", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct RulePushKillTests {
    static let feeds = 30
    static let ownLine = "EntryAuthor=(?i)bot"
    static let ruleLine = "EntryTitle=(?i)sponsored"

    /// The server's feed filters back to before any push: feed 0 has a line of its own.
    static func reset(_ service: ServiceUnderTest) {
        for feed in service.feeds.feeds {
            service.feeds.setFeedSetting(feed: feed.id, "block_filter_entry_rules", feed.title == "Bulk 0" ? .string(ownLine) : nil)
        }
    }

    /// Every feed's block filter that still holds the rule's line, or lost the feed's own line.
    static func leftovers(_ service: ServiceUnderTest) -> [String] {
        service.feeds.feeds.compactMap { feed in
            var lines: [String] = []
            if case .string(let text)? = feed.settings["block_filter_entry_rules"] { lines = text.split(separator: "\n").map(String.init) }
            if lines.contains(ruleLine) { return "\(feed.title) still has the rule's line" }
            if feed.title == "Bulk 0" && lines != [ownLine] { return "Bulk 0 lost its own line: \(lines)" }
            return nil
        }
    }

    @Test("rule push killed at random points: rule unpush then leaves no line of the rule on any feed, and the feed's own line stays")
    func killedPushIsTakenBack() throws {
        let store = FeedStore()
        for index in 0..<Self.feeds { store.addFeed(title: "Bulk \(index)", feedURL: "https://bulk\(index).example/feed.xml", folder: "Bulk") }
        let service = try ServiceUnderTest.start("miniflux", feeds: store)
        defer { service.server.stop() }
        let template = TestHome()
        try CrashHarness.run(template, service.addArguments(name: "Server"), stdin: service.secret + "\n")
        try CrashHarness.run(template, ["sync"])
        try CrashHarness.run(template, ["rule", "add", "ads", "title matches \"(?i)sponsored\"", "--then", "hide", "--folder", "Bulk"])
        let push = ["rule", "push", "ads"]
        Self.reset(service)
        let duration = try CrashHarness.cleanDuration(template: template, push)
        #expect(Self.leftovers(service).count == Self.feeds, "a clean push put the line on every feed")
        var generator = SeededGenerator(seed: CrashHarness.seed)
        var landed = 0
        for round in 0..<CrashHarness.rounds {
            Self.reset(service)
            let home = try CrashHarness.copy(template)
            let delay = Double.random(in: 0.005...(duration * 0.95), using: &generator)
            if try CrashHarness.killed(home, push, after: delay) { landed += 1 }
            let context = "round \(round) (kill at \(delay) s of \(duration) s)"
            #expect(try CrashHarness.problems(in: home).isEmpty, "\(context): the store after the kill")
            let unpushed = try runProcess(TestBinary.path, ["rule", "unpush", "ads"], environment: home.environment)
            #expect(unpushed.status == 0, "\(context): rule unpush exited \(unpushed.status): \(unpushed.stderr)")
            let left = Self.leftovers(service)
            #expect(left.isEmpty, "\(context): \(left.count) filter(s) wrong after rule unpush: \(left.prefix(3))")
        }
        print("crash rule push: \(landed) of \(CrashHarness.rounds) kills landed mid-run (clean run \(Int(duration * 1000)) ms)")
        #expect(landed >= CrashHarness.rounds / 5, "too few kills landed while rule push ran: \(landed)")
    }
}
