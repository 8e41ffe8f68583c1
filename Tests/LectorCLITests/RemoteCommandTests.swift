import Foundation
import Testing
import LectorTestSupport
@testable import LectorStore

/// The remote kinds end to end through the `lector` binary: a sync, then feeds and folders
/// administered through each server, the local store following at once and agreeing with the
/// server after the next sync.
@Suite("Remote accounts through the CLI", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct RemoteCommandTests {
    static let editable = ["freshrss", "miniflux", "feedbin"]

    /// A service with one feed of three entries in "News", and a feed it can subscribe to,
    /// served for real on a second loopback server (the CLI fetches a feed before subscribing).
    final class World {
        let service: ServiceUnderTest
        let site: LoopbackServer
        let home = TestHome()
        var newFeedURL: String { site.url("/lighthouse.xml").absoluteString }

        init(_ kind: String) throws {
            let feeds = FeedStore()
            // Recent entries: a first sync only asks for what the article-age setting keeps.
            let now = Int64(Date().timeIntervalSince1970)
            let news = feeds.addFeed(title: "Harbour News", feedURL: "https://harbour.example/feed.xml",
                                     siteURL: "https://harbour.example/", folder: "News")
            for n in 1...3 {
                feeds.addItem(feed: news, title: "Tide table \(n)", url: "https://harbour.example/\(n)",
                              content: "<p>High water at \(n) o'clock</p>", published: now - Int64(n) * 3_600, read: n == 1)
            }
            let pages = StaticSite()
            pages.serve("/lighthouse.xml", text: """
                <?xml version="1.0"?><rss version="2.0"><channel><title>Lighthouse Weekly</title>
                <link>https://lighthouse.example/</link>
                <item><title>Lamp lit</title><link>https://lighthouse.example/1</link><guid>l1</guid></item>
                </channel></rss>
                """, contentType: "application/rss+xml")
            site = try LoopbackServer(handler: pages.handler)
            feeds.addRemoteFeed(RemoteFeed(feedURL: site.url("/lighthouse.xml").absoluteString, title: "Lighthouse Weekly",
                                           entries: [LectorTestSupport.RemoteEntry(title: "Lamp lit", url: "https://lighthouse.example/1", published: now)]))
            service = try ServiceUnderTest.start(kind, feeds: feeds)
        }

        func lector(_ arguments: String..., stdin: String? = nil) throws -> ProcessResult {
            try runProcess(TestBinary.path, arguments, environment: home.environment, stdin: stdin)
        }

        /// Runs a command that must succeed.
        @discardableResult
        func ok(_ arguments: String...) throws -> ProcessResult {
            let result = try runProcess(TestBinary.path, arguments, environment: home.environment)
            #expect(result.status == 0, "\(service): lector \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
            return result
        }

        /// The server's folder of the feed at `url` (nil: no such feed, "" for the root).
        func serverFolder(ofFeedAt url: String) -> String? {
            guard let feed = service.feeds.feeds.first(where: { $0.feedURL == url }) else { return nil }
            return service.feeds.folders.first { $0.id == feed.folderID }?.name ?? ""
        }

        func localFeeds() throws -> [(title: String, url: String, folder: String?)] {
            let listing = try JSONSerialization.jsonObject(with: Data(try ok("feed", "list", "--json").stdout.utf8)) as? [[String: Any]] ?? []
            return listing.map { ($0["title"] as? String ?? "", $0["url"] as? String ?? "", $0["folder"] as? String) }
        }

        func localFolders() throws -> [String] {
            let listing = try JSONSerialization.jsonObject(with: Data(try ok("folder", "list", "--json").stdout.utf8)) as? [[String: Any]] ?? []
            return listing.compactMap { $0["name"] as? String }.sorted()
        }
    }

    private func addedWorld(_ kind: String) throws -> World {
        let world = try World(kind)
        let added = try runProcess(TestBinary.path, world.service.addArguments(name: "Server"), environment: world.home.environment,
                                   stdin: world.service.secret + "\n")
        try #require(added.status == 0, "\(world.service): account add failed: \(added.stderr)")
        return world
    }

    @Test("feed add on FreshRSS and Miniflux fetches the new feed's entries alone (its stream, its entries), not the account's: another feed's new entry waits for the next sync",
          arguments: ["freshrss", "miniflux"])
    func feedAddFetchesTheFeedAlone(kind: String) throws {
        let world = try addedWorld(kind)
        try world.ok("sync")
        let harbour = try #require(world.service.feeds.feeds.first { $0.title == "Harbour News" }?.id)
        world.service.feeds.addItem(feed: harbour, title: "Tide table 4", url: "https://harbour.example/4")
        world.service.server.clearLog()
        let added = try world.ok("feed", "add", world.newFeedURL)
        #expect(added.stdout.contains("Fetched from 'Server': the feed has 1 article(s)."), "\(kind): \(added.stdout)")
        let id = try #require(world.service.feeds.feeds.first { $0.feedURL == world.newFeedURL }?.id)
        let requests = world.service.server.requests.map { "\($0.path)?\($0.queryItems.map { "\($0.name)=\($0.value)" }.joined(separator: "&"))" }
        let asked = kind == "freshrss" ? requests.contains { $0.contains("stream/items/ids") && $0.contains("s=feed/\(id)") }
            : requests.contains { $0.hasPrefix("/v1/feeds/\(id)/entries") }
        let whole = kind == "freshrss" ? requests.contains { $0.contains("s=user/-/state/com.google/reading-list") }
            : requests.contains { $0.hasPrefix("/v1/entries?") }
        #expect(asked && !whole, "\(kind): the new feed's entries alone were asked for: \(requests)")
        let listed = try world.ok("article", "list", "--limit", "100").stdout
        #expect(listed.contains("Lamp lit") && !listed.contains("Tide table 4"), "\(kind): the new feed's article is here, the other's new one waits: \(listed)")
        try world.ok("sync")
        #expect(try world.ok("article", "list", "--limit", "100").stdout.contains("Tide table 4"), "\(kind): the next sync brings it")
    }

    @Test("sync, then folders and feeds edited through the server: the store follows at once and agrees after a sync",
          arguments: editable)
    func administerThroughTheServer(kind: String) throws {
        let world = try addedWorld(kind)
        let harbour = "https://harbour.example/feed.xml"
        try world.ok("sync")
        #expect(try world.localFeeds().contains { $0.url == harbour && $0.folder == "News" }, "\(kind): the first sync brings the feed in its folder")
        let articles = try JSONSerialization.jsonObject(with: Data(try world.ok("article", "list", "--json").stdout.utf8)) as? [Any]
        #expect(articles?.count == 3, "\(kind): the first sync stores the three entries")

        try world.ok("folder", "add", "Later")
        try world.ok("feed", "move", "Harbour News", "Later")
        #expect(world.serverFolder(ofFeedAt: harbour) == "Later", "\(kind): moved on the server")
        try world.ok("folder", "rename", "Later", "Someday")
        #expect(world.serverFolder(ofFeedAt: harbour) == "Someday", "\(kind): the folder renamed on the server")
        #expect(try world.localFolders().contains("Someday"), "\(kind): renamed locally at once")
        try world.ok("sync")
        let folders = try world.localFolders()
        #expect(folders.filter { $0 == "Someday" || $0 == "Later" } == ["Someday"], "\(kind): after a sync exactly one renamed folder, got \(folders)")
        #expect(try world.localFeeds().contains { $0.url == harbour && $0.folder == "Someday" }, "\(kind): the feed stays in the renamed folder")

        try world.ok("feed", "add", world.newFeedURL, "--folder", "Someday")
        #expect(world.serverFolder(ofFeedAt: world.newFeedURL) == "Someday", "\(kind): subscribed on the server, in the folder asked for")
        #expect(try world.localFeeds().contains { $0.url == world.newFeedURL }, "\(kind): the new feed is listed without a sync")
        try world.ok("feed", "rename", "Lighthouse Weekly", "Beacon")
        #expect(world.service.feeds.feeds.first { $0.feedURL == world.newFeedURL }?.title == "Beacon", "\(kind): renamed on the server")
        try world.ok("feed", "remove", "Beacon", "--yes")
        #expect(world.serverFolder(ofFeedAt: world.newFeedURL) == nil, "\(kind): unsubscribed on the server")
        #expect(try !world.localFeeds().contains { $0.url == world.newFeedURL }, "\(kind): gone locally at once")

        try world.ok("sync")
        #expect(try world.localFeeds().map(\.url) == [harbour], "\(kind): after the last sync the store agrees with the server")
    }

    @Test("a folder rename whose answer was lost after FreshRSS applied it: Lector reads the server back, exits 0 and says the server had done it")
    func folderRenameCheckedAfterLostAnswer() throws {
        let world = try addedWorld("freshrss")
        try world.ok("sync")
        world.service.server.inject(.loseAnswer(pathSuffix: "/rename-tag"))
        let lost = try world.lector("folder", "rename", "News", "Tidings")
        world.service.server.clearFaults()
        #expect(lost.status == 0, "the server had renamed the folder and could be read back: exit \(lost.status), \(lost.stderr)")
        #expect(lost.stdout.contains("Renamed folder 'News' to 'Tidings' (the server had done it already"), "the line says so: \(lost.stdout)")
        #expect(world.serverFolder(ofFeedAt: "https://harbour.example/feed.xml") == "Tidings", "the server renamed the folder before the answer was lost")
        let folders = try world.localFolders()
        #expect(folders.contains("Tidings") && !folders.contains("News"), "the store follows the server: \(folders)")
        let again = try world.lector("folder", "rename", "News", "Tidings")
        #expect(again.status != 0 && again.stderr.contains("News"), "the old name is gone, so a repeat names it as unknown: exit \(again.status), \(again.stderr)")
    }

    @Test("deleting a folder: the store shows at once where the server put its feeds", arguments: editable)
    func folderRemovalFollowsTheServer(kind: String) throws {
        let world = try addedWorld(kind)
        let harbour = "https://harbour.example/feed.xml"
        try world.ok("sync")
        let removal = try world.ok("folder", "remove", "News", "--yes")
        #expect(try !world.localFolders().contains("News"), "\(kind): the folder is gone locally")
        let server = world.serverFolder(ofFeedAt: harbour)
        let local = try world.localFeeds().first { $0.url == harbour }
        switch kind {
        case "miniflux":
            #expect(server == nil && local == nil, "\(kind): deleting a category deletes its feeds, on both sides")
        case "freshrss":
            #expect(server == "Uncategorized", "\(kind): FreshRSS files the feeds in its default category")
            #expect(local?.folder == "Uncategorized", "\(kind): the store shows the default category without a sync, got \(String(describing: local))")
            #expect(removal.stdout.contains("'Uncategorized'"), "\(kind): the message says where the feeds went: \(removal.stdout)")
        default:
            #expect(local != nil && local?.folder == nil, "\(kind): an untagged feed is unfiled, got \(String(describing: local))")
        }
        let before = try world.localFeeds().map { "\($0.url) \($0.folder ?? "-")" }
        try world.ok("sync")
        #expect(try world.localFeeds().map { "\($0.url) \($0.folder ?? "-")" } == before, "\(kind): the next sync changes nothing more")
    }

    @Test("offline, a structure edit fails with the network exit code and changes nothing", arguments: editable)
    func offlineEditChangesNothing(kind: String) throws {
        let world = try addedWorld(kind)
        try world.ok("sync")
        world.service.server.stop()
        let result = try world.lector("feed", "rename", "Harbour News", "Elsewhere")
        #expect(result.status == 6, "\(kind): expected the network exit code 6, got \(result.status): \(result.stderr)")
        #expect(try world.localFeeds().map(\.title) == ["Harbour News"], "\(kind): the local title must not change")
    }

    @Test("Fever cannot edit structure: the command says so and nothing changes")
    func feverRefusesStructureEdits() throws {
        let world = try addedWorld("fever")
        world.service.feeds.setFavicon(feed: 1, mimeType: "image/png", data: Data([0x89]))
        try world.ok("sync")
        world.service.server.clearLog()
        for arguments in [["folder", "add", "Later"], ["feed", "rename", "Harbour News", "Elsewhere"], ["feed", "add", world.newFeedURL]] {
            let result = try runProcess(TestBinary.path, arguments, environment: world.home.environment)
            #expect(result.status != 0 && result.stderr.localizedCaseInsensitiveContains("fever"),
                    "lector \(arguments.joined(separator: " ")) must be refused, naming Fever: \(result.status) \(result.stderr)")
        }
        #expect(try !world.localFolders().contains("Later"), "no folder may appear")
        #expect(try world.localFeeds().map(\.title) == ["Harbour News"], "no feed may change")
        #expect(world.site.requests.isEmpty, "the refusal comes before anything is fetched")
    }
}
