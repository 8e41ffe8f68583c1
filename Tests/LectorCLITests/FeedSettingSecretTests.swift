import Foundation
import Testing
import LectorKeyring
import LectorTestSupport
@testable import LectorStore

/// Where a feed's server secrets live (the keyring, the store only a marker) and what a sync
/// learns of a feed's settings, through the `lector` binary against the Miniflux emulator.
@Suite("A feed's server secrets and synced settings, through the binary", .serialized, .harbourKeyringItems,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct FeedSettingSecretTests {
    typealias World = FeedServerCommandTests.World

    /// Every file of the store (the database and its journal), as bytes.
    static func storeBytes(_ world: World) -> Data {
        ["", "-wal", "-journal"].reduce(into: Data()) { bytes, suffix in
            bytes.append((try? Data(contentsOf: URL(fileURLWithPath: world.home.path + "/data/lector.sqlite" + suffix))) ?? Data())
        }
    }

    @Test("feed set cookie: the cookie in the keyring under the feed, the store only 'set', never in the SQLite file or a backup; unset and remove forget it")
    func cookieInTheKeyring() throws {
        let world = try World("miniflux")
        let set = try world.lector(["feed", "set", "Harbour News", "cookie", "--value-stdin"], stdin: "session=kept-cookie\n")
        try #require(set.status == 0, "feed set cookie exited \(set.status): \(set.stderr)")
        let feed = try #require(try world.home.store().feeds.list().first { $0.feed.title == "Harbour News" }?.feed)
        let item = SecretItem.feedSetting(feedID: String(feed.id), url: feed.url, key: "cookie")
        defer { _ = try? LibsecretKeyring().remove(item) }
        #expect(try LibsecretKeyring().secret(for: item) == "session=kept-cookie", "the cookie is not in the keyring under the feed")
        #expect(try world.home.store().feedSettings.settings(feedID: feed.id)["cookie"] == "set", "the store keeps no marker that a cookie is set")
        #expect(Self.storeBytes(world).range(of: Data("kept-cookie".utf8)) == nil, "the cookie reached the SQLite file")
        let backup = try world.lector(["backup", "export"])
        #expect(backup.status == 0 && !backup.stdout.contains("kept-cookie"), "the backup carries the cookie (or failed: \(backup.stderr))")

        world.service.server.stop()
        let offline = try world.lector(["feed", "show", "Harbour News"])
        #expect(offline.stdout.contains("cookie: set") && offline.stdout.contains("as the server last acknowledged"),
                "feed show with the server away does not say the cookie is set: \(offline.stdout) \(offline.stderr)")
    }

    @Test("feed unset cookie and feed remove take the cookie out of the keyring")
    func cookieForgotten() throws {
        let world = try World("miniflux")
        #expect(try world.lector(["feed", "set", "Harbour News", "cookie", "--value-stdin"], stdin: "session=gone-cookie\n").status == 0)
        let feed = try #require(try world.home.store().feeds.list().first { $0.feed.title == "Harbour News" }?.feed)
        let item = SecretItem.feedSetting(feedID: String(feed.id), url: feed.url, key: "cookie")
        defer { _ = try? LibsecretKeyring().remove(item) }
        #expect(try LibsecretKeyring().secret(for: item) == "session=gone-cookie")
        let unset = try world.lector(["feed", "unset", "Harbour News", "cookie"])
        #expect(unset.status == 0, "feed unset: \(unset.stderr)")
        #expect(try LibsecretKeyring().secret(for: item) == nil, "feed unset left the cookie in the keyring")
        #expect(try world.home.store().feedSettings.settings(feedID: feed.id)["cookie"] == nil, "the marker outlived the unset")

        #expect(try world.lector(["feed", "set", "Harbour News", "cookie", "--value-stdin"], stdin: "session=gone-cookie\n").status == 0)
        let removed = try world.lector(["feed", "remove", "Harbour News", "--yes"])
        #expect(removed.status == 0, "feed remove: \(removed.stderr)")
        #expect(try LibsecretKeyring().secret(for: item) == nil, "feed remove left the cookie in the keyring")
    }

    @Test("a feed disabled and hidden on Miniflux's own page is paused and hide-globally after the next sync, without feed show")
    func syncReadsDisabled() throws {
        let world = try World("miniflux")
        let id = try #require(world.harbour?.id)
        world.service.feeds.setFeedSetting(feed: id, "disabled", .bool(true))
        world.service.feeds.setFeedSetting(feed: id, "hide_globally", .bool(true))
        world.service.feeds.setFeedSetting(feed: id, "user_agent", .string("WebPageBot/3"))
        let synced = try world.lector(["sync"])
        try #require(synced.status == 0, "sync: \(synced.stderr)")
        let list = try world.lector(["feed", "list"])
        #expect(list.stdout.contains("\tHarbour News\t") && list.stdout.contains("\tpaused\n"), "a feed disabled on the server is not listed paused after a sync: \(list.stdout)")
        world.service.server.stop()
        let show = try world.lector(["feed", "show", "Harbour News"])
        #expect(show.stdout.contains("hide-globally: on") && show.stdout.contains("user-agent: WebPageBot/3"),
                "the synced settings are not in the store: \(show.stdout)")
    }

    @Test("a feed enabled again on Miniflux's page is no longer paused after the next sync")
    func syncReadsEnabledAgain() throws {
        let world = try World("miniflux")
        #expect(try world.lector(["feed", "pause", "Harbour News"]).status == 0)
        let id = try #require(world.harbour?.id)
        world.service.feeds.setFeedSetting(feed: id, "disabled", .bool(false))
        #expect(try world.lector(["sync"]).status == 0)
        #expect(!(try world.lector(["feed", "list"]).stdout.contains("\tpaused")), "still paused after the server enabled the feed")
    }
}
