import Foundation
import Testing
import LectorTestSupport

/// `account copy` through the `lector` binary: a FreshRSS account into a Miniflux account, each
/// behind its own emulator, and into a Fever account, which cannot add feeds.
@Suite("account copy through the binary", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct AccountCopyCommandTests {
    final class World {
        let home = TestHome()
        let source: ServiceUnderTest
        let dest: ServiceUnderTest

        init(destKind: String) throws {
            let now = Int64(Date().timeIntervalSince1970)
            let sourceFeeds = FeedStore()
            let harbour = sourceFeeds.addFeed(title: "Harbour News", feedURL: "https://harbour.example/feed.xml", folder: "News")
            sourceFeeds.addItem(feed: harbour, title: "Tide table", url: "https://harbour.example/tide", published: now - 60, starred: true)
            sourceFeeds.addItem(feed: harbour, title: "Old storm", url: "https://harbour.example/storm", published: now - 120, starred: true)
            source = try ServiceUnderTest.start("freshrss", feeds: sourceFeeds)
            let destFeeds = FeedStore()
            // The destination's copy of the feed no longer carries the old storm.
            destFeeds.addRemoteFeed(RemoteFeed(feedURL: "https://harbour.example/feed.xml", title: "Harbour News",
                                               entries: [LectorTestSupport.RemoteEntry(title: "Tide table", url: "http://harbour.example/tide/", published: now - 60)]))
            dest = try ServiceUnderTest.start(destKind, feeds: destFeeds)
            for (service, name) in [(source, "Old"), (dest, "New")] {
                let added = try runProcess(TestBinary.path, service.addArguments(name: name), environment: home.environment, stdin: service.secret + "\n")
                try #require(added.status == 0, "account add \(name) failed: \(added.stderr)")
            }
            let synced = try runProcess(TestBinary.path, ["sync", "--account", "Old"], environment: home.environment)
            try #require(synced.status == 0, "the source's sync failed: \(synced.stderr)")
        }

        func lector(_ arguments: String...) throws -> ProcessResult {
            try runProcess(TestBinary.path, arguments, environment: home.environment)
        }
    }

    @Test("FreshRSS into Miniflux: the plan, the feed subscribed in its folder, the starred match starred, the other imported; again: nothing new")
    func freshRSSIntoMiniflux() throws {
        let world = try World(destKind: "miniflux")
        let dry = try world.lector("account", "copy", "Old", "New", "--dry-run")
        #expect(dry.status == 0, "dry run exited \(dry.status): \(dry.stderr)")
        #expect(dry.stdout.contains("+ folder News") && dry.stdout.contains("+ feed https://harbour.example/feed.xml 'Harbour News' in News"),
                "the dry run's plan: \(dry.stdout)")
        #expect(world.dest.feeds.feeds.isEmpty, "a dry run subscribed on the server")

        let copied = try world.lector("account", "copy", "Old", "New", "--json")
        #expect(copied.status == 0, "copy exited \(copied.status): \(copied.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(copied.stdout.utf8)) as? [String: Any] ?? [:]
        let starred = json["starred"] as? [String: Any] ?? [:]
        #expect(starred["newly_starred"] as? Int == 1 && starred["matched"] as? Int == 1 && starred["recreated"] as? Int == 1, "the starred part: \(starred)")
        #expect(starred["unmatched_file"] == nil, "Miniflux took the old storm in: nothing is left for a file: \(starred)")
        #expect(Set(world.dest.feeds.items.filter(\.starred).map(\.title)) == ["Tide table", "Old storm"], "the destination server's stars")
        let folders = Dictionary(uniqueKeysWithValues: world.dest.feeds.folders.map { ($0.id, $0.name) })
        #expect(world.dest.feeds.feeds.map { "\($0.feedURL) in \(folders[$0.folderID] ?? "")" } == ["https://harbour.example/feed.xml in News"],
                "the destination server's feeds")

        let again = try world.lector("account", "copy", "Old", "New")
        #expect(again.status == 0, "the second copy exited \(again.status): \(again.stderr)")
        #expect(again.stdout.contains("Feeds and folders: nothing to change.") && again.stdout.contains("starred 0 article(s)"),
                "the second copy: \(again.stdout)")
    }

    @Test("FreshRSS into Feedbin, which cannot take entries in: the one its feed lacks is listed in a file")
    func intoFeedbinListsTheRest() throws {
        let world = try World(destKind: "feedbin")
        let copied = try world.lector("account", "copy", "Old", "New", "--json")
        #expect(copied.status == 0, "copy exited \(copied.status): \(copied.stderr)")
        let starred = (try JSONSerialization.jsonObject(with: Data(copied.stdout.utf8)) as? [String: Any])?["starred"] as? [String: Any] ?? [:]
        let file = try #require(starred["unmatched_file"] as? String, "no unmatched file in \(copied.stdout)")
        let kept = try String(contentsOfFile: file, encoding: .utf8)
        #expect(kept.contains("Old storm") && kept.contains("https://harbour.example/storm") && starred["recreated"] as? Int == 0, "the unmatched file: \(kept)")
    }

    @Test("feeds into Fever: the plan says Fever cannot add feeds, exit 2, nothing sent")
    func intoFever() throws {
        let world = try World(destKind: "fever")
        let copied = try world.lector("account", "copy", "Old", "New", "--feeds")
        #expect(copied.status == 2, "copying feeds into Fever should exit 2, got \(copied.status): \(copied.stderr)")
        #expect(copied.stdout.contains("! a fever account cannot add, rename, move or remove feeds"), "the plan: \(copied.stdout)")
        #expect(world.dest.feeds.feeds.isEmpty, "Fever's server got a feed")
    }
}
