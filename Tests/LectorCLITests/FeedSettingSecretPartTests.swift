import Foundation
import Testing
import LectorKeyring
import LectorTestSupport
@testable import LectorStore

/// Credentials inside plain-text feed settings — a proxy address with `user:password@`, an
/// `http-headers` line such as `Authorization:` — go to the keyring as `feed set`'s secrets do,
/// wherever they enter (`feed set`, a sync that reads Miniflux's settings, `feed show` reading
/// FreshRSS's, a backup's `server_settings`): the store and every export keep the marker `set`
/// in their place. Issue 39, P3 and P5.
@Suite("A secret inside a plain-text feed setting is kept only in the keyring", .serialized, .harbourKeyringItems,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct FeedSettingSecretPartTests {
    typealias World = FeedServerCommandTests.World

    static func expectNowhere(_ secret: String, _ world: World, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(!world.homeFilesContain(secret), "\(secret) is in a file of the home (the store?)", sourceLocation: sourceLocation)
        let backup = try world.lector(["backup", "export"])
        #expect(backup.status == 0 && !backup.stdout.contains(secret), "the backup carries \(secret): \(backup.stderr)", sourceLocation: sourceLocation)
        let show = try world.lector(["feed", "show", "Harbour News", "--json"])
        #expect(!show.stdout.contains(secret), "feed show --json shows \(secret): \(show.stdout)", sourceLocation: sourceLocation)
    }

    @Test("a proxy password Miniflux lists at each sync is stored as 'set'")
    func minifluxProxyFromSync() throws {
        let world = try World("miniflux")
        let id = try #require(world.harbour?.id)
        world.service.feeds.setFeedSetting(feed: id, "proxy_url", .string("http://bob:proxy-pw-1@proxy.example:3128"))
        try #require(try world.lector(["sync"]).status == 0)
        let feed = try #require(try world.home.store().feeds.list().first { $0.feed.title == "Harbour News" }?.feed)
        #expect(try world.home.store().feedSettings.settings(feedID: feed.id)["proxy"] == "http://bob:set@proxy.example:3128",
                "the store keeps the proxy with the marker for its password")
        try Self.expectNowhere("proxy-pw-1", world)
    }

    @Test("feed set proxy with a password: refused as an argument; from stdin the server has it, the keyring keeps it, the store 'set'")
    func feedSetProxy() throws {
        let world = try World("miniflux")
        let argv = try world.lector(["feed", "set", "Harbour News", "proxy", "http://bob:proxy-pw-2@proxy.example:3128"])
        #expect(argv.status == 2 && argv.stderr.contains("--value-stdin"), "a proxy password in argv: \(argv.status) \(argv.stderr)")
        let set = try world.lector(["feed", "set", "Harbour News", "proxy", "--value-stdin"], stdin: "http://bob:proxy-pw-2@proxy.example:3128\n")
        try #require(set.status == 0, "feed set proxy --value-stdin: \(set.stderr)")
        #expect(!set.stdout.contains("proxy-pw-2") && set.stdout.contains("bob:set@"), "shown with the marker: \(set.stdout)")
        #expect(world.harbour?.settings["proxy_url"] == .string("http://bob:proxy-pw-2@proxy.example:3128"), "the server has the whole address")
        let feed = try #require(try world.home.store().feeds.list().first { $0.feed.title == "Harbour News" }?.feed)
        let item = SecretItem.feedSetting(feedID: String(feed.id), url: feed.url, key: "proxy")
        defer { _ = try? LibsecretKeyring().remove(item) }
        #expect(try LibsecretKeyring().secret(for: item) == "http://bob:proxy-pw-2@proxy.example:3128", "the keyring keeps it whole")
        try Self.expectNowhere("proxy-pw-2", world)
        #expect(try world.lector(["feed", "unset", "Harbour News", "proxy"]).status == 0)
        #expect(try LibsecretKeyring().secret(for: item) == nil, "unset forgets it in the keyring")
    }

    @Test("FreshRSS: an Authorization header and a proxy password read by feed show are stored and shown as 'set'")
    func freshRSSHeadersFromShow() throws {
        let world = try World("freshrss")
        let id = try #require(world.harbour?.id)
        world.service.feeds.setFeedSetting(feed: id, "CURLOPT_HTTPHEADER", .string("Authorization: Bearer header-token-3"))
        world.service.feeds.setFeedSetting(feed: id, "CURLOPT_PROXY", .string("http://bob:proxy-pw-3@proxy.example:3128"))
        let show = try world.lector(["feed", "show", "Harbour News"])
        try #require(show.status == 0, "feed show: \(show.stderr)")
        #expect(show.stdout.contains("Authorization: set") && !show.stdout.contains("header-token-3") && !show.stdout.contains("proxy-pw-3"),
                "shown with the marker: \(show.stdout)")
        try Self.expectNowhere("header-token-3", world)
        try Self.expectNowhere("proxy-pw-3", world)
        let argv = try world.lector(["feed", "set", "Harbour News", "http-headers", "Authorization: Bearer header-token-4"])
        #expect(argv.status == 2 && argv.stderr.contains("--value-stdin"), "a credential header in argv: \(argv.status) \(argv.stderr)")
    }

    @Test("a backup's server_settings cannot put a cookie, a server login or a proxy password into the store")
    func restoreKeepsSecretsOut() throws {
        let home = TestHome()
        let file = home.path + "/settings.json"
        try home.binaryOK(["backup", "export", file], "export an empty home")
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        document["accounts"] = [["kind": "local", "name": "Mine", "url": NSNull(), "user": NSNull(), "default": true]]
        document["subscriptions"] = ["Mine": ["folders": [String](), "feeds": [
            ["title": "Members", "url": "https://example.org/members.xml", "site_url": NSNull(), "folder": NSNull(),
             "server_settings": ["cookie": "session=restore-cookie-5", "server-login": "restore-user-5", "proxy": "http://bob:proxy-pw-5@p.example:3128",
                                 "user-agent": "KeptBot/1"]],
        ]]]
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: file))
        try home.binaryOK(["backup", "restore", file, "--yes"], "restore")
        let feed = try #require(try home.store().feeds.list().first { $0.feed.title == "Members" }?.feed)
        let settings = try home.store().feedSettings.settings(feedID: feed.id)
        #expect(settings["user-agent"] == "KeptBot/1", "what a local account keeps is restored: \(settings)")
        #expect(settings["cookie"] == nil && settings["server-login"] == nil && settings["proxy"] == nil, "no secret in the store: \(settings)")
        let database = ["", "-wal"].compactMap { try? Data(contentsOf: URL(fileURLWithPath: home.path + "/data/lector.sqlite" + $0)) }
        #expect(!database.contains { $0.range(of: Data("restore-cookie-5".utf8)) != nil || $0.range(of: Data("proxy-pw-5".utf8)) != nil },
                "the store's file holds no secret from the backup")
    }
}
