import Foundation
import Testing
import LectorStore
import LectorTestSupport

/// A sync that dies after storing articles and before its rules ran — SIGKILL at a random point,
/// or a full disk part-way — must not lose the rules' actions: the next sync acts on everything
/// the dead one stored and the rules had not swept (issue 38, item 2).
@Suite("Crash: the rules' sweep survives a killed or full-disk sync", .serialized)
struct CrashRuleSweepTests {
    static let feeds = 24
    static let items = 30

    /// A home with a local account subscribed to the loopback feeds, nothing fetched yet, and a
    /// rule starring one item of each feed.
    private func ruledHome(_ server: LoopbackServer) throws -> TestHome {
        let home = TestHome()
        try CrashHarness.run(home, ["account", "add", "local", "--name", "Home"])
        let opml = home.path + "/feeds.opml"
        try CrashHarness.opml(server: server, count: Self.feeds, folders: 4, at: opml)
        try CrashHarness.run(home, ["opml", "import", opml, "--account", "Home"])
        try CrashHarness.run(home, ["rule", "add", "sevens", "title matches \"item 7$\"", "--then", "star"])
        return home
    }

    /// The starred articles, by guid.
    private static let starredRows = "SELECT a.server_id FROM articles a JOIN article_state s ON s.article_id = a.id WHERE s.starred = 1"
    /// What the rule recorded acting on.
    private static let hitRows = "SELECT a.server_id FROM rule_hits h JOIN articles a ON a.id = h.article_id"

    @Test("sync killed at random points with a rule: the next sync stars every match the killed one stored, once")
    func killSyncBeforeItsRules() throws {
        let server = try CrashHarness.feedServer(count: Self.feeds, items: Self.items)
        defer { server.stop() }
        let template = try ruledHome(server)
        let sync = ["sync", "--account", "Home"]
        let reference = try CrashHarness.copy(template)
        try CrashHarness.run(reference, sync)
        let expected = try CrashHarness.snapshot(reference, Self.starredRows)
        #expect(expected.count == Self.feeds, "the rule stars item 7 of each feed: \(expected.count)")
        var storedBeforeKill = 0
        try CrashHarness.killAtRandom("sync with a rule", template: template, sync) { home, context in
            // How many of the killed sync's articles were stored and not swept: the case at stake.
            let unswept = try CrashHarness.snapshot(home, "SELECT article_id FROM rule_backlog").count
            if unswept > 0 { storedBeforeKill += 1 }
            try CrashHarness.run(home, sync)
            let starred = try CrashHarness.snapshot(home, Self.starredRows)
            #expect(starred == expected, "\(context): \(starred.count) starred after the next sync, the rule stars \(expected.count)")
            #expect(try CrashHarness.snapshot(home, Self.hitRows) == expected, "\(context): the rule's record of what it acted on")
            #expect(try CrashHarness.snapshot(home, "SELECT article_id FROM rule_backlog").isEmpty, "\(context): articles left unswept")
        }
        print("crash sync with a rule: \(storedBeforeKill) of \(CrashHarness.rounds) kills left stored articles the rules had not swept")
        #expect(storedBeforeKill > 0, "no kill landed between storing and sweeping: the test proved nothing")
    }

    @Test("a sync stopped by a full disk after storing articles: the next sync applies the rule to them",
          arguments: [120, 250, 400])
    func fullDiskBeforeItsRules(write: Int) throws {
        let server = try CrashHarness.feedServer(count: Self.feeds, items: Self.items)
        defer { server.stop() }
        let home = try ruledHome(server)
        let reference = try CrashHarness.copy(home)
        try CrashHarness.run(reference, ["sync", "--account", "Home"])
        let expected = try CrashHarness.snapshot(reference, Self.starredRows)
        var environment = home.environment
        environment[StoreFaultInjection.variable] = "full@\(write)"
        let full = try runProcess(TestBinary.path, ["sync", "--account", "Home"], environment: environment)
        #expect(full.status == 1 && full.stderr.contains("disk is full"), "full@\(write): exit \(full.status): \(full.stderr)")
        let stored = try CrashHarness.snapshot(home, "SELECT server_id FROM articles").count
        #expect(stored > 0, "full@\(write): the disk filled before any article was stored; nothing to prove")
        try CrashHarness.run(home, ["sync", "--account", "Home"])
        let starred = try CrashHarness.snapshot(home, Self.starredRows)
        #expect(starred == expected, "full@\(write) (\(stored) articles stored before it): \(starred.count) starred after the next sync, expected \(expected.count)")
    }
}
