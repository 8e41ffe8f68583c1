import Foundation
import LectorFeeds
import LectorHTTP
import LectorStore
@testable import LectorAccounts
@testable import LectorSync
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
            admin = AccountAdministrator(store: store, account: account, provider: LocalProvider(fetcher: FeedFetcher(http: HTTPClient())))
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

    @Test("the same feed in another account (as account copy makes it) is no duplicate: counted once for the report, with no finding per feed")
    func copyInAnotherAccountIsNoDuplicate() throws {
        let world = try World()
        let other = try world.store.accounts.insert(kind: .local, name: "copy", url: nil, username: nil)
        try world.store.feeds.insert(accountID: other.id, folderID: nil, serverID: "copied", title: "ok copied",
                                     url: world.server.url("/ok.xml").absoluteString, siteURL: nil)
        let report = try FeedHealthChecker(store: world.store, http: world.http, staleAfter: 182 * 86_400).check([world.account, other], now: Date())
        let found = world.findings(report)
        #expect(found["ok copied"] == [], "the copy in the other account is no duplicate: \(found)")
        #expect(found["ok.xml"] == ["duplicate"] && found["ok again"] == ["duplicate"], "the twins within one account still are: \(found)")
        #expect(report.alsoInAnotherAccount == 3, "ok.xml, ok again and ok copied share an address across accounts: \(report.alsoInAnotherAccount)")
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

    @Test("a 404 becomes 'gone' after three checks a fetch floor apart; a check inside the floor asks again but does not count twice")
    func goneAfterSeveralChecks() throws {
        let world = try World()
        let start = Date()
        _ = try world.check(at: start)
        let requests = world.server.requests.count
        let inside = try world.check(at: start.addingTimeInterval(60))
        #expect(world.server.requests.count > requests && inside.requests > 0, "a check you ask for asks the servers, even inside the fetch floor")
        _ = try world.check(at: start.addingTimeInterval(120))
        #expect(world.findings(try world.check(at: start.addingTimeInterval(180)))["gone.xml"] == ["failing"],
                "four 404s within minutes are one failure, not 'gone': \(world.findings(inside))")
        _ = try world.check(at: start.addingTimeInterval(16 * 60))
        let third = try world.check(at: start.addingTimeInterval(32 * 60))
        #expect(world.findings(third)["gone.xml"] == ["gone"], "after three 404s: \(world.findings(third))")
        let gone = third.feeds.first { $0.feed.title == "gone.xml" }
        #expect(gone?.findings.first == .gone(.notFound(status: 404, message: gone?.lastError, checks: 3)),
                "a 404 three checks in a row, typed: \(String(describing: gone?.findings))")
        #expect(gone?.failingSince == start.timeIntervalSince1970, "failing since the first check, got \(String(describing: gone?.failingSince))")
    }

    @Test("a check asks a feed fetched a minute ago: a feed that began answering 301, 410 or a web page since the sync shows it")
    func checkInsideTheFloorAsks() throws {
        let world = try World()
        let listings = try world.store.feeds.list(accountID: world.account.id)
        for listing in listings {
            try world.store.fetchMeta.save(StoredFetchMeta(etag: "\"v1\"", lastFetchedAt: Date().timeIntervalSince1970 - 60), feedID: listing.feed.id)
        }
        let report = try world.check(at: Date())
        let found = world.findings(report)
        #expect(found["old.xml"] == ["moved"] && found["page.html"] == ["not-a-feed"] && found["gone.xml"] == ["failing"],
                "fetched a minute ago, the feeds must still be asked: \(found)")
        #expect(report.feeds.allSatisfy { $0.requested }, "every feed asked: \(report.feeds.filter { !$0.requested }.map(\.feed.title))")
        #expect(world.server.requests.filter { $0.path == "/ok.xml" }.allSatisfy { $0.header("If-None-Match") == "\"v1\"" }, "asked conditionally")
    }

    @Test("a server's Retry-After is honoured: a feed that answered 429 is not asked again before it says, its last answer shown")
    func retryAfterHonoured() throws {
        let server = try LoopbackServer { _ in ServerResponse(status: 429, headers: [(name: "Retry-After", value: "3600")], body: Data()) }
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lector-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try Store(path: directory.appendingPathComponent("lector.sqlite").path)
        let account = try store.accounts.insert(kind: .local, name: "home", url: nil, username: nil)
        try store.feeds.insert(accountID: account.id, folderID: nil, serverID: "busy", title: "busy", url: server.url("/feed.xml").absoluteString, siteURL: nil)
        let checker = FeedHealthChecker(store: store, http: HTTPClient(), staleAfter: 182 * 86_400)
        let start = Date()
        let first = try checker.check([account], now: start)
        #expect(first.requests == 1 && first.feeds.first?.findings.map(\.kind) == ["failing"], "the first check: \(first.feeds.map(\.findings))")
        let second = try checker.check([account], now: start.addingTimeInterval(20 * 60))
        #expect(second.requests == 0 && server.requests.count == 1, "the server asked to wait an hour; the check asked again after 20 minutes")
        #expect(second.feeds.first?.findings.map(\.kind) == ["failing"] && second.feeds.first?.requested == false, "the last answer stands: \(second.feeds.map(\.findings))")
        let later = try checker.check([account], now: start.addingTimeInterval(61 * 60))
        #expect(later.requests == 1, "after the hour the check asks again")
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

    @Test("feeds of the same severity are listed by title in natural order: Feed 2 before Feed 10")
    func titlesInNaturalOrder() throws {
        let body = Self.rss("x", daysAgo: [1])
        let server = try LoopbackServer { _ in ServerResponse(status: 200, headers: [(name: "Content-Type", value: "application/rss+xml")], body: Data(body.utf8)) }
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lector-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try Store(path: directory.appendingPathComponent("lector.sqlite").path)
        let account = try store.accounts.insert(kind: .local, name: "home", url: nil, username: nil)
        for n in [10, 2, 1, 21] {
            try store.feeds.insert(accountID: account.id, folderID: nil, serverID: "\(n)", title: "Feed \(n)", url: server.url("/\(n).xml").absoluteString, siteURL: nil)
        }
        let report = try FeedHealthChecker(store: store, http: HTTPClient(), staleAfter: 182 * 86_400).check([account])
        let titles = report.feeds.map(\.feed.title)
        #expect(titles == ["Feed 1", "Feed 2", "Feed 10", "Feed 21"], "feed check listed \(titles)")
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

    @Test("a redirect whose Location carries user:password@ moves the feed without that login: it is in no finding and no stored record")
    func redirectLoginDropped() throws {
        let world = try World()
        let target = world.server.url("/new.xml")
        let port = target.port.map { ":\($0)" } ?? ""
        world.site.redirect("/creds.xml", to: "http://mallory:stolen@\(target.host ?? "127.0.0.1")\(port)/new.xml", status: 301)
        world.site.serve("/creds-page.html", text: "<html><head><link rel=\"alternate\" type=\"application/rss+xml\" href=\"http://mallory:stolen@example.org/feed.xml\"></head></html>",
                         contentType: "text/html")
        let moved = try world.admin.subscribe(SubscriptionRequest(url: world.server.url("/creds.xml"), title: "creds.xml"))
        let page = try world.admin.subscribe(SubscriptionRequest(url: world.server.url("/creds-page.html"), title: "creds-page.html"))
        let report = try world.check(at: Date())
        let finding = report.feeds.first { $0.feed.id == moved.id }?.findings.first
        #expect(finding == .moved(to: target), "the new address is the Location without its login: \(String(describing: finding))")
        let candidates = report.feeds.first { $0.feed.id == page.id }?.findings.first
        #expect(candidates == .notAFeed(candidates: [URL(string: "http://example.org/feed.xml")!]), "a page's candidate without its login: \(String(describing: candidates))")
        for feed in [moved, page] {
            let record = try world.store.meta.value(FeedCheckRecord.key(feed.id)) ?? ""
            #expect(!record.contains("stolen") && !record.contains("mallory"), "the stored record keeps the Location's login: \(record)")
        }
    }

    /// A FreshRSS account (GReader emulator) with one feed of four articles, two of them starred
    /// on the server, and the feed's new address in the server's catalog carrying `newEntries`.
    static func movedFreshRSSFeed(_ api: FreshRSSBench.API = .greader, newEntries: [Int]) throws -> (FreshRSSBench, AccountAdministrator, Feed, URL) {
        let bench = try FreshRSSBench(api, feedCount: 1, itemsPerFeed: 4)
        try bench.sync()
        try bench.star([FreshRSSBench.itemID(1), FreshRSSBench.itemID(3)], true)
        try bench.push()
        let moved = URL(string: "https://site1.example/new.xml")!
        bench.feeds.addRemoteFeed(LectorTestSupport.RemoteFeed(feedURL: moved.absoluteString, title: "Feed 1", entries: newEntries.map {
            LectorTestSupport.RemoteEntry(title: "Item \($0)", url: "https://site1.example/\($0)", published: 1_700_000_000 + Int64($0))
        }))
        let admin = AccountAdministrator(store: bench.store, account: bench.account, provider: bench.provider)
        let feed = try #require(try bench.store.feeds.list(accountID: bench.account.id).first?.feed)
        return (bench, admin, feed, moved)
    }

    @Test("FreshRSS and Feedbin: a moved feed is re-subscribed, its starred articles starred again in the new subscription by address before the old one goes",
          arguments: [FreshRSSBench.API.greader, .feedbin])
    func resubscribeKeepsStars(api: FreshRSSBench.API) async throws {
        try await offPool {
            let (bench, admin, feed, moved) = try Self.movedFreshRSSFeed(api, newEntries: [1, 2, 3, 4])
            #expect(try admin.addressChange(feed) == .resubscribe(articles: 4, starred: 2), "the plan should say what re-subscribing drops")
            try admin.changeAddress(feed, to: moved)
            #expect(bench.feeds.feeds.map(\.feedURL) == [moved.absoluteString], "the server's feeds after the repair: \(bench.feeds.feeds.map(\.feedURL))")
            #expect(bench.feeds.items.filter(\.starred).map(\.url).sorted() == ["https://site1.example/1", "https://site1.example/3"],
                    "the stars on the server: \(bench.feeds.items.filter(\.starred).map(\.url))")
            let starred = try bench.store.articles.list(ArticleQuery(accountID: bench.account.id, starredOnly: true, limit: 10)).map(\.url)
            #expect(starred.compactMap { $0 }.sorted() == ["https://site1.example/1", "https://site1.example/3"], "the stars in the store: \(starred)")
        }
    }

    @Test("FreshRSS: when a starred article is not in the new subscription, the old one is kept with its stars, and the repair says so")
    func resubscribeKeepsOldWhenStarsCannotBeMatched() async throws {
        try await offPool {
            let (bench, admin, feed, moved) = try Self.movedFreshRSSFeed(newEntries: [3, 4])
            #expect(throws: AdministrationError.starredNotFound(feed: "Feed 1", missing: 1, starred: 2)) { try admin.changeAddress(feed, to: moved) }
            #expect(Set(bench.feeds.feeds.map(\.feedURL)) == [feed.url, moved.absoluteString], "the old subscription should stay: \(bench.feeds.feeds.map(\.feedURL))")
            #expect(bench.feeds.items.filter { $0.starred && $0.feedID == bench.feeds.feeds[0].id }.count == 2, "the old subscription lost its stars")
            #expect(try bench.store.feeds.list(accountID: bench.account.id).contains { $0.feed.id == feed.id }, "the old feed left the store")
        }
    }

    @Test("a feed the last sync fetched fine keeps that as its last success when the check's own request fails; a 410 is named 'HTTP 410 Gone' and is gone at once")
    func lastSuccessFromTheSync() throws {
        let server = try LoopbackServer { _ in .text("", status: 410) }
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lector-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try Store(path: directory.appendingPathComponent("lector.sqlite").path)
        let account = try store.accounts.insert(kind: .local, name: "home", url: nil, username: nil)
        let feed = try store.feeds.insert(accountID: account.id, folderID: nil, serverID: "f", title: "f", url: server.url("/feed.xml").absoluteString, siteURL: nil)
        let synced = Date().timeIntervalSince1970 - 300
        try store.fetchMeta.save(StoredFetchMeta(lastFetchedAt: synced), feedID: feed.id)
        let report = try FeedHealthChecker(store: store, http: HTTPClient(), staleAfter: 182 * 86_400).check([account])
        let health = try #require(report.feeds.first)
        #expect(health.lastSuccessAt == synced, "the sync's fetch five minutes ago was a success: \(String(describing: health.lastSuccessAt))")
        let answer = "\(server.url("/feed.xml").absoluteString) answered HTTP 410 Gone"
        // Typed from the status code (removed, not a 404 counted over checks), and shown as before.
        #expect(health.findings == [.gone(.removed(message: answer))], "a 410 is gone at the first look: \(health.findings)")
        #expect(GoneReason.removed(message: answer).description == answer && GoneReason.removed(message: nil).description == "HTTP 410 Gone",
                "shown as the server's answer: \(health.findings)")
    }

    @Test("a sync that meets a permanent redirect or a web page records it: feed check shows it even when the server asks it to wait")
    func syncRecordsWhatItMet() throws {
        let world = try World()
        world.site.serve("/page-feed.xml", text: Self.rss("page", daysAgo: [1]), contentType: "application/rss+xml")
        _ = try LocalFeedSync(store: world.store, account: world.account, fetcher: FeedFetcher(http: world.http)).run(manual: true)
        let feeds = try world.store.feeds.list(accountID: world.account.id)
        let old = try #require(feeds.first { $0.feed.title == "old.xml" }?.feed)
        let page = try #require(feeds.first { $0.feed.title == "page.html" }?.feed)
        // The servers now ask for an hour's rest, as a 429 to the sync would have said: the check does not ask them.
        for listing in feeds {
            try world.store.fetchMeta.save(StoredFetchMeta(nextFetchAt: Date().timeIntervalSince1970 + 3_600, failureCount: 1,
                                                           lastFetchedAt: Date().timeIntervalSince1970,
                                                           lastError: "\(listing.feed.url) answered HTTP 429"), feedID: listing.feed.id)
        }
        let requests = world.server.requests.count
        let report = try world.check(at: Date())
        #expect(world.server.requests.count == requests, "the check asked a server that asked to wait")
        let found = Dictionary(uniqueKeysWithValues: report.feeds.map { ($0.feed.id, $0.findings) })
        #expect(found[old.id]?.contains(.moved(to: world.server.url("/new.xml"))) == true, "the sync's permanent redirect: \(String(describing: found[old.id]))")
        #expect(found[page.id]?.contains(.notAFeed(candidates: [world.server.url("/page-feed.xml")])) == true, "the sync's web page: \(String(describing: found[page.id]))")
    }

    @Test("Miniflux's own parsing errors are reported with the feed")
    func minifluxParsingErrors() async throws {
        try await offPool {
            let bench = try FreshRSSBench(.miniflux)
            try bench.sync()
            bench.feeds.setFeedError(feed: bench.feeds.feeds[0].id, message: "unable to parse feed", count: 4)
            #expect(MinifluxService().capabilities.reportsFeedErrors, "Miniflux's descriptor must say it reports its feeds' errors")
            let errors = try #require(bench.provider.roles.feedErrors).feedErrors()
            #expect(errors == [String(bench.feeds.feeds[0].id): ServerFeedError(message: "unable to parse feed", count: 4)], "Miniflux's errors: \(errors)")
            // The check asks every feed: here at an address on loopback that answers a healthy feed.
            let site = StaticSite()
            let feedServer = try LoopbackServer(handler: site.handler)
            defer { feedServer.stop() }
            for listing in try bench.store.feeds.list(accountID: bench.account.id) {
                site.serve("/feed\(listing.feed.id).xml", text: Self.rss("flux", daysAgo: [1]), contentType: "application/rss+xml")
                try bench.store.feeds.changeAddress(listing.feed.id, to: feedServer.url("/feed\(listing.feed.id).xml").absoluteString, serverID: listing.feed.serverID)
            }
            let report = try FeedHealthChecker(store: bench.store, http: bench.http, staleAfter: 10 * 365 * 86_400)
                .check([bench.account], serverErrors: [bench.account.id: errors])
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
