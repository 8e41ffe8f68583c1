import Foundation
import Testing
import LectorTestSupport

/// `feed set`, `feed unset`, `feed show`, `feed pause`, `feed resume` and `feed refresh` through
/// the `lector` binary, against the Miniflux and FreshRSS emulators and a local account.
@Suite("A feed as its server keeps it, through the binary", .serialized, .harbourKeyringItems,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct FeedServerCommandTests {
    static let feedURL = "https://harbour.example/feed.xml"

    final class World {
        let home = TestHome()
        let service: ServiceUnderTest

        init(_ kind: String) throws {
            let feeds = FeedStore(defaultFolderName: kind == "miniflux" ? "All" : "Uncategorized")
            let now = Int64(Date().timeIntervalSince1970)
            feeds.addRemoteFeed(RemoteFeed(feedURL: FeedServerCommandTests.feedURL, title: "Harbour News",
                                           entries: [LectorTestSupport.RemoteEntry(title: "Tide table", url: "https://harbour.example/tide", published: now - 60)]))
            let harbour = feeds.addFeed(title: "Harbour News", feedURL: FeedServerCommandTests.feedURL, folder: "News")
            feeds.addItem(feed: harbour, title: "Tide table", url: "https://harbour.example/tide", published: now - 60, starred: true)
            feeds.addFeed(title: "Other", feedURL: "https://other.example/feed.xml", folder: "News")
            service = try ServiceUnderTest.start(kind, feeds: feeds)
            let added = try runProcess(TestBinary.path, service.addArguments(name: "Server"), environment: home.environment, stdin: service.secret + "\n")
            try #require(added.status == 0, "account add failed: \(added.stderr)")
            let synced = try lector(["sync"])
            try #require(synced.status == 0, "the first sync failed: \(synced.stderr)")
        }

        func lector(_ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
            try runProcess(TestBinary.path, arguments, environment: home.environment, stdin: stdin)
        }

        var harbour: EmulatedFeed? { service.feeds.feeds.first { $0.feedURL == FeedServerCommandTests.feedURL } }

        /// Every file of the home, as text: a secret must be in none of them.
        func homeFilesContain(_ text: String) -> Bool {
            let files = FileManager.default.enumerator(atPath: home.path)?.compactMap { $0 as? String } ?? []
            return files.contains { name in
                (FileManager.default.contents(atPath: home.path + "/" + name)).map { String(decoding: $0, as: UTF8.self).contains(text) } ?? false
            }
        }
    }

    @Test("Miniflux: set, show and unset per-feed fields; the cookie only from stdin, shown as set, kept nowhere here")
    func minifluxSettings() throws {
        let world = try World("miniflux")
        let set = try world.lector(["feed", "set", "Harbour News", "user-agent", "HarbourBot/2"])
        #expect(set.status == 0, "feed set exited \(set.status): \(set.stderr)")
        #expect(world.harbour?.settings["user_agent"] == .string("HarbourBot/2"), "the server's user_agent: \(String(describing: world.harbour?.settings))")
        #expect(try world.lector(["feed", "set", "Harbour News", "full-content", "on"]).status == 0)
        #expect(world.harbour?.settings["crawler"] == .bool(true), "full-content maps to crawler")

        let argv = try world.lector(["feed", "set", "Harbour News", "cookie", "session=secret-cookie"])
        #expect(argv.status == 2 && argv.stderr.contains("secret"), "a cookie in argv: \(argv.status) \(argv.stderr)")
        let cookie = try world.lector(["feed", "set", "Harbour News", "cookie", "--value-stdin"], stdin: "session=secret-cookie\n")
        #expect(cookie.status == 0, "feed set cookie exited \(cookie.status): \(cookie.stderr)")
        #expect(world.harbour?.settings["cookie"] == .string("session=secret-cookie"), "the server's cookie")
        #expect(!cookie.stdout.contains("secret-cookie"), "the cookie was printed: \(cookie.stdout)")

        let show = try world.lector(["feed", "show", "Harbour News"])
        #expect(show.status == 0 && show.stdout.contains("user-agent: HarbourBot/2") && show.stdout.contains("cookie: set")
                && show.stdout.contains("full-content: on"), "feed show: \(show.stdout) \(show.stderr)")
        #expect(!show.stdout.contains("secret-cookie"), "feed show printed the cookie")
        #expect(!world.homeFilesContain("secret-cookie"), "the cookie reached a file of the home (store, log, history)")

        let bad = try world.lector(["feed", "set", "Harbour News", "block-rules", "(unclosed"])
        #expect(bad.status == 6 && bad.stderr.contains("The block list rule is invalid."), "Miniflux's refusal: \(bad.status) \(bad.stderr)")
        let unset = try world.lector(["feed", "unset", "Harbour News", "user-agent"])
        #expect(unset.status == 0 && world.harbour?.settings["user_agent"] == nil, "feed unset: \(unset.stderr)")
        let unknown = try world.lector(["feed", "set", "Harbour News", "colour", "red"])
        #expect(unknown.status == 2, "an unknown key exits 2: \(unknown.stderr)")
    }

    @Test("Miniflux: pause keeps the articles and stars and lists the feed paused; resume; refresh fetches on the server, then syncs")
    func minifluxPauseAndRefresh() throws {
        let world = try World("miniflux")
        let paused = try world.lector(["feed", "pause", "Harbour News"])
        #expect(paused.status == 0, "feed pause exited \(paused.status): \(paused.stderr)")
        #expect(world.harbour?.settings["disabled"] == .bool(true), "the server's disabled field")
        let list = try world.lector(["feed", "list"])
        #expect(list.stdout.contains("\tHarbour News\t") && list.stdout.contains("\tpaused\n"), "feed list: \(list.stdout)")
        let starred = try world.lector(["article", "list", "--starred"])
        #expect(starred.stdout.contains("Tide table"), "the paused feed's starred article: \(starred.stdout)")
        #expect(try world.lector(["feed", "resume", "Harbour News"]).status == 0)
        #expect(world.harbour?.settings["disabled"] == nil, "resume clears disabled")
        #expect(!(try world.lector(["feed", "list"]).stdout.contains("\tpaused")), "still listed paused after resume")

        world.service.feeds.publish(LectorTestSupport.RemoteEntry(title: "Harbour closed", url: "https://harbour.example/closed",
                                                                  published: Int64(Date().timeIntervalSince1970) - 5),
                                    inFeedAt: FeedServerCommandTests.feedURL)
        let refreshed = try world.lector(["feed", "refresh", "Harbour News"])
        #expect(refreshed.status == 0, "feed refresh exited \(refreshed.status): \(refreshed.stderr)")
        #expect(try world.lector(["article", "list"]).stdout.contains("Harbour closed"), "the refresh's new entry was not synced")
        #expect(try world.lector(["feed", "refresh", "--all"]).status == 0)
        #expect(try world.lector(["feed", "refresh"]).status == 2, "refresh without FEED, --folder or --all")
    }

    @Test("FreshRSS: a shorter list setting written exactly (the new list padded with empty lines over the old, lector fixture freshrss/09, 10), the other feed untouched; pause and refresh refused in one line, exit 2")
    func freshRSSSettings() throws {
        let world = try World("freshrss")
        let id = try #require(world.harbour?.id)
        world.service.feeds.setFeedSetting(feed: id, "CURLOPT_HTTPHEADER", .string("X-Old: 1\nX-Old: 2\nX-Old: 3"))
        let set = try world.lector(["feed", "set", "Harbour News", "http-headers", "X-A: 1", "X-B: 2"])
        #expect(set.status == 0, "feed set exited \(set.status): \(set.stderr)")
        // The server keeps the padding's empty line; its export (what FreshRSS fetches with) leaves it out.
        #expect(world.harbour?.settings["CURLOPT_HTTPHEADER"] == .string("X-A: 1\nX-B: 2\n"), "the server's headers: \(String(describing: world.harbour?.settings))")
        #expect(try world.lector(["feed", "unset", "Harbour News", "http-headers"]).status == 0)
        #expect(world.harbour?.settings["CURLOPT_HTTPHEADER"] == .string("\n\n"), "feed unset left headers: \(String(describing: world.harbour?.settings))")
        #expect(try world.lector(["feed", "set", "Harbour News", "http-headers", "X-A: 1", "X-B: 2"]).status == 0)
        #expect(try world.lector(["feed", "set", "Harbour News", "user-agent", "HarbourBot/2"]).status == 0)
        #expect(world.harbour?.settings["CURLOPT_USERAGENT"] == .string("HarbourBot/2"))
        #expect(world.service.feeds.feeds.first { $0.title == "Other" }?.settings.isEmpty == true, "the other feed was touched")
        #expect(world.harbour?.folderID == world.service.feeds.folders.first { $0.name == "News" }?.id, "the import moved the feed")
        let show = try world.lector(["feed", "show", "Harbour News"])
        let shownJSON = try world.lector(["feed", "show", "Harbour News", "--json"])
        #expect(show.stdout.contains("http-headers: X-A: 1 | X-B: 2") && show.stdout.contains("user-agent: HarbourBot/2"), "feed show: \(show.stdout) \(shownJSON.stdout)")

        let pause = try world.lector(["feed", "pause", "Harbour News"])
        #expect(pause.status == 2 && pause.stderr.contains("miniflux, local"), "pause on FreshRSS: \(pause.status) \(pause.stderr)")
        let refresh = try world.lector(["feed", "refresh", "Harbour News"])
        #expect(refresh.status == 2 && refresh.stderr.split(separator: "\n").count == 1 && refresh.stderr.contains("no way"),
                "refresh on FreshRSS: \(refresh.status) \(refresh.stderr)")
    }

    @Test("local: a paused feed is not fetched and keeps its articles; its user agent is sent; a server-only key names the kinds that can")
    func localFeeds() throws {
        let home = TestHome()
        let site = StaticSite()
        let agents = UserAgents()
        let server = try LoopbackServer { request in
            agents.record(request.header("User-Agent"))
            return site.respond(to: request)
        }
        defer { server.stop() }
        site.serve("/feed.xml", text: "<rss version=\"2.0\"><channel><title>Quay</title><item><title>Ropes</title><link>https://quay.example/ropes</link><guid>ropes</guid></item></channel></rss>",
                   contentType: "application/rss+xml")
        func lector(_ arguments: String...) throws -> ProcessResult { try runProcess(TestBinary.path, arguments, environment: home.environment) }
        #expect(try lector("account", "add", "local", "--name", "Home").status == 0)
        let added = try lector("feed", "add", server.url("/feed.xml").absoluteString)
        try #require(added.status == 0, "feed add: \(added.stderr)")
        #expect(try lector("feed", "set", "Quay", "user-agent", "QuayBot/1").status == 0)
        #expect(try lector("sync").status == 0)
        #expect(agents.last == "QuayBot/1", "the user agent sent: \(agents.last ?? "none")")
        let pause = try lector("feed", "pause", "Quay")
        #expect(pause.status == 0, "feed pause: \(pause.stderr)")
        let before = agents.count
        #expect(try lector("sync").status == 0)
        #expect(agents.count == before, "a paused local feed was fetched")
        #expect(try lector("article", "list").stdout.contains("Ropes"), "the paused feed's articles")
        let check = try lector("feed", "check")
        #expect(check.stdout.contains("paused: not fetched until 'lector feed resume'"), "feed check: \(check.stdout)")
        let cookie = try lector("feed", "set", "Quay", "proxy", "http://proxy.example:3128")
        #expect(cookie.status == 2 && cookie.stderr.contains("freshrss, miniflux"), "a server-only key: \(cookie.status) \(cookie.stderr)")
    }
}

/// The User-Agent of each request a test server saw.
final class UserAgents: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [String?] = []

    func record(_ agent: String?) { lock.withLock { seen.append(agent) } }
    var last: String? { lock.withLock { seen.last ?? nil } }
    var count: Int { lock.withLock { seen.count } }
}
