import Foundation
import LectorAccounts
import LectorBasics
import LectorStore
import LectorSync
import LectorTestSupport

/// A home of its own whose one account "Server" lives on an emulated Miniflux or FreshRSS on
/// loopback: added through the core (the server checks the login, the secret goes to the real
/// test keyring) and synced once. Two feeds, "Harbour News" with three entries and "Other",
/// are on the web for the server's own fetches. Removed with its secret and server.
final class EmulatedServerHome {
    static let user = EmulatedAccount(username: "alice", password: "alice-pw")
    static let token = "token-\(UUID().uuidString)"
    static let harbourURL = "https://harbour.example/feed.xml"
    static let otherURL = "https://other.example/feed.xml"

    let home: AccountManagerTests.Home
    let kind: AccountKind
    let feeds: FeedStore
    let server: LoopbackServer
    let manager: AccountManager
    let account: Account
    /// The emulator's ids of the two feeds.
    let harbourID: Int, otherID: Int

    init(_ kind: AccountKind) throws {
        self.kind = kind
        home = try AccountManagerTests.Home()
        feeds = kind == .miniflux ? FeedStore(defaultFolderName: "All") : FeedStore()
        feeds.addRemoteFeed(RemoteFeed(feedURL: Self.harbourURL, siteURL: "https://harbour.example/", title: "Harbour News"))
        feeds.addRemoteFeed(RemoteFeed(feedURL: Self.otherURL, siteURL: "https://other.example/", title: "Other"))
        harbourID = feeds.addFeed(title: "Harbour News", feedURL: Self.harbourURL, siteURL: "https://harbour.example/")
        otherID = feeds.addFeed(title: "Other", feedURL: Self.otherURL, siteURL: "https://other.example/")
        // Ids are receipt times, published a minute ago: the sync's age limit keeps them.
        let now = Int64(Date().timeIntervalSince1970)
        for (index, title) in ["Tide table", "Sponsored boats", "Harbour works"].enumerated() {
            feeds.addItem(feed: harbourID, title: title, url: "https://harbour.example/\(index)", published: now - 60 + Int64(index))
        }
        let handler = kind == .miniflux ? MinifluxEmulator(store: feeds, account: Self.user, apiKey: Self.token).handler
                                        : GReaderEmulator(store: feeds, accounts: [Self.user]).handler
        server = try LoopbackServer(handler: handler)
        manager = home.manager()
        let user: String? = kind == .miniflux ? nil : Self.user.username
        let secret = kind == .miniflux ? Self.token : Self.user.password
        let endpoint = try manager.newLoginEndpoint(kind: kind, typed: server.baseURL.absoluteString, user: user, plainHTTPConsented: false)
        account = try manager.addRemote(kind: kind, endpoint: endpoint, user: user, secret: secret, name: "Server", plainHTTPConsented: false).account
        _ = try manager.sync(Self.syncRequest())
    }

    deinit {
        _ = try? manager.remove(account)
        server.stop()
    }

    static func syncRequest(account: String? = nil) -> SyncRequest {
        SyncRequest(accountName: account, trigger: .manual, pushOnly: false, ageLimit: .all, now: Date())
    }

    /// The stored feed titled `title` (of any account).
    func feed(_ title: String) throws -> Feed {
        guard let feed = try home.store.feeds.list().map(\.feed).first(where: { $0.title == title }) else {
            throw StoreError.notFound(what: "feed", name: title)
        }
        return feed
    }

    /// The stored articles of the account, by title.
    func articles(accountID: Int64? = nil) throws -> [String: ArticleRow] {
        let listed = try home.store.articles.list(ArticleQuery(accountID: accountID ?? account.id, limit: 500, includeHidden: true))
        return Dictionary(listed.map { ($0.title, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The emulated server's feed `id`.
    func remoteFeed(_ id: Int) -> EmulatedFeed? { feeds.feeds.first { $0.id == id } }

    /// The emulated server's item titled `title`.
    func remoteItem(_ title: String) -> EmulatedItem? { feeds.items.first { $0.title == title } }

    /// "METHOD path" of every request the server received, in order.
    var calls: [String] { server.requests.map { "\($0.method) \($0.decodedPath)" } }
}
