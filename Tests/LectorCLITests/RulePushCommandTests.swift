import Foundation
import Testing
import LectorTestSupport

/// `rule push` through the `lector` binary: a rule becomes a Miniflux feed's block or keep
/// filter and a FreshRSS feed's mark-as-read searches, in the emulators as the recordings show
/// the fields; what a server cannot say stays here, and `rule list` and `rule show` say so.
@Suite("Rules handed to servers, through the binary", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct RulePushCommandTests {
    typealias World = FeedServerCommandTests.World

    @Test("Miniflux: a hide rule for a feed becomes its block filter, added to the lines it had; twice changes nothing; the other feed untouched")
    func minifluxBlockFilter() throws {
        let world = try World("miniflux")
        let id = try #require(world.harbour?.id)
        world.service.feeds.setFeedSetting(feed: id, "block_filter_entry_rules", .string("EntryAuthor=(?i)bot"))
        #expect(try world.lector(["rule", "add", "ads", "title matches \"(?i)sponsored\" or url contains promo", "--then", "hide",
                                  "--feed", "Harbour News"]).status == 0)
        let listed = try world.lector(["rule", "list"]).stdout
        #expect(listed.contains("Server: block filter"), "rule list says what the server can run: \(listed)")
        let pushed = try world.lector(["rule", "push", "ads"])
        #expect(pushed.status == 0 && pushed.stdout.contains("~ Server: block filter of 'Harbour News'"), "\(pushed.stdout) \(pushed.stderr)")
        #expect(world.harbour?.settings["block_filter_entry_rules"]
                == .string("EntryAuthor=(?i)bot\nEntryTitle=(?i)sponsored\nEntryURL=(?i)\\bpromo\\b"),
                "the server's block filter: \(String(describing: world.harbour?.settings))")
        let again = try world.lector(["rule", "push", "ads"])
        #expect(again.stdout.contains("already on every feed"), "pushing twice changed something: \(again.stdout)")
        #expect(world.service.feeds.feeds.first { $0.title == "Other" }?.settings["block_filter_entry_rules"] == nil, "the other feed was touched")

        #expect(try world.lector(["rule", "add", "only-tides", "not title contains tide", "--then", "hide", "--feed", "Other"]).status == 0)
        #expect(try world.lector(["rule", "push", "only-tides"]).status == 0)
        #expect(world.service.feeds.feeds.first { $0.title == "Other" }?.settings["keep_filter_entry_rules"] == .string("EntryTitle=(?i)\\btide\\b"),
                "'not' of the tests becomes the keep filter")
    }

    @Test("Miniflux: a read rule stays here, and rule push and rule show say why; nothing is sent")
    func minifluxReadRuleStaysLocal() throws {
        let world = try World("miniflux")
        #expect(try world.lector(["rule", "add", "tides", "title contains tide", "--then", "read", "--feed", "Harbour News"]).status == 0)
        let pushed = try world.lector(["rule", "push", "tides"]).stdout
        #expect(pushed.contains("= Server: here only: Miniflux's filters drop or keep entries"), "\(pushed)")
        #expect(try world.lector(["rule", "show", "tides"]).stdout.contains("Server: here only: Miniflux's filters"), "rule show says why")
        #expect(world.harbour?.settings["block_filter_entry_rules"] == nil, "a read rule reached the block filter")
    }

    @Test("FreshRSS: a read rule becomes the feed's mark-as-read searches through the settings import, added to what it had; twice changes nothing")
    func freshRSSReadFilter() throws {
        let world = try World("freshrss")
        let id = try #require(world.harbour?.id)
        world.service.feeds.setFeedSetting(feed: id, "filtersActionRead", .string("author:robot"))
        #expect(try world.lector(["rule", "add", "tides", "title contains \"tide table\" and not author contains ann or url contains promo",
                                  "--then", "read", "--feed", "Harbour News"]).status == 0)
        #expect(try world.lector(["rule", "list"]).stdout.contains("Server: read filter"))
        let pushed = try world.lector(["rule", "push", "tides"])
        #expect(pushed.status == 0 && pushed.stdout.contains("~ Server: read filter of 'Harbour News'"), "\(pushed.stdout) \(pushed.stderr)")
        #expect(world.harbour?.settings["filtersActionRead"] == .string("author:robot\nintitle:\"tide table\" !author:ann\ninurl:promo"),
                "the server's read filters: \(String(describing: world.harbour?.settings))")
        #expect(try world.lector(["rule", "push", "tides"]).stdout.contains("already on every feed"), "pushing twice changed something")
        #expect(world.service.feeds.feeds.first { $0.title == "Other" }?.settings.isEmpty == true, "the other feed was touched")
        #expect(try world.lector(["rule", "add", "hidden", "title contains tide", "--then", "hide"]).status == 0)
        #expect(try world.lector(["rule", "push", "hidden"]).stdout.contains("here only: FreshRSS's filter actions only mark articles read"))
    }

    @Test("Miniflux: a hide rule of the whole account becomes the user's own block filter (PUT /v1/users/{id}), added to what it had; twice changes nothing")
    func minifluxUserFilters() throws {
        let world = try World("miniflux")
        world.service.feeds.setUserSetting("block_filter_entry_rules", "EntryAuthor=(?i)bot")
        #expect(try world.lector(["rule", "add", "ads", "title matches \"(?i)sponsored\"", "--then", "hide", "--account", "Server"]).status == 0)
        let pushed = try world.lector(["rule", "push", "ads"])
        #expect(pushed.status == 0 && pushed.stdout.contains("~ Server: the user's block filter (every feed)"), "\(pushed.stdout) \(pushed.stderr)")
        #expect(world.service.feeds.userSetting("block_filter_entry_rules") == "EntryAuthor=(?i)bot\nEntryTitle=(?i)sponsored",
                "the user's block filter: \(String(describing: world.service.feeds.userSetting("block_filter_entry_rules")))")
        #expect(world.harbour?.settings["block_filter_entry_rules"] == nil, "a rule of the account went to a feed's filter")
        #expect(try world.lector(["rule", "push", "ads"]).stdout.contains("has it already"), "pushing twice changed something")
    }
    @Test("Miniflux end to end: pushed rules act at the server's next fetch, so the entries they drop never reach Lector; the others do")
    func pushedRulesActOnTheServer() throws {
        let world = try World("miniflux")
        #expect(try world.lector(["rule", "add", "ads", "title matches \"(?i)sponsored\"", "--then", "hide", "--feed", "Harbour News"]).status == 0)
        #expect(try world.lector(["rule", "push", "ads"]).status == 0)
        #expect(try world.lector(["rule", "add", "no-quiz", "not (title contains tide or title contains harbour)", "--then", "hide",
                                  "--account", "Server"]).status == 0)
        #expect(try world.lector(["rule", "push", "no-quiz"]).stdout.contains("the user's keep filter"))
        let now = Int64(Date().timeIntervalSince1970)
        for (n, title) in ["Tide table (Sponsored)", "Tide table two", "Pub quiz"].enumerated() {
            world.service.feeds.publish(LectorTestSupport.RemoteEntry(title: title, url: "https://harbour.example/new/\(n)", published: now - 5),
                                        inFeedAt: FeedServerCommandTests.feedURL)
        }
        let refreshed = try world.lector(["feed", "refresh", "Harbour News"])
        #expect(refreshed.status == 0, "feed refresh exited \(refreshed.status): \(refreshed.stderr)")
        #expect(try world.lector(["sync"]).status == 0)
        // Lector's own run of the rules only hides, and --all lists hidden articles: what is missing there never came.
        let listed = try world.lector(["article", "list", "--all"]).stdout
        #expect(listed.contains("Tide table two"), "the entry the rules let through did not arrive: \(listed)")
        #expect(!listed.contains("Sponsored"), "the feed's block filter let the sponsored entry in: \(listed)")
        #expect(!listed.contains("Pub quiz"), "the user's keep filter let 'Pub quiz' in: \(listed)")
    }
}
