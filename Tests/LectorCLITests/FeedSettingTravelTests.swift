import Foundation
import Testing
import LectorKeyring
import LectorTestSupport
@testable import LectorStore

/// A feed's server settings travelling: `opml export` writes them as `lector:` attributes,
/// `feed apply` plans and applies them (and FreshRSS's `frss:` ones), `account copy` translates
/// them between services — through the `lector` binary against the emulators.
@Suite("A feed's server settings travel, through the binary", .serialized, .harbourKeyringItems,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct FeedSettingTravelTests {
    typealias World = FeedServerCommandTests.World

    static func file(_ world: World, _ name: String) -> String { world.home.path + "/" + name }

    /// Forgets the feed's cookie in the keyring (the test keyring outlives the home).
    static func forgetCookie(_ world: World, account: String? = nil) {
        guard let feeds = try? world.home.store().feeds.list() else { return }
        for listing in feeds {
            _ = try? LibsecretKeyring().remove(.feedSetting(feedID: String(listing.feed.id), url: listing.feed.url, key: "cookie"))
        }
    }

    @Test("opml export writes each feed's settings as lector: attributes (no secret); feed apply of it plans nothing, and puts back a setting changed since")
    func exportApplyRoundTrip() throws {
        let world = try World("miniflux")
        defer { Self.forgetCookie(world) }
        for words in [["user-agent", "HarbourBot/2"], ["full-content", "on"], ["block-filter", "EntryTitle=(?i)ad", "EntryURL=/promo/"]] {
            let set = try world.lector(["feed", "set", "Harbour News"] + words)
            try #require(set.status == 0, "feed set \(words): \(set.stderr)")
        }
        #expect(try world.lector(["feed", "set", "Harbour News", "cookie", "--value-stdin"], stdin: "session=travel-cookie\n").status == 0)
        #expect(try world.lector(["feed", "pause", "Harbour News"]).status == 0)
        let path = Self.file(world, "feeds.opml")
        let export = try world.lector(["opml", "export", path])
        try #require(export.status == 0, "opml export: \(export.stderr)")
        let opml = try String(contentsOfFile: path, encoding: .utf8)
        #expect(opml.contains("xmlns:lector=\"urn:lector:feed-settings\"") && opml.contains("lector:user-agent=\"HarbourBot/2\"")
                && opml.contains("lector:full-content=\"on\"") && opml.contains("lector:paused=\"on\"")
                && opml.contains("lector:block-filter=\"EntryTitle=(?i)ad&#10;EntryURL=/promo/\""), "the export's settings: \(opml)")
        #expect(!opml.contains("travel-cookie") && !opml.contains("lector:cookie"), "the export carries the cookie: \(opml)")

        let same = try world.lector(["feed", "apply", path])
        #expect(same.status == 0 && same.stdout.contains("Nothing to change"), "export → apply is not empty: \(same.stdout) \(same.stderr)")

        let id = try #require(world.harbour?.id)
        world.service.feeds.setFeedSetting(feed: id, "user_agent", .string("Changed/1"))
        #expect(try world.lector(["sync"]).status == 0)
        let plan = try world.lector(["feed", "apply", path, "--dry-run"])
        #expect(plan.stdout.contains("~ feed 'Harbour News': user-agent \"Changed/1\" → \"HarbourBot/2\""), "the plan: \(plan.stdout) \(plan.stderr)")
        let applied = try world.lector(["feed", "apply", path])
        #expect(applied.status == 0, "feed apply: \(applied.stdout) \(applied.stderr)")
        #expect(world.harbour?.settings["user_agent"] == .string("HarbourBot/2"), "the server's user agent after apply")
        let again = try world.lector(["feed", "apply", path])
        #expect(again.stdout.contains("Nothing to change"), "the second plan is not empty: \(again.stdout)")
    }

    /// A FreshRSS `subscription/export` (shaped as freshrss-admin 06) naming the emulator's feed.
    static let freshRSSExport = """
        <?xml version="1.0" encoding="UTF-8"?>
        <opml xmlns:frss="https://freshrss.org/opml" version="2.0">
          <head><title>FreshRSS</title></head>
          <body>
            <outline text="News">
              <outline text="Harbour News" type="rss" xmlUrl="https://harbour.example/feed.xml" htmlUrl="https://harbour.example/" frss:filtersActionRead="intitle:sponsored" frss:cssFullContent="article .content" frss:cssFullContentFilter=".ads" frss:CURLOPT_COOKIE="session=frss-cookie" frss:CURLOPT_PROXY="http://127.0.0.1:3128" frss:CURLOPT_USERAGENT="FixtureBot/1.0"/>
            </outline>
          </body>
        </opml>
        """

    @Test("feed apply of a FreshRSS export into Miniflux: frss: attributes by their Lector names, the cookie never shown, what Miniflux cannot keep said one line each; again: nothing")
    func freshRSSExportIntoMiniflux() throws {
        let world = try World("miniflux")
        defer { Self.forgetCookie(world) }
        let path = Self.file(world, "freshrss.opml")
        try Self.freshRSSExport.write(toFile: path, atomically: true, encoding: .utf8)
        let plan = try world.lector(["feed", "apply", path, "--dry-run"])
        #expect(plan.status == 0, "dry run: \(plan.stderr)")
        #expect(plan.stdout.contains("~ feed 'Harbour News': content-selector (unset) → \"article .content\"")
                && plan.stdout.contains("user-agent (unset) → \"FixtureBot/1.0\"") && plan.stdout.contains("cookie (unset) → (secret)")
                && plan.stdout.contains("proxy (unset) → \"http://127.0.0.1:3128\""), "the plan: \(plan.stdout)")
        #expect(!plan.stdout.contains("frss-cookie"), "the plan shows the cookie: \(plan.stdout)")
        let notCarried = plan.stdout.split(separator: "\n").filter { $0.contains("not carried") }
        #expect(notCarried.count == 2 && plan.stdout.contains("cannot set 'content-remove'") && plan.stdout.contains("cannot set 'mark-read-filters'"),
                "what Miniflux cannot keep, one line each: \(plan.stdout)")
        let planJSON = try world.lector(["feed", "apply", path, "--dry-run", "--json"])
        let notCarriedJSON = (try JSONSerialization.jsonObject(with: Data(planJSON.stdout.utf8)) as? [String: Any])?["not_carried"] as? [String]
        #expect(notCarriedJSON?.count == 2 && notCarriedJSON?.contains { $0.contains("cannot set 'content-remove'") } == true,
                "--json lists what Miniflux cannot keep under not_carried: \(planJSON.stdout)")
        let applied = try world.lector(["feed", "apply", path])
        #expect(applied.status == 0, "apply: \(applied.stdout) \(applied.stderr)")
        let settings = world.harbour?.settings ?? [:]
        #expect(settings["scraper_rules"] == .string("article .content") && settings["user_agent"] == .string("FixtureBot/1.0")
                && settings["proxy_url"] == .string("http://127.0.0.1:3128") && settings["cookie"] == .string("session=frss-cookie"),
                "the server's settings: \(settings)")
        let again = try world.lector(["feed", "apply", path])
        #expect(again.stdout.contains("Nothing to change"), "the second plan is not empty: \(again.stdout)")
    }

    @Test("account copy Miniflux → FreshRSS: user-agent, cookie (from the keyring) and content-selector become frss: attributes; paused and hide-globally are listed as not carried")
    func copyTranslates() throws {
        let world = try World("miniflux")
        defer { Self.forgetCookie(world) }
        for words in [["user-agent", "HarbourBot/2"], ["content-selector", "main article"], ["hide-globally", "on"]] {
            #expect(try world.lector(["feed", "set", "Harbour News"] + words).status == 0)
        }
        #expect(try world.lector(["feed", "set", "Harbour News", "cookie", "--value-stdin"], stdin: "session=copy-cookie\n").status == 0)
        #expect(try world.lector(["feed", "pause", "Harbour News"]).status == 0)
        let destFeeds = FeedStore(defaultFolderName: "Uncategorized")
        destFeeds.addRemoteFeed(RemoteFeed(feedURL: FeedServerCommandTests.feedURL, title: "Harbour News"))
        destFeeds.addRemoteFeed(RemoteFeed(feedURL: "https://other.example/feed.xml", title: "Other"))
        let dest = try ServiceUnderTest.start("freshrss", feeds: destFeeds)
        let added = try world.lector(dest.addArguments(name: "Fresh"), stdin: dest.secret + "\n")
        try #require(added.status == 0, "account add: \(added.stderr)")
        let planned = try world.lector(["account", "copy", "Server", "Fresh", "--feeds", "--folders", "--dry-run", "--json"])
        let notCarried = (try JSONSerialization.jsonObject(with: Data(planned.stdout.utf8)) as? [String: Any])?["not_carried"] as? [String] ?? []
        #expect(notCarried.contains { $0.contains("a freshrss account cannot set 'paused'") } && notCarried.contains { $0.contains("'hide-globally'") },
                "--json lists what FreshRSS cannot keep under not_carried: \(planned.stdout)")
        let copied = try world.lector(["account", "copy", "Server", "Fresh", "--feeds", "--folders"])
        #expect(copied.status == 0, "account copy: \(copied.stdout) \(copied.stderr)")
        let harbour = try #require(destFeeds.feeds.first { $0.feedURL == FeedServerCommandTests.feedURL }, "not subscribed: \(copied.stdout)")
        #expect(harbour.settings["CURLOPT_USERAGENT"] == .string("HarbourBot/2") && harbour.settings["CURLOPT_COOKIE"] == .string("session=copy-cookie")
                && harbour.settings["cssFullContent"] == .string("main article"), "FreshRSS's attributes: \(harbour.settings)")
        #expect(copied.stdout.contains("not carried: a freshrss account cannot set 'paused'")
                && copied.stdout.contains("not carried: a freshrss account cannot set 'hide-globally'"), "what does not map: \(copied.stdout)")
        #expect(!copied.stdout.contains("copy-cookie"), "the copy printed the cookie")
    }

    @Test("backup export carries each feed's server settings (format 1.4, never the cookie); a restore's dry run lists them; after the restore the first sync prints the settings the server has changed since",
          arguments: [("miniflux", "user_agent"), ("freshrss", "CURLOPT_USERAGENT")])
    func backupCarriesSettings(kind: String, serverKey: String) throws {
        let world = try World(kind)
        defer { Self.forgetCookie(world) }
        #expect(try world.lector(["feed", "set", "Harbour News", "user-agent", "HarbourBot/2"]).status == 0)
        #expect(try world.lector(["feed", "set", "Harbour News", "cookie", "--value-stdin"], stdin: "session=backup-cookie\n").status == 0)
        let file = Self.file(world, "move.json")
        let exported = try world.lector(["backup", "export", file])
        try #require(exported.status == 0, "backup export: \(exported.stderr)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let document = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
        let feeds = ((document["subscriptions"] as? [String: Any])?["Server"] as? [String: Any])?["feeds"] as? [[String: Any]] ?? []
        let harbour = feeds.first { $0["url"] as? String == FeedServerCommandTests.feedURL }
        #expect(document["version"] as? String == "1.5", "the backup's version: \(document["version"] ?? "none")")
        #expect((harbour?["server_settings"] as? [String: String])?["user-agent"] == "HarbourBot/2", "the feed's settings in the backup: \(harbour ?? [:])")
        #expect(!text.contains("backup-cookie") && (harbour?["server_settings"] as? [String: String])?["cookie"] == nil, "the backup carries the cookie")

        let id = try #require(world.harbour?.id)
        world.service.feeds.setFeedSetting(feed: id, serverKey, .string("Changed/1"))
        let new = TestHome()
        func lector(_ arguments: [String], stdin: String? = nil) throws -> ProcessResult { try runProcess(TestBinary.path, arguments, environment: new.environment, stdin: stdin) }
        let dryRun = try lector(["backup", "restore", file, "--dry-run"])
        #expect(dryRun.status == 0 && dryRun.stdout.contains("=   feed 'Harbour News' <\(FeedServerCommandTests.feedURL)>: user-agent \"HarbourBot/2\""),
                "the dry run does not list the settings the first sync will compare: \(dryRun.stdout) \(dryRun.stderr)")
        let dryJSON = try lector(["backup", "restore", file, "--dry-run", "--json"])
        let compared = (try JSONSerialization.jsonObject(with: Data(dryJSON.stdout.utf8)) as? [String: Any])?["compared_settings"] as? [[String: Any]]
        #expect((compared?.first?["settings"] as? [String: String])?["user-agent"] == "HarbourBot/2", "--json's compared_settings: \(dryJSON.stdout)")
        let restored = try lector(["backup", "restore", file, "--yes"])
        try #require(restored.status == 0, "restore: \(restored.stderr)")
        #expect(try lector(["account", "password", "Server", "--password-stdin"], stdin: world.service.secret + "\n").status == 0)
        let synced = try lector(["sync"])
        #expect(synced.status == 0, "the first sync: \(synced.stderr)")
        #expect((synced.stdout + synced.stderr).contains("a setting differs on the server: 'Harbour News' user-agent \"Changed/1\", in the backup \"HarbourBot/2\""),
                "the first sync does not print the setting that differs: \(synced.stdout) \(synced.stderr)")
        #expect(!(synced.stdout + synced.stderr).contains("cookie"), "the comparison mentions the cookie the backup never held: \(synced.stdout)")
    }
}
