import Foundation
import Testing
import LectorTestSupport

/// `feed add --on-server` on Miniflux: its `POST /v1/discover` finds the feeds and the server
/// fetches them, for a site Lector cannot reach (an address on this machine where nothing
/// listens, which the emulated server's catalog holds) — through the `lector` binary.
@Suite("feed add through the server's own discovery, through the binary", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct FeedAddOnServerTests {
    /// Nothing listens on port 9 of the loopback: Lector's own fetch is refused at once.
    static let site = "http://127.0.0.1:9/blog/"

    final class World {
        let home = TestHome()
        let service: ServiceUnderTest

        init(_ kind: String) throws {
            let feeds = FeedStore(defaultFolderName: kind == "miniflux" ? "All" : "Uncategorized")
            feeds.addRemoteFeed(RemoteFeed(feedURL: FeedAddOnServerTests.site + "rss.xml", siteURL: FeedAddOnServerTests.site, title: "Unreachable Blog",
                                           entries: [RemoteEntry(title: "First post", url: FeedAddOnServerTests.site + "1", content: "<p>one</p>",
                                                                 published: Int64(Date().timeIntervalSince1970) - 3600),
                                                     RemoteEntry(title: "Second post", url: FeedAddOnServerTests.site + "2", content: "<p>two</p>",
                                                                 published: Int64(Date().timeIntervalSince1970) - 60)]))
            feeds.addRemoteFeed(RemoteFeed(feedURL: FeedAddOnServerTests.site + "atom.xml", siteURL: FeedAddOnServerTests.site, title: "Unreachable Blog comments"))
            service = try ServiceUnderTest.start(kind, feeds: feeds)
            let added = try lector(service.addArguments(name: "Server"), stdin: service.secret + "\n")
            try #require(added.status == 0, "account add failed: \(added.stderr)")
        }

        func lector(_ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
            try runProcess(TestBinary.path, arguments, environment: home.environment, stdin: stdin)
        }
    }

    @Test("--on-server lists the server's candidates off a terminal (exit 2), --pick 2 subscribes to the second, fetched by the server")
    func onServerWithPick() throws {
        let world = try World("miniflux")
        let listed = try world.lector(["feed", "add", "--on-server", Self.site])
        #expect(listed.status == 2 && listed.stdout.contains("1. Unreachable Blog — \(Self.site)rss.xml")
                && listed.stdout.contains("2. Unreachable Blog comments — \(Self.site)atom.xml"), "the candidates: \(listed.status) \(listed.stdout) \(listed.stderr)")
        #expect(world.service.feeds.feeds.isEmpty, "listing the candidates subscribed")
        let added = try world.lector(["feed", "add", "--on-server", Self.site, "--pick", "2", "--folder", "Blogs"])
        #expect(added.status == 0 && added.stdout.contains("found and fetched by the server"), "feed add --on-server: \(added.stdout) \(added.stderr)")
        #expect(world.service.feeds.feeds.map(\.feedURL) == [Self.site + "atom.xml"], "the server's feeds: \(world.service.feeds.feeds.map(\.feedURL))")
        #expect(try world.lector(["feed", "list"]).stdout.contains("Unreachable Blog comments"), "the store does not list the new feed")
    }

    @Test("a feed address Lector cannot reach is subscribed through the server's discovery without --on-server")
    func unreachableFallsBackToTheServer() throws {
        let world = try World("miniflux")
        let added = try world.lector(["feed", "add", Self.site + "rss.xml"])
        #expect(added.status == 0 && added.stdout.contains("found and fetched by the server"), "feed add: \(added.status) \(added.stdout) \(added.stderr)")
        #expect(world.service.feeds.feeds.map(\.feedURL) == [Self.site + "rss.xml"], "the server's feeds")
        #expect(added.stdout.contains("Fetched from 'Server': the feed has 2 article(s)."), "the feed's entries are fetched at once: \(added.stdout)")
        let listed = try world.lector(["article", "list", "--feed", "Unreachable Blog"])
        #expect(listed.stdout.contains("First post") && listed.stdout.contains("Second post"), "its articles, with no sync typed: \(listed.stdout)")
    }

    @Test("feed add on a server account fetches the new feed's entries alone (GET /v1/feeds/{id}/entries), not the whole account: another feed's new entry waits for the next sync")
    func onlyTheNewFeedIsFetched() throws {
        let world = try World("miniflux")
        let other = world.service.feeds.addFeed(title: "Other", feedURL: "https://other.example/feed.xml")
        world.service.feeds.addItem(feed: other, title: "Old other", url: "https://other.example/1", published: Int64(Date().timeIntervalSince1970) - 7200)
        #expect(try world.lector(["sync"]).status == 0, "the first sync")
        world.service.feeds.addItem(feed: other, title: "New other", url: "https://other.example/2")
        world.service.server.clearLog()
        let added = try world.lector(["feed", "add", Self.site + "rss.xml"])
        #expect(added.status == 0 && added.stdout.contains("Fetched from 'Server': the feed has 2 article(s)."), "feed add: \(added.status) \(added.stdout) \(added.stderr)")
        let feedID = try #require(world.service.feeds.feeds.first { $0.feedURL == Self.site + "rss.xml" }?.id)
        let paths = world.service.server.requests.map(\.path)
        #expect(paths.contains("/v1/feeds/\(feedID)/entries") && !paths.contains("/v1/entries"),
                "only the new feed's entries were asked for, not the account's: \(paths)")
        let listed = try world.lector(["article", "list", "--limit", "100"]).stdout
        #expect(listed.contains("First post") && listed.contains("Second post") && !listed.contains("New other"),
                "the new feed's articles are here; the other feed's new one waits for a sync: \(listed)")
        #expect(try world.lector(["sync"]).status == 0, "the next sync")
        #expect(try world.lector(["article", "list", "--limit", "100"]).stdout.contains("New other"), "the next sync brings the rest")
    }

    @Test("--on-server on a FreshRSS account is refused in one line, exit 2, nothing sent")
    func refusedElsewhere() throws {
        let world = try World("freshrss")
        let refused = try world.lector(["feed", "add", "--on-server", Self.site])
        #expect(refused.status == 2 && refused.stderr.split(separator: "\n").count == 1 && refused.stderr.contains("freshrss"),
                "--on-server on FreshRSS: \(refused.status) \(refused.stderr)")
        #expect(world.service.feeds.feeds.isEmpty)
    }
}
