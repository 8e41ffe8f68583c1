import Foundation
import LectorFeeds
import LectorHTTP
import LectorStore
import LectorSync
import LectorTestSupport
import Testing

/// `feed check`'s core against loopback feed servers: a healthy feed, one moved for good (301),
/// one gone (404), one stale, an HTML page where the feed was, and a feed subscribed twice.
@Suite("Feed health check")
struct FeedHealthCheckTests {
    static func rss(_ title: String, daysAgo: [Double], now: Date = Date()) -> String {
        let items = daysAgo.enumerated().map { index, days in
            "<item><title>\(title) \(index)</title><link>https://example.org/\(title)/\(index)</link><guid>\(title)-\(index)</guid><pubDate>\(HTTPDateFormat.format(now.addingTimeInterval(-days * 86_400)))</pubDate></item>"
        }.joined()
        return "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>\(title)</title><link>https://example.org/</link>\(items)</channel></rss>"
    }

    final class World {
        let site = StaticSite()
        let server: LoopbackServer
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lector-check-\(UUID().uuidString)")
        let store: Store
        let account: Account
        let admin: AccountAdministrator
        let http = HTTPClient(configuration: HTTPClientConfiguration(deadline: .seconds(10), idleTimeout: .seconds(10)))

        init() throws {
            site.serve("/ok.xml", text: FeedHealthCheckTests.rss("ok", daysAgo: [1, 2]), contentType: "application/rss+xml", etag: "\"v1\"")
            site.redirect("/old.xml", to: "/new.xml", status: 301)
            site.serve("/new.xml", text: FeedHealthCheckTests.rss("new", daysAgo: [3]), contentType: "application/rss+xml")
            site.serve("/stale.xml", text: FeedHealthCheckTests.rss("stale", daysAgo: [400, 500]), contentType: "application/rss+xml")
            site.serve("/page.html", text: "<html><head><link rel=\"alternate\" type=\"application/rss+xml\" href=\"/page-feed.xml\"></head><body>moved</body></html>",
                       contentType: "text/html")
            server = try LoopbackServer(handler: site.handler)
            store = try Store(path: directory.appendingPathComponent("lector.sqlite").path)
            account = try store.accounts.insert(kind: .local, name: "home", url: nil, username: nil)
            admin = AccountAdministrator(store: store, account: account, provider: nil)
            for (path, folder) in [("/ok.xml", "A"), ("/old.xml", "A"), ("/gone.xml", "A"), ("/stale.xml", "B"), ("/page.html", "B")] {
                try admin.subscribe(SubscriptionRequest(url: server.url(path), folder: folder, title: String(path.dropFirst())))
            }
            // The same feed again, in another folder, under another spelling (a fragment).
            try store.feeds.insert(accountID: account.id, folderID: nil, serverID: "dup", title: "ok again", url: server.url("/ok.xml#again").absoluteString, siteURL: nil)
        }

        deinit {
            server.stop()
            try? FileManager.default.removeItem(at: directory)
        }

        func check(at now: Date) throws -> FeedHealthChecker.Report {
            try FeedHealthChecker(store: store, http: http, staleAfter: 182 * 86_400).check([account], now: now)
        }

        func findings(_ report: FeedHealthChecker.Report) -> [String: [String]] {
            Dictionary(uniqueKeysWithValues: report.feeds.map { ($0.feed.title, $0.findings.map(\.kind)) })
        }
    }

    @Test("one check finds the moved, failing, stale, not-a-feed and duplicate feeds, sorted worst first")
    func oneCheck() throws {
        let world = try World()
        let report = try world.check(at: Date())
        let found = world.findings(report)
        #expect(found["ok.xml"] == ["duplicate"] && found["ok again"] == ["duplicate"], "the twins: \(found)")
        #expect(found["old.xml"] == ["moved"], "the moved feed: \(found)")
        #expect(found["gone.xml"] == ["failing"], "one 404 is not 'gone' yet: \(found)")
        #expect(found["stale.xml"] == ["stale"], "the stale feed: \(found)")
        #expect(found["page.html"] == ["not-a-feed"], "the page: \(found)")
        let moved = report.feeds.first { $0.feed.title == "old.xml" }?.findings.first
        #expect(moved == .moved(to: world.server.url("/new.xml")), "the new address: \(String(describing: moved))")
        let page = report.feeds.first { $0.feed.title == "page.html" }?.findings.first
        #expect(page == .notAFeed(candidates: [world.server.url("/page-feed.xml")]), "discovery's candidate: \(String(describing: page))")
        #expect(report.feeds.first?.feed.title == "page.html", "the worst (an error) comes first: \(report.feeds.map(\.feed.title))")
        #expect(report.feeds.last.map { $0.severity == .info } == true, "the stale feed (info) comes last: \(report.feeds.map(\.feed.title))")
        #expect(report.requests == 7, "one request per feed plus the redirect's hop, got \(report.requests)")
    }

    @Test("a feed whose entries carry no date is as new as the entries it last brought, not stale")
    func undatedFeedIsNotStale() throws {
        let world = try World()
        world.site.serve("/undated.xml", text: "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>undated</title>"
                         + "<item><title>no date</title><guid>undated-1</guid></item></channel></rss>", contentType: "application/rss+xml")
        let feed = try world.admin.subscribe(SubscriptionRequest(url: world.server.url("/undated.xml"), title: "undated.xml"))
        try world.store.articles.upsert(accountID: world.account.id, feedID: feed.id,
                                        IncomingArticle(serverID: "undated-1", url: nil, title: "no date", text: "seen just now"))
        let found = world.findings(try world.check(at: Date()))
        #expect(found["undated.xml"] == [], "an undated entry first seen now was taken as never new: \(found)")
    }

    @Test("a 404 becomes 'gone' after three checks a fetch floor apart; a check inside the floor asks no server")
    func goneAfterSeveralChecks() throws {
        let world = try World()
        let start = Date()
        _ = try world.check(at: start)
        let requests = world.server.requests.count
        let inside = try world.check(at: start.addingTimeInterval(60))
        #expect(world.server.requests.count == requests && inside.requests == 0, "a check inside the fetch floor made requests")
        #expect(world.findings(inside)["gone.xml"] == ["failing"], "inside the floor the last check's findings stand")
        _ = try world.check(at: start.addingTimeInterval(16 * 60))
        let third = try world.check(at: start.addingTimeInterval(32 * 60))
        #expect(world.findings(third)["gone.xml"] == ["gone"], "after three 404s: \(world.findings(third))")
        let gone = third.feeds.first { $0.feed.title == "gone.xml" }
        #expect(gone?.failingSince == start.timeIntervalSince1970, "failing since the first check, got \(String(describing: gone?.failingSince))")
    }

    @Test("a feed fetched before is asked conditionally and a 304 counts as healthy")
    func conditionalRequest() throws {
        let world = try World()
        let ok = try #require(try world.store.feeds.list(accountID: world.account.id).first { $0.feed.title == "ok.xml" })
        try world.store.fetchMeta.save(StoredFetchMeta(etag: "\"v1\"", lastFetchedAt: Date().timeIntervalSince1970 - 3_600), feedID: ok.feed.id)
        _ = try world.check(at: Date())
        let asked = world.server.requests.filter { $0.path == "/ok.xml" }
        #expect(asked.contains { $0.header("If-None-Match") == "\"v1\"" }, "the check did not send the stored ETag")
    }

    @Test("one request per host at a time, hosts in parallel")
    func onePerHost() throws {
        let flight = InFlight()
        let body = Self.rss("x", daysAgo: [1])
        let servers = try (0..<3).map { n in
            try LoopbackServer { _ in flight.around(n) { ServerResponse(status: 200, headers: [(name: "Content-Type", value: "application/rss+xml")], body: Data(body.utf8)) } }
        }
        defer { servers.forEach { $0.stop() } }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lector-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try Store(path: directory.appendingPathComponent("lector.sqlite").path)
        let account = try store.accounts.insert(kind: .local, name: "home", url: nil, username: nil)
        for (n, server) in servers.enumerated() {
            for i in 0..<4 { try store.feeds.insert(accountID: account.id, folderID: nil, serverID: "\(n)-\(i)", title: "\(n)-\(i)", url: server.url("/\(i).xml").absoluteString, siteURL: nil) }
        }
        let report = try FeedHealthChecker(store: store, http: HTTPClient(), staleAfter: 182 * 86_400).check([account])
        #expect(report.requests == 12, "12 feeds, 12 requests; got \(report.requests)")
        #expect(flight.maxPerServer == 1, "a server got \(flight.maxPerServer) requests at once")
    }

    @Test("repairs: the moved feed to its new address, the page to its one feed, the later twin and the gone feed unsubscribed; a check after them is clean")
    func repairs() throws {
        let world = try World()
        world.site.serve("/page-feed.xml", text: Self.rss("page", daysAgo: [1]), contentType: "application/rss+xml")
        let start = Date()
        for minutes in [0.0, 16, 32] { _ = try world.check(at: start.addingTimeInterval(minutes * 60)) }
        let report = try world.check(at: start.addingTimeInterval(48 * 60))
        let plans = FeedRepairs.plan(report.feeds)
        let plan = try #require(plans[world.account.id])
        #expect(SubscriptionPlanTests.signs(plan).sorted() == [
            "-feed gone.xml", "-feed ok again",
            "~address old.xml>\(world.server.url("/new.xml").absoluteString)", "~address page.html>\(world.server.url("/page-feed.xml").absoluteString)",
        ], "the repairs: \(SubscriptionPlanTests.signs(plan))")
        #expect(world.admin.apply(plan).allSatisfy { $0 == .done }, "a repair failed")
        let after = try world.check(at: start.addingTimeInterval(64 * 60))
        let left = after.feeds.filter { !$0.findings.isEmpty }.map { "\($0.feed.title): \($0.findings.map(\.kind))" }
        #expect(left == ["stale.xml: [\"stale\"]"], "after the repairs only the stale feed should be reported: \(left)")
    }

    @Test("Miniflux's own parsing errors are reported with the feed")
    func minifluxParsingErrors() async throws {
        try await offPool {
            let bench = try FreshRSSBench(.miniflux)
            try bench.sync()
            bench.feeds.setFeedError(feed: bench.feeds.feeds[0].id, message: "unable to parse feed", count: 4)
            let reporting = try #require(bench.provider as? any ServerFeedErrorReporting)
            let errors = try reporting.feedErrors()
            #expect(errors == [String(bench.feeds.feeds[0].id): ServerFeedError(message: "unable to parse feed", count: 4)], "Miniflux's errors: \(errors)")
            // Fetched a minute ago: inside the floor the check asks no feed server.
            for listing in try bench.store.feeds.list(accountID: bench.account.id) {
                try bench.store.fetchMeta.save(StoredFetchMeta(lastFetchedAt: Date().timeIntervalSince1970 - 60), feedID: listing.feed.id)
            }
            let report = try FeedHealthChecker(store: bench.store, http: bench.http, staleAfter: 10 * 365 * 86_400)
                .check([bench.account], serverErrors: [bench.account.id: errors])
            #expect(report.requests == 0, "the check asked feed servers inside the floor")
            let first = report.feeds.first
            #expect(first?.feed.title == "Feed 1" && first?.findings == [.serverReports(ServerFeedError(message: "unable to parse feed", count: 4))],
                    "the report: \(report.feeds.map { ($0.feed.title, $0.findings) })")
        }
    }
}

/// Counts requests in flight per server.
final class InFlight: @unchecked Sendable {
    private let lock = NSLock()
    private var current: [Int: Int] = [:]
    private(set) var maxPerServer = 0

    func around(_ server: Int, _ body: () -> ServerResponse) -> ServerResponse {
        lock.withLock {
            current[server, default: 0] += 1
            maxPerServer = max(maxPerServer, current[server]!)
        }
        Thread.sleep(forTimeInterval: 0.02)
        defer { lock.withLock { current[server, default: 0] -= 1 } }
        return body()
    }
}
