import Foundation
import LectorHTTP
import LectorStore
import LectorSync
import LectorTestSupport
import Testing

/// A mark-all-read is one intent, "everything in this scope that arrived before T is read",
/// pushed with the service's own call: it reaches entries the store never held, leaves what
/// arrived later unread, survives a failed push, and its articles keep their read state against
/// a stale pull while it is queued.
@Suite("Mark-all-read reaches the server", .serialized)
struct ScopeReadSyncTests {
    static let apis: [FreshRSSBench.API] = [.greader, .miniflux, .fever, .feedbin]

    /// A bench synced once, plus one unread entry of Feed 1 that reached the server after that
    /// sync (the store never held it, as with entries older than the article-age limit).
    private func syncedBench(_ api: FreshRSSBench.API) throws -> (bench: FreshRSSBench, unheld: Int64) {
        let bench = try FreshRSSBench(api)
        try bench.sync()
        let feed = try #require(bench.feeds.feeds.first { $0.title == "Feed 1" }).id
        let unheld = bench.feeds.addItem(feed: feed, title: "Not held", url: "https://site1.example/unheld", content: "<p>x</p>",
                                         published: 1_700_000_100)
        // Fever's `before` is in whole seconds: keep what came before T out of T's second.
        Thread.sleep(forTimeInterval: 1.1)
        return (bench, unheld)
    }

    private func localFeedID(_ bench: FreshRSSBench, _ title: String) throws -> Int64 {
        try #require(try bench.store.feeds.list(accountID: bench.account.id).first { $0.feed.title == title }).feed.id
    }

    private func serverUnread(_ bench: FreshRSSBench, feed title: String) -> [String] {
        let feed = bench.feeds.feeds.first { $0.title == title }?.id
        return bench.feeds.items.filter { $0.feedID == feed && !$0.read }.map(\.title).sorted()
    }

    @Test("a feed's mark-all-read marks on the server the entries the store never held; another feed and a later arrival stay unread",
          arguments: apis)
    func feedScopeReachesUnheldEntries(api: FreshRSSBench.API) throws {
        let (bench, _) = try syncedBench(api)
        try bench.store.states.markAllRead(ArticleQuery(feedID: try localFeedID(bench, "Feed 1")))
        try bench.push()
        #expect(serverUnread(bench, feed: "Feed 1").isEmpty, "\(api): Feed 1 still unread on the server: \(serverUnread(bench, feed: "Feed 1"))")
        #expect(serverUnread(bench, feed: "Feed 2").count == 3, "\(api): Feed 2 was touched: \(serverUnread(bench, feed: "Feed 2"))")

        Thread.sleep(forTimeInterval: 1.1)
        let feed = try #require(bench.feeds.feeds.first { $0.title == "Feed 1" }).id
        let later = bench.feeds.addItem(feed: feed, title: "Later", url: "https://site1.example/later", content: "<p>y</p>")
        try bench.sync()
        #expect(serverUnread(bench, feed: "Feed 1") == ["Later"], "\(api): the server after the next sync")
        #expect(try bench.local(later)?.read == .unread, "\(api): the article that arrived later is not unread locally")
        let feedOne = try bench.localArticles().values.filter { $0.feedTitle == "Feed 1" && $0.serverID != String(later) }
        #expect(feedOne.allSatisfy { $0.read == .read }, "\(api): the store disagrees with the server after the next sync")
    }

    @Test("a failed push keeps the mark-all-read; a stale pull meanwhile does not undo the local read; the next sync sends it",
          arguments: apis)
    func failedPushKeepsIntent(api: FreshRSSBench.API) throws {
        let (bench, unheld) = try syncedBench(api)
        bench.tamper.onEvery(.status(503))
        try bench.store.states.markAllRead(ArticleQuery(accountID: bench.account.id))
        #expect(throws: SyncError.self, "\(api): the push against a failing server did not fail") { try bench.push() }
        bench.tamper.clear()
        #expect(bench.remote(unheld)?.read == false, "\(api): the server changed although every request failed")

        // The server answers reads from before the push: every entry still unread there.
        bench.freezeReads()
        try bench.sync()
        bench.thawReads()
        let unread = try bench.localArticles().values.filter { $0.read != .read }.map(\.title)
        #expect(unread == ["Not held"] || unread.isEmpty, "\(api): a stale unread state undid the local mark-all-read: \(unread)")
        try bench.sync()
        let stillUnread = bench.feeds.items.filter { !$0.read }.map(\.title)
        #expect(stillUnread.isEmpty, "\(api): still unread on the server: \(stillUnread)")
        #expect(try bench.localArticles().values.allSatisfy { $0.read == .read }, "\(api): the store disagrees with the server")
    }

    @Test("Miniflux, pushed more than a minute after it was asked: entries published since stay unread (its own call would mark them)")
    func minifluxLatePushMarksByID() throws {
        let bench = try FreshRSSBench(.miniflux)
        let feed = try #require(bench.feeds.feeds.first { $0.title == "Feed 1" }).id
        let asked = Date().addingTimeInterval(-3_600)
        let since = bench.feeds.addItem(feed: feed, title: "Since", url: "https://site1.example/since", content: "<p>z</p>",
                                        published: Int64(asked.timeIntervalSince1970) + 60)
        try bench.provider.markAllRead(.feed(serverID: String(feed)), before: asked) { _ in ([], []) }
        #expect(serverUnread(bench, feed: "Feed 1") == ["Since"], "published after the mark-all-read was asked: \(serverUnread(bench, feed: "Feed 1"))")
        #expect(bench.remote(since)?.read == false)
        #expect(serverUnread(bench, feed: "Feed 2").count == 3, "another feed was touched")
        #expect(bench.requests(containing: "mark-all-as-read").isEmpty, "the call that takes no time was used for a late push")
    }

    @Test("Fever on Miniflux compares before with publication time: a folder's mark-all-read leaves what is dated after it unread")
    func feverOnMinifluxComparesPublication() throws {
        let bench = try FreshRSSBench(.fever)
        bench.fever?.setMarksAsMiniflux(true)
        try bench.sync()
        let feed = try #require(bench.feeds.feeds.first { $0.title == "Feed 1" }).id
        let dated = bench.feeds.addItem(feed: feed, title: "Dated later", url: "https://site1.example/dated", content: "<p>d</p>",
                                        published: Int64(Date().timeIntervalSince1970) + 3_600)
        let tech = try #require(try bench.store.folders.list(accountID: bench.account.id).first { $0.folder.name == "Tech" }).folder.id
        try bench.store.states.markAllRead(ArticleQuery(folderID: tech))
        try bench.push()
        #expect(serverUnread(bench, feed: "Feed 1") == ["Dated later"], "\(serverUnread(bench, feed: "Feed 1"))")
        #expect(serverUnread(bench, feed: "Feed 2").count == 3, "Feed 2 is in News, not Tech")
        #expect(bench.remote(dated)?.read == false)
    }

    @Test("GReader on Miniflux reads ts in µs against publication time: the account's mark-all-read leaves what is dated after it unread")
    func greaderOnMinifluxComparesPublication() throws {
        let bench = try FreshRSSBench(.greader)
        bench.greader?.setMarksAsMiniflux(true)
        try bench.sync()
        let feed = try #require(bench.feeds.feeds.first { $0.title == "Feed 2" }).id
        bench.feeds.addItem(feed: feed, title: "Dated later", url: "https://site2.example/dated", content: "<p>d</p>",
                            published: Int64(Date().timeIntervalSince1970) + 3_600)
        try bench.store.states.markAllRead(ArticleQuery(accountID: bench.account.id))
        try bench.push()
        let unread = bench.feeds.items.filter { !$0.read }.map(\.title)
        #expect(unread == ["Dated later"], "\(unread)")
    }
}

/// Requests a mark-all-read of a whole account costs at the server, measured at the emulator.
@Suite("Mark-all-read request count", .serialized)
struct ScopeReadCostTests {
    /// Most requests for marking a 100,000-article account read: one call for the account (the
    /// GReader write token first; the Miniflux user id first); Feedbin, which has no such call,
    /// the unread list and 1,000 ids per call.
    static let budget: [FreshRSSBench.API: Int] = [.greader: 2, .miniflux: 2, .fever: 1, .feedbin: 101]

    @Test("mark-all-read of an account of 100,000 unread articles, all stored: requests per service",
          arguments: [FreshRSSBench.API.greader, .miniflux, .fever, .feedbin])
    func hundredThousandArticles(api: FreshRSSBench.API) throws {
        let bench = try FreshRSSBench(api, feedCount: 2, itemsPerFeed: 50_000)
        let provider = try Providers.make(for: bench.account, secret: FreshRSSBench.user.password, http: HTTPClient())
        let engine = SyncEngine(store: bench.store, account: bench.account, provider: provider)
        // The store is filled directly: a sync of 100,000 entries is not what is measured.
        let feedIDs = try engine.refreshStructure().feedIDs
        for page in bench.feeds.items.chunked(100_000 / 20) {
            try bench.store.sync.applyEntries(accountID: bench.account.id, page.map { item in
                (feedIDs[api == .greader ? "feed/\(item.feedID)" : String(item.feedID)] ?? 0,
                 IncomingArticle(serverID: String(item.id), url: item.url, title: item.title, text: item.title), false, false)
            }, protected: [])
        }
        try #require(try bench.store.articles.counters(accountID: bench.account.id, folderID: nil, feedID: nil).unread == 100_000)
        try bench.store.states.markAllRead(ArticleQuery(accountID: bench.account.id))
        bench.server.clearLog()
        let started = Date()
        try engine.push()
        let took = Date().timeIntervalSince(started)
        let requests = bench.server.requests.count
        print("mark-all-read of 100,000 articles, \(api): \(requests) request(s) in \(String(format: "%.2f", took)) s")
        let unread = bench.feeds.items.filter { !$0.read }.count
        #expect(unread == 0, "\(api): \(unread) entries still unread on the server")
        #expect(requests <= Self.budget[api] ?? 0, "\(api): \(requests) requests to mark an account read, budget \(Self.budget[api] ?? 0)")
    }
}

private extension Array {
    func chunked(_ size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
