import Foundation
import LectorFeeds
import LectorHTTP
import LectorStore
import LectorAccounts
import LectorSync
import LectorTestSupport
import Testing

/// A local account's provider, whose server is this machine: through the administrator every
/// verb takes the one path the services take, and the store's part is the whole change.
@Suite("Local provider")
struct LocalProviderTests {
    final class Home {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lector-local-provider-\(UUID().uuidString)")
        let store: Store
        let account: Account
        let provider = LocalProvider(fetcher: FeedFetcher(http: HTTPClient(configuration: HTTPClientConfiguration(deadline: .seconds(10)))))
        let admin: AccountAdministrator

        init() throws {
            store = try Store(path: directory.appendingPathComponent("lector.sqlite").path)
            account = try store.accounts.insert(kind: .local, name: "home", url: nil, username: nil)
            admin = AccountAdministrator(store: store, account: account, provider: provider)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        func listing(_ url: String) throws -> FeedListing? {
            try store.feeds.list(accountID: account.id).first { $0.feed.url == url }
        }
    }

    @Test("subscribing with a fetched feed stores its articles, its validators and its login's user with it")
    func subscribeStoresWhatWasFetched() throws {
        let home = try Home()
        let parsed = ParsedFeed(format: .rss, title: "Members", link: "https://members.example/",
                                items: [FeedItem(id: "a", title: "First", link: "https://members.example/a"),
                                        FeedItem(id: "b", title: "Second", link: "https://members.example/b")])
        let url = URL(string: "https://members.example/feed.xml")!
        let feed = try home.admin.subscribe(SubscriptionRequest(url: url, fetched: .init(feed: parsed, state: FetchState(etag: "\"v1\"")),
                                                                loginUser: "alice"))
        #expect(feed.title == "Members" && feed.serverID == url.absoluteString && feed.loginUser == "alice")
        #expect(feed.siteURL == "https://members.example/", "the fetched feed's own link is its site")
        let stored = try #require(try home.listing(url.absoluteString)).feed
        #expect(stored.loginUser == "alice" && !stored.titleIsPlaceholder)
        let articles = try home.store.articles.list(ArticleQuery(accountID: home.account.id, feedID: feed.id, newestFirst: false, limit: 10))
        #expect(Set(articles.map(\.title)) == ["First", "Second"] && articles.allSatisfy { $0.read == .unread })
        #expect(try home.store.fetchMeta.meta(feedID: feed.id).etag == "\"v1\"", "the first sync asks conditionally")
    }

    @Test("a feed subscribed unfetched and untitled is named by its host until its first fetch")
    func unfetchedFeedHasAPlaceholderTitle() throws {
        let home = try Home()
        let feed = try home.admin.subscribe(SubscriptionRequest(url: URL(string: "https://news.example/rss")!))
        #expect(feed.title == "news.example" && feed.titleIsPlaceholder)
        #expect(try home.store.articles.list(ArticleQuery(accountID: home.account.id, newestFirst: false, limit: 10)).isEmpty)
    }

    @Test("a subscription into a folder named in another case goes into that folder, even one renamed since it was made")
    func subscribeFindsTheFolderByName() throws {
        let home = try Home()
        let made = try home.admin.createFolder(named: "Blogs")
        #expect(made.folder.serverID == "Blogs" && !made.keptLocally, "a local folder is named by its name and never waits for a feed")
        try home.admin.renameFolder(made.folder, to: "Reading")
        let renamed = try #require(try home.admin.existingFolder(named: "Reading"))
        #expect(renamed.serverID == "Blogs", "renaming keeps the id: nothing outside the store knows it")
        try home.admin.subscribe(SubscriptionRequest(url: URL(string: "https://blog.example/feed.xml")!, folder: "reading"))
        #expect(try home.listing("https://blog.example/feed.xml")?.folderName == "Reading")
        #expect(try home.store.folders.list(accountID: home.account.id).map(\.folder.name) == ["Reading"])
    }

    @Test("an address change keeps the feed and its articles, and its id becomes the new address")
    func changeAddressInPlace() throws {
        let home = try Home()
        let old = URL(string: "https://old.example/feed.xml")!
        let parsed = ParsedFeed(format: .rss, title: "Old", items: [FeedItem(id: "x", title: "Kept", link: "https://old.example/x")])
        let feed = try home.admin.subscribe(SubscriptionRequest(url: old, fetched: .init(feed: parsed, state: nil)))
        #expect(try home.admin.addressChange(feed) == .inPlace)
        try home.admin.changeAddress(feed, to: URL(string: "https://new.example/feed.xml")!)
        let moved = try #require(try home.listing("https://new.example/feed.xml")).feed
        #expect(moved.id == feed.id && moved.serverID == "https://new.example/feed.xml")
        let articles = try home.store.articles.list(ArticleQuery(accountID: home.account.id, feedID: feed.id, newestFirst: false, limit: 10))
        #expect(articles.map(\.title) == ["Kept"])
    }

    @Test("stars stay in the store: there is nowhere to push them, and nothing to refresh from")
    func nothingIsSentOrRefreshed() throws {
        let home = try Home()
        try home.admin.subscribe(SubscriptionRequest(url: URL(string: "https://a.example/feed.xml")!, folder: "A"))
        #expect(try home.provider.push(home.account, in: home.store, progress: { _ in }) == nil)
        try home.admin.refreshFromServer()
        #expect(try home.store.feeds.list(accountID: home.account.id).map(\.folderName) == ["A"], "the refresh left the store as it was")
    }

    @Test("no pull calls: a local account's feeds are fetched, never pulled from a server, and asking for the pull refuses")
    func pullCallsRefuse() {
        let provider = LocalProvider(fetcher: FeedFetcher(http: HTTPClient()))
        #expect(provider.roles.pull == nil, "a local provider plays no server's pull")
        #expect(throws: SyncError.self) { try provider.serverPull().structure() }
        #expect(provider.capabilities == LocalService().capabilities && provider.capabilities.canEditStructure && !LocalService().kind.hasServer)
    }

    @Test("a sync through the provider fetches each feed and stores its new articles unread")
    func syncFetchesTheFeeds() throws {
        let home = try Home()
        let site = StaticSite()
        site.serve("/feed.xml", text: FeedHealthCheckTests.rss("fetched", daysAgo: [1, 2]), contentType: "application/rss+xml")
        let server = try LoopbackServer(handler: site.handler)
        defer { server.stop() }
        try home.admin.subscribe(SubscriptionRequest(url: server.url("/feed.xml")))
        let result = try home.provider.sync(home.account, in: home.store, manual: true, since: nil, progress: { _ in })
        guard case .fetched(let report) = result else { Issue.record("a local sync fetches, it got \(result)"); return }
        #expect(report.fetched == 1 && report.newArticles == 2 && report.failures.isEmpty)
        #expect(try home.listing(server.url("/feed.xml").absoluteString)?.feed.title == "fetched", "the first fetch named the feed")
    }
}
