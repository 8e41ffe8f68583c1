import Foundation
import LectorHTTP
import LectorFeeds
import Testing
import LectorStore
@testable import LectorAccounts
@testable import LectorSync

/// A local feed behind a login moving to a new address (`feed check --fix`): its secret goes
/// with it, or the feed stays where it is — never a feed whose secret was left behind.
@Suite("A feed's login when its address changes")
struct FeedLoginMoveTests {
    /// A keyring in memory, keyed like the real one (feed id and address), that can be told to fail.
    final class Keeper: FeedLoginKeeper, @unchecked Sendable {
        private let lock = NSLock()
        private var secrets: [String: String] = [:]
        var failing = false

        static func key(_ feed: Feed, _ url: String) -> String { "\(feed.id) \(url)" }
        func put(_ secret: String, _ feed: Feed) { lock.withLock { secrets[Self.key(feed, feed.url)] = secret } }
        func secret(_ feed: Feed, _ url: String) -> String? { lock.withLock { secrets[Self.key(feed, url)] } }
        func forget(_ feed: Feed) { _ = lock.withLock { secrets.removeValue(forKey: Self.key(feed, feed.url)) } }
        func copy(_ feed: Feed, to url: URL) throws(AdministrationError) {
            if failing { throw .keyring("the keyring is locked") }
            lock.withLock { secrets[Self.key(feed, url.absoluteString)] = secrets[Self.key(feed, feed.url)] }
        }
        func keepSetting(_ secret: String?, _ key: FeedSettingKey, of feed: Feed) throws(AdministrationError) {
            lock.withLock { secrets[Self.key(feed, feed.url) + " " + key.rawValue] = secret }
        }
        func settingSecret(_ key: FeedSettingKey, of feed: Feed) -> String? { lock.withLock { secrets[Self.key(feed, feed.url) + " " + key.rawValue] } }
    }

    private func setUp() throws -> (Store, AccountAdministrator, Keeper, Feed, () -> Void) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lector-login-move-\(UUID().uuidString)")
        let store = try Store(path: directory.appendingPathComponent("lector.sqlite").path)
        let account = try store.accounts.insert(kind: .local, name: "home", url: nil, username: nil)
        let keeper = Keeper()
        let admin = AccountAdministrator(store: store, account: account, provider: LocalProvider(fetcher: FeedFetcher(http: HTTPClient())), logins: keeper)
        let feed = try admin.subscribe(SubscriptionRequest(url: URL(string: "https://members.example/old.xml")!, title: "Members",
                                                           loginUser: "alice"))
        keeper.put("feed-secret", feed)
        return (store, admin, keeper, feed, { try? FileManager.default.removeItem(at: directory) })
    }

    @Test("moved to https, the secret is kept for the new address and dropped for the old one")
    func secretFollows() throws {
        let (store, admin, keeper, feed, cleanUp) = try setUp()
        defer { cleanUp() }
        try admin.changeAddress(feed, to: URL(string: "https://members.example/new.xml")!)
        #expect(try store.feeds.list().first?.feed.url == "https://members.example/new.xml")
        #expect(keeper.secret(feed, "https://members.example/new.xml") == "feed-secret", "the secret did not follow")
        #expect(keeper.secret(feed, feed.url) == nil, "the old address kept a copy")
    }

    @Test("a keyring that cannot keep the secret, or a plain-http address elsewhere without consent, leaves the feed where it is with its secret")
    func refusedMovesKeepEverything() throws {
        let (store, admin, keeper, feed, cleanUp) = try setUp()
        defer { cleanUp() }
        keeper.failing = true
        #expect(throws: AdministrationError.keyring("the keyring is locked")) {
            try admin.changeAddress(feed, to: URL(string: "https://members.example/new.xml")!)
        }
        keeper.failing = false
        let insecure = URL(string: "http://members.invalid/new.xml")!
        #expect(throws: AdministrationError.loginInClear(feed: "Members", url: insecure.absoluteString)) {
            try admin.changeAddress(feed, to: insecure)
        }
        #expect(try store.feeds.list().first?.feed.url == feed.url, "the feed moved anyway")
        #expect(keeper.secret(feed, feed.url) == "feed-secret", "the secret was lost")
        #expect(keeper.secret(feed, insecure.absoluteString) == nil, "the secret was kept for the plain-http address")

        // Consent to plain http given for that host when the feed was added, and to the login
        // going to that other origin, lets it move there.
        try store.feeds.setPlainHTTPHost(feed.id, "members.invalid")
        let consented = try #require(try store.feeds.list().first?.feed)
        var trusting = admin
        trusting.loginMovesConsented = ["http://members.invalid"]
        try trusting.changeAddress(consented, to: insecure)
        #expect(keeper.secret(feed, insecure.absoluteString) == "feed-secret", "the consented move did not take the secret")
    }

    @Test("a move to another origin (another host or port) carries the login only with consent naming that origin; the plan can say so first")
    func anotherOriginNeedsConsent() throws {
        let (store, unconsented, keeper, feed, cleanUp) = try setUp()
        defer { cleanUp() }
        var admin = unconsented
        let elsewhere = URL(string: "https://members.example:8443/new.xml")!
        let change = admin.loginOriginChange(feed, to: elsewhere)
        #expect(change == LoginOriginChange(from: "https://members.example", to: "https://members.example:8443"),
                "the plan should name both origins: \(String(describing: change))")
        #expect(admin.loginOriginChange(feed, to: URL(string: "https://members.example/other.xml")!) == nil, "a move on the same origin keeps the login on it")
        #expect(throws: AdministrationError.loginToAnotherOrigin(feed: "Members", from: "https://members.example", to: "https://members.example:8443")) {
            try admin.changeAddress(feed, to: elsewhere)
        }
        #expect(try store.feeds.list().first?.feed.url == feed.url, "the feed moved without consent")
        #expect(keeper.secret(feed, elsewhere.absoluteString) == nil, "the secret was kept for the other origin without consent")

        admin.loginMovesConsented = ["https://members.example:8443"]
        try admin.changeAddress(feed, to: elsewhere)
        #expect(keeper.secret(feed, elsewhere.absoluteString) == "feed-secret", "the consented move did not take the secret")
    }
}
