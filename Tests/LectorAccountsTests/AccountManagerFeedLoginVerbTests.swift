import Foundation
import LectorAccounts
import LectorHTTP
import LectorKeyring
import LectorStore
import LectorSync
import LectorTestSupport
import Testing

/// A feed's login through the account core — kept once the feed accepted it (`saveFeedLogin`),
/// or as the feed is subscribed (`subscribe`) — against a real store and the real test keyring:
/// the secret in the keyring only, the user and the plain-http consent with the feed.
@Suite("AccountManager's feed login verbs against the test keyring", .serialized)
struct AccountManagerFeedLoginVerbTests {
    typealias Home = AccountManagerTests.Home

    /// The real keyring whose writes fail as a locked one's do; reads and deletes reach it.
    struct LockedKeyring: SecretStore {
        let real = LibsecretKeyring()
        func store(_ secret: String, for item: SecretItem) throws(KeyringError) { throw .locked }
        func secret(for item: SecretItem) throws(KeyringError) -> String? { try real.secret(for: item) }
        func remove(_ item: SecretItem) throws(KeyringError) -> Bool { try real.remove(item) }
        func removeAll(accountID: String) throws(KeyringError) -> Bool { try real.removeAll(accountID: accountID) }
        func removeAll(feedID: String, url: String) throws(KeyringError) -> Bool { try real.removeAll(feedID: feedID, url: url) }
        func status() -> KeyringStatus { real.status() }
    }

    static let feedURL = "http://127.0.0.1:9/private/feed.xml"

    private func localFeed(_ home: Home) throws -> Feed {
        let account = try home.manager().addLocal(name: "Home")
        return try home.store.feeds.insert(accountID: account.id, folderID: nil, serverID: Self.feedURL, title: "Private", url: Self.feedURL, siteURL: nil)
    }

    private func stored(_ home: Home, _ id: Int64) throws -> Feed {
        try #require(try home.store.feeds.list().map(\.feed).first { $0.id == id })
    }

    @Test("saveFeedLogin: the secret in the keyring, the user and the consent with the feed; a new user's login replaces the former one's secret")
    func saveAndReplace() throws {
        let home = try Home()
        let manager = home.manager()
        let feed = try localFeed(home)
        let bob = SecretItem.feedLogin(feedID: String(feed.id), url: feed.url, user: "bob")
        let carol = SecretItem.feedLogin(feedID: String(feed.id), url: feed.url, user: "carol")
        defer { _ = try? manager.keyring.removeAll(feedID: String(feed.id), url: feed.url) }
        let secret = "pw-\(UUID().uuidString)"
        try manager.saveFeedLogin(feed, user: "bob", secret: secret, plainHTTPHost: "127.0.0.1")
        #expect(try manager.keyring.secret(for: bob) == secret, "the secret is not in the keyring under the feed's login")
        let saved = try stored(home, feed.id)
        #expect(saved.loginUser == "bob" && saved.plainHTTPHost == "127.0.0.1", "the store: \(String(describing: saved.loginUser)) \(String(describing: saved.plainHTTPHost))")

        try manager.saveFeedLogin(saved, user: "carol", secret: "other-\(secret)", plainHTTPHost: nil)
        #expect(try manager.keyring.secret(for: carol) == "other-\(secret)")
        #expect(try manager.keyring.secret(for: bob) == nil, "the former user's secret must go")
        let replaced = try stored(home, feed.id)
        #expect(replaced.loginUser == "carol" && replaced.plainHTTPHost == nil)
    }

    @Test("saveFeedLogin with a keyring that cannot write fails and changes nothing in the store")
    func saveWithLockedKeyring() throws {
        let home = try Home()
        let feed = try localFeed(home)
        let manager = AccountManager(store: home.store, keyring: LockedKeyring(), http: { HTTPClient() })
        #expect(throws: AccountsError.keyring(.locked), "the keyring's refusal is the answer") {
            try manager.saveFeedLogin(feed, user: "bob", secret: "pw", plainHTTPHost: "127.0.0.1")
        }
        let after = try stored(home, feed.id)
        #expect(after.loginUser == nil && after.plainHTTPHost == nil, "the store took a login the keyring never kept")
    }

    @Test("subscribe (local account): the feed is stored, its login's secret goes to the keyring under the new feed's item, the consent with the feed")
    func subscribeLocalWithLogin() throws {
        let home = try Home()
        let manager = home.manager()
        let account = try manager.addLocal(name: "Home")
        let secret = "pw-\(UUID().uuidString)"
        let login = NewFeedLogin(secret: secret, item: { .feedLogin(feedID: String($0.id), url: $0.url, user: "bob") }, plainHTTPHost: "127.0.0.1")
        let subscription = try manager.subscribe(SubscriptionRequest(url: URL(string: Self.feedURL)!, title: "Private", loginUser: "bob"),
                                                 in: account, login: login)
        let feed = subscription.feed
        defer { _ = try? manager.keyring.removeAll(feedID: String(feed.id), url: feed.url) }
        #expect(subscription.change == .made)
        #expect(try manager.keyring.secret(for: .feedLogin(feedID: String(feed.id), url: feed.url, user: "bob")) == secret)
        let stored = try stored(home, feed.id)
        #expect(stored.url == Self.feedURL && stored.loginUser == "bob" && stored.plainHTTPHost == "127.0.0.1",
                "the store: \(stored.url) \(String(describing: stored.loginUser)) \(String(describing: stored.plainHTTPHost))")
    }

    @Test("subscribe (local account) with a keyring that cannot write: no keyring, no feed — the new feed is removed and the keyring's failure is the answer")
    func subscribeWithLockedKeyring() throws {
        let home = try Home()
        let account = try home.manager().addLocal(name: "Home")
        let manager = AccountManager(store: home.store, keyring: LockedKeyring(), http: { HTTPClient() })
        let login = NewFeedLogin(secret: "pw", item: { .feedLogin(feedID: String($0.id), url: $0.url, user: "bob") }, plainHTTPHost: nil)
        #expect(throws: AccountsError.keyring(.locked)) {
            try manager.subscribe(SubscriptionRequest(url: URL(string: Self.feedURL)!, loginUser: "bob"),
                                  in: account, login: login)
        }
        #expect(try home.store.feeds.list(accountID: account.id).isEmpty, "a feed whose secret is nowhere was left behind")
    }

    @Test("subscribe (Miniflux): the server subscribes the feed and fetches it itself; the login is not kept here")
    func subscribeOnServer() throws {
        let world = try EmulatedServerHome(.miniflux)
        let url = "https://tides.example/feed.xml"
        world.feeds.addRemoteFeed(RemoteFeed(feedURL: url, title: "Tides", entries: [RemoteEntry(title: "High water", url: "https://tides.example/1",
                                                                                                 published: Int64(Date().timeIntervalSince1970) - 60)]))
        var itemFeedID: Int64?
        let login = NewFeedLogin(secret: "pw", item: { feed in itemFeedID = feed.id; return .feedLogin(feedID: String(feed.id), url: feed.url, user: "bob") },
                                 plainHTTPHost: nil)
        world.server.clearLog()
        let subscription = try world.manager.subscribe(SubscriptionRequest(url: URL(string: url)!, folder: "Coast"),
                                                       in: world.account, login: login)
        #expect(world.calls.contains("POST /v1/feeds"), "the subscription did not reach the server: \(world.calls)")
        #expect(world.feeds.feeds.contains { $0.feedURL == url }, "the server does not have the feed")
        #expect(subscription.feed.accountID == world.account.id && subscription.feed.url == url)
        #expect(try world.home.store.feeds.list(accountID: world.account.id).contains { $0.feed.url == url && $0.folderName == "Coast" },
                "the store does not have the feed in its folder")
        #expect(itemFeedID == nil, "a login was kept for a feed the server fetches")
    }
}
