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

/// `account copy` and `feed apply` of several feeds in new folders into FreshRSS, whose batch
/// subscribe files one feed of a new folder only (freshrss-admin 51, 52): every feed ends in its
/// folder on the server, the store shows what the server has, and no step is reported done that
/// the server did not do (issue 38, item 1).
@Suite("batch subscribe into FreshRSS through the binary", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct FreshRSSBatchFolderCommandTests {
    static let count = 8

    /// "title | folder" of the emulated server's feeds.
    static func filing(_ feeds: FeedStore) -> Set<String> {
        let folders = Dictionary(uniqueKeysWithValues: feeds.folders.map { ($0.id, $0.name) })
        return Set(feeds.feeds.map { "\($0.feedURL) | \(folders[$0.folderID] ?? "")" })
    }

    static var wanted: Set<String> {
        Set((0..<count).map { "https://bulk\($0).example/feed.xml | \($0 < count / 2 ? "Alpha" : "Beta")" })
    }

    @Test("account copy of 8 feeds in two new folders: every feed in its folder on the server, exit 0, no SQLite error; the second copy has nothing to change")
    func accountCopy() throws {
        let home = TestHome()
        let sourceFeeds = FeedStore()
        let destFeeds = FeedStore()
        for index in 0..<Self.count {
            let url = "https://bulk\(index).example/feed.xml"
            sourceFeeds.addFeed(title: "Bulk \(index)", feedURL: url, folder: index < Self.count / 2 ? "Alpha" : "Beta")
            destFeeds.addRemoteFeed(RemoteFeed(feedURL: url, title: "Bulk \(index)"))
        }
        let source = try ServiceUnderTest.start("freshrss", feeds: sourceFeeds)
        let dest = try ServiceUnderTest.start("freshrss", feeds: destFeeds)
        for (service, name) in [(source, "Old"), (dest, "New")] {
            let added = try runProcess(TestBinary.path, service.addArguments(name: name), environment: home.environment, stdin: service.secret + "\n")
            try #require(added.status == 0, "account add \(name) failed: \(added.stderr)")
        }
        #expect(try runProcess(TestBinary.path, ["sync", "--account", "Old"], environment: home.environment).status == 0)
        let copied = try runProcess(TestBinary.path, ["account", "copy", "Old", "New"], environment: home.environment)
        #expect(copied.status == 0 && !copied.stderr.contains("SQLite"), "copy exited \(copied.status): \(copied.stdout) \(copied.stderr)")
        #expect(Self.filing(destFeeds) == Self.wanted, "the destination server: \(Self.filing(destFeeds).subtracting(Self.wanted).sorted())")
        let listed = try runProcess(TestBinary.path, ["feed", "list", "--account", "New", "--json"], environment: home.environment)
        for folder in ["Alpha", "Beta"] {
            #expect(listed.stdout.components(separatedBy: "\"\(folder)\"").count - 1 == Self.count / 2, "the store's \(folder): \(listed.stdout)")
        }
        let again = try runProcess(TestBinary.path, ["account", "copy", "Old", "New"], environment: home.environment)
        #expect(again.status == 0 && again.stdout.contains("Feeds and folders: nothing to change."), "the second copy: \(again.stdout) \(again.stderr)")
    }

    @Test("feed apply of 8 feeds in two new folders: every feed in its folder on the server, every step done; the second apply is empty")
    func feedApply() throws {
        let home = TestHome()
        let feeds = FeedStore()
        feeds.addFeed(title: "Harbour News", feedURL: "https://harbour.example/feed.xml", folder: "News")
        for index in 0..<Self.count { feeds.addRemoteFeed(RemoteFeed(feedURL: "https://bulk\(index).example/feed.xml", title: "Bulk \(index)")) }
        let service = try ServiceUnderTest.start("freshrss", feeds: feeds)
        let added = try runProcess(TestBinary.path, service.addArguments(name: "Server"), environment: home.environment, stdin: service.secret + "\n")
        try #require(added.status == 0, "account add failed: \(added.stderr)")
        #expect(try runProcess(TestBinary.path, ["sync"], environment: home.environment).status == 0)
        let lines = ["https://harbour.example/feed.xml \"News\""]
            + (0..<Self.count).map { "https://bulk\($0).example/feed.xml \"\($0 < Self.count / 2 ? "Alpha" : "Beta")\"" }
        let file = home.path + "/urls"
        try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let applied = try runProcess(TestBinary.path, ["feed", "apply", file, "--json"], environment: home.environment)
        #expect(applied.status == 0, "apply exited \(applied.status): \(applied.stdout) \(applied.stderr)")
        let steps = ((try? JSONSerialization.jsonObject(with: Data(applied.stdout.utf8))) as? [String: Any])?["steps"] as? [[String: Any]] ?? []
        #expect(!steps.isEmpty && steps.allSatisfy { "\($0["outcome"] ?? "")" == "done" }, "the steps: \(applied.stdout)")
        #expect(Self.filing(feeds).subtracting(["https://harbour.example/feed.xml | News"]) == Self.wanted,
                "the server: \(Self.filing(feeds).subtracting(Self.wanted).sorted())")
        let again = try runProcess(TestBinary.path, ["feed", "apply", file], environment: home.environment)
        #expect(again.status == 0 && again.stdout.contains("Nothing to change"), "the second apply: \(again.stdout) \(again.stderr)")
    }

    @Test("a copy run again after one that left the feeds in Uncategorized (as Lector did before, with a SQLite error) files them where they belong")
    func rerunRepairs() throws {
        let home = TestHome()
        let sourceFeeds = FeedStore()
        let destFeeds = FeedStore()
        for index in 0..<Self.count {
            let url = "https://bulk\(index).example/feed.xml"
            sourceFeeds.addFeed(title: "Bulk \(index)", feedURL: url, folder: index < Self.count / 2 ? "Alpha" : "Beta")
            destFeeds.addRemoteFeed(RemoteFeed(feedURL: url, title: "Bulk \(index)"))
            // What the first run left: subscribed, one in each folder, the rest in the default folder.
            destFeeds.addFeed(title: "Bulk \(index)", feedURL: url, folder: index == 0 ? "Alpha" : index == Self.count / 2 ? "Beta" : "Uncategorized")
        }
        let source = try ServiceUnderTest.start("freshrss", feeds: sourceFeeds)
        let dest = try ServiceUnderTest.start("freshrss", feeds: destFeeds)
        for (service, name) in [(source, "Old"), (dest, "New")] {
            let added = try runProcess(TestBinary.path, service.addArguments(name: name), environment: home.environment, stdin: service.secret + "\n")
            try #require(added.status == 0, "account add \(name) failed: \(added.stderr)")
        }
        #expect(try runProcess(TestBinary.path, ["sync"], environment: home.environment).status == 0)
        let copied = try runProcess(TestBinary.path, ["account", "copy", "Old", "New"], environment: home.environment)
        #expect(copied.status == 0, "copy exited \(copied.status): \(copied.stdout) \(copied.stderr)")
        #expect(Self.filing(destFeeds) == Self.wanted, "the destination server: \(Self.filing(destFeeds).subtracting(Self.wanted).sorted())")
    }
}
