import Foundation
import LectorStore
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
        let result = try world.lector(["rule", "push", "tides"])
        let pushed = result.stdout
        #expect(pushed.contains("= Server: here only: Miniflux's filters drop or keep entries"), "\(pushed)")
        #expect(result.status == 2 && result.stderr.contains("nothing pushed"),
                "a rule no server can take exits 2 (usage), saying nothing was pushed: \(result.status) \(result.stderr)")
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
        #expect(world.harbour?.settings["filtersActionRead"] == .string("author:robot\nintitle:\"tide table\" !author:\"ann\"\ninurl:promo"),
                "the server's read filters: \(String(describing: world.harbour?.settings))")
        #expect(try world.lector(["rule", "push", "tides"]).stdout.contains("already on every feed"), "pushing twice changed something")
        let shown = try world.lector(["rule", "show", "tides"]).stdout
        #expect(shown.contains("read filter, as the server runs it (one line each, any one matching):\n    intitle:\"tide table\" !author:\"ann\"\n    inurl:promo"),
                "rule show prints each line as sent: \(shown)")
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

    @Test("Miniflux: rule disable takes the pushed lines off and rule enable puts them back; rule remove takes them off for good, never the feed's own line")
    func minifluxWithdrawal() throws {
        let world = try World("miniflux")
        let id = try #require(world.harbour?.id)
        world.service.feeds.setFeedSetting(feed: id, "block_filter_entry_rules", .string("EntryAuthor=(?i)bot"))
        let pushedLines = "EntryAuthor=(?i)bot\nEntryTitle=(?i)sponsored\nEntryURL=(?i)\\bpromo\\b"
        #expect(try world.lector(["rule", "add", "ads", "title matches \"(?i)sponsored\" or url contains promo", "--then", "hide",
                                  "--feed", "Harbour News"]).status == 0)
        #expect(try world.lector(["rule", "push", "ads"]).status == 0)
        #expect(world.harbour?.settings["block_filter_entry_rules"] == .string(pushedLines), "the push: \(String(describing: world.harbour?.settings))")
        let listed = try world.lector(["rule", "list"]).stdout
        #expect(listed.contains("Server: block filter (pushed)"), "rule list says the rule was pushed: \(listed)")

        let off = try world.lector(["rule", "disable", "ads"])
        #expect(off.status == 0 && off.stdout.contains("- Server: the rule's lines off the filters of 'Harbour News'"), "\(off.stdout) \(off.stderr)")
        #expect(world.harbour?.settings["block_filter_entry_rules"] == .string("EntryAuthor=(?i)bot"),
                "rule disable must leave the feed's own line and only it: \(String(describing: world.harbour?.settings))")
        let on = try world.lector(["rule", "enable", "ads"])
        #expect(on.status == 0 && on.stdout.contains("~ Server: block filter of 'Harbour News'"), "rule enable pushes again: \(on.stdout) \(on.stderr)")
        #expect(world.harbour?.settings["block_filter_entry_rules"] == .string(pushedLines), "after rule enable")

        let removed = try world.lector(["rule", "remove", "ads"])
        #expect(removed.status == 0 && removed.stdout.contains("the rule's lines off the filters of 'Harbour News'"), "\(removed.stdout) \(removed.stderr)")
        #expect(world.harbour?.settings["block_filter_entry_rules"] == .string("EntryAuthor=(?i)bot"), "rule remove left the rule's lines")
        #expect(try world.lector(["rule", "show", "ads"]).status == 3, "the rule is still here (rule show of a removed rule exits 3, not found)")
    }

    @Test("a line two pushed rules hold stays until the second goes; a line the filter had before the push is never taken; --local leaves the lines")
    func sharedAndOwnLinesStay() throws {
        let world = try World("miniflux")
        let id = try #require(world.harbour?.id)
        world.service.feeds.setFeedSetting(feed: id, "block_filter_entry_rules", .string("EntryURL=(?i)\\bpromo\\b"))
        for name in ["first", "second"] {
            #expect(try world.lector(["rule", "add", name, "title matches \"(?i)sponsored\"", "--then", "hide", "--feed", "Harbour News"]).status == 0)
            #expect(try world.lector(["rule", "push", name]).status == 0)
        }
        #expect(try world.lector(["rule", "add", "had", "url contains promo", "--then", "hide", "--feed", "Harbour News"]).status == 0)
        #expect(try world.lector(["rule", "push", "had"]).stdout.contains("already on every feed"), "the feed had the line already")
        let both = "EntryURL=(?i)\\bpromo\\b\nEntryTitle=(?i)sponsored"
        #expect(world.harbour?.settings["block_filter_entry_rules"] == .string(both), "\(String(describing: world.harbour?.settings))")

        #expect(try world.lector(["rule", "remove", "first"]).status == 0)
        #expect(world.harbour?.settings["block_filter_entry_rules"] == .string(both), "the line the second rule holds went with the first")
        #expect(try world.lector(["rule", "remove", "had"]).status == 0)
        #expect(world.harbour?.settings["block_filter_entry_rules"] == .string(both), "a line the feed had before the push was taken off")
        let unpushed = try world.lector(["rule", "unpush", "second"])
        #expect(unpushed.status == 0 && unpushed.stdout.contains("'Harbour News'"), "\(unpushed.stdout) \(unpushed.stderr)")
        #expect(world.harbour?.settings["block_filter_entry_rules"] == .string("EntryURL=(?i)\\bpromo\\b"), "rule unpush left the second rule's line")
        let listed = try world.lector(["rule", "list"]).stdout
        #expect(!listed.contains("(pushed)"), "an unpushed rule is listed as pushed: \(listed)")
        #expect(try world.lector(["rule", "disable", "second"]).status == 0)
        #expect(try world.lector(["rule", "enable", "second"]).stdout.contains("Rule 'second' is on."), "rule enable after unpush")
        #expect(world.harbour?.settings["block_filter_entry_rules"] == .string("EntryURL=(?i)\\bpromo\\b"), "rule enable pushed an unpushed rule")

        #expect(try world.lector(["rule", "push", "second"]).status == 0)
        #expect(try world.lector(["rule", "remove", "--local", "second"]).status == 0)
        #expect(world.harbour?.settings["block_filter_entry_rules"] == .string(both), "rule remove --local took the lines off the server")
    }

    @Test("FreshRSS and Miniflux's user filters: rule unpush and rule remove put the filters back as they were")
    func freshRSSAndUserFiltersWithdrawal() throws {
        let fresh = try World("freshrss")
        let id = try #require(fresh.harbour?.id)
        fresh.service.feeds.setFeedSetting(feed: id, "filtersActionRead", .string("author:robot"))
        #expect(try fresh.lector(["rule", "add", "tides", "title contains tide", "--then", "read", "--feed", "Harbour News"]).status == 0)
        #expect(try fresh.lector(["rule", "push", "tides"]).status == 0)
        #expect(fresh.harbour?.settings["filtersActionRead"] == .string("author:robot\nintitle:\"tide\""), "\(String(describing: fresh.harbour?.settings))")
        #expect(try fresh.lector(["rule", "unpush", "tides"]).status == 0)
        // FreshRSS cannot shorten the list: the one line left overwrites the rule's, so the feed's own line is there twice (lector fixture freshrss/05-08).
        #expect(fresh.harbour?.settings["filtersActionRead"] == .string("author:robot\nauthor:robot"), "FreshRSS's read filters after unpush")

        let mini = try World("miniflux")
        mini.service.feeds.setUserSetting("block_filter_entry_rules", "EntryAuthor=(?i)bot")
        #expect(try mini.lector(["rule", "add", "ads", "title matches \"(?i)sponsored\"", "--then", "hide", "--account", "Server"]).status == 0)
        #expect(try mini.lector(["rule", "push", "ads"]).status == 0)
        let removed = try mini.lector(["rule", "remove", "ads"])
        #expect(removed.stdout.contains("- Server: the rule's lines off the user's filters (every feed)"), "\(removed.stdout) \(removed.stderr)")
        #expect(mini.service.feeds.userSetting("block_filter_entry_rules") == "EntryAuthor=(?i)bot", "the user's filters after rule remove")
    }

    @Test("lines a push killed under an older Lector left (no record names them): rule unpush takes off every line the rule's text produces, never the feed's own line nor one another pushed rule holds")
    func unpushReclaimsUnrecordedLines() throws {
        let world = try World("miniflux")
        let id = try #require(world.harbour?.id)
        world.service.feeds.setFeedSetting(feed: id, "block_filter_entry_rules", .string("EntryAuthor=(?i)bot"))
        #expect(try world.lector(["rule", "add", "ads", "title matches \"(?i)sponsored\" or url contains promo", "--then", "hide",
                                  "--feed", "Harbour News"]).status == 0)
        #expect(try world.lector(["rule", "add", "promo", "url contains promo", "--then", "hide", "--feed", "Harbour News"]).status == 0)
        #expect(try world.lector(["rule", "push", "ads"]).status == 0)
        #expect(try world.lector(["rule", "push", "promo"]).status == 0)
        #expect(world.harbour?.settings["block_filter_entry_rules"] == .string("EntryAuthor=(?i)bot\nEntryTitle=(?i)sponsored\nEntryURL=(?i)\\bpromo\\b"),
                "both pushed: \(String(describing: world.harbour?.settings))")
        // As an older Lector left it when killed after the server took the lines: nothing recorded, the rule not marked pushed.
        let store = try world.home.store()
        try store.database.execute("DELETE FROM rule_server_lines")
        try store.database.execute("UPDATE rules SET on_servers = 0 WHERE name = 'ads'")

        let unpushed = try world.lector(["rule", "unpush", "ads"])
        #expect(unpushed.status == 0 && unpushed.stdout.contains("- Server: the rule's lines off the filters of 'Harbour News'"),
                "\(unpushed.stdout) \(unpushed.stderr)")
        #expect(world.harbour?.settings["block_filter_entry_rules"] == .string("EntryAuthor=(?i)bot\nEntryURL=(?i)\\bpromo\\b"),
                "unpush takes the rule's unrecorded line off, and leaves the feed's own line and the one the pushed rule 'promo' holds: \(String(describing: world.harbour?.settings))")
        let again = try world.lector(["rule", "unpush", "ads"])
        #expect(again.stdout.contains("has no lines on a server"), "a second unpush finds nothing: \(again.stdout)")
    }

    @Test("rule remove with the server unreachable fails with the network exit code and keeps the rule; --local removes it here")
    func withdrawalNeedsTheServer() throws {
        let world = try World("miniflux")
        #expect(try world.lector(["rule", "add", "ads", "title matches \"(?i)sponsored\"", "--then", "hide", "--feed", "Harbour News"]).status == 0)
        #expect(try world.lector(["rule", "push", "ads"]).status == 0)
        world.service.server.stop()
        let removed = try world.lector(["rule", "remove", "ads"])
        #expect(removed.status == 6, "rule remove without the server exited \(removed.status): \(removed.stderr)")
        #expect(removed.stderr.split(separator: "\n").count == 1, "one error line: \(removed.stderr)")
        #expect(try world.lector(["rule", "show", "ads"]).status == 0, "the rule went although its lines could not be taken off")
        #expect(try world.lector(["rule", "remove", "--local", "ads"]).status == 0, "rule remove --local needs no server")
    }

    @Test("a push no server took leaves the rule not pushed: rule list and rule show --json do not say it is")
    func failedPushIsNotPushed() throws {
        let world = try World("miniflux")
        #expect(try world.lector(["rule", "add", "ads", "title matches \"(?i)sponsored\"", "--then", "hide", "--feed", "Harbour News"]).status == 0)
        world.service.server.stop()
        let pushed = try world.lector(["rule", "push", "ads"])
        #expect(pushed.status == 6, "rule push without the server exited \(pushed.status): \(pushed.stderr)")
        let listed = try world.lector(["rule", "list"]).stdout
        #expect(!listed.contains("(pushed)"), "a push the server never took is listed as pushed: \(listed)")
        let json = try world.lector(["rule", "show", "ads", "--json"]).stdout
        #expect(json.contains("\"pushed\":false") || json.contains("\"pushed\" : false"), "rule show --json: \(json)")
    }

    @Test("FreshRSS: a withdrawal its API cannot do (the rule's line is the feed's only one) fails in one line naming the line, keeps the rule and its record; once the line is gone from the server, rule remove completes")
    func freshRSSLineThatCannotGo() throws {
        let world = try World("freshrss")
        let id = try #require(world.harbour?.id)
        #expect(try world.lector(["rule", "add", "tides", "title contains tide", "--then", "read", "--feed", "Harbour News"]).status == 0)
        #expect(try world.lector(["rule", "push", "tides"]).status == 0)
        #expect(world.harbour?.settings["filtersActionRead"] == .string("intitle:\"tide\""), "\(String(describing: world.harbour?.settings))")
        let removed = try world.lector(["rule", "remove", "tides"])
        #expect(removed.status == 1 && removed.stderr.split(separator: "\n").count == 1 && removed.stderr.contains("intitle:\"tide\"")
                && removed.stderr.contains("Filter actions"), "rule remove: exit \(removed.status): \(removed.stdout) \(removed.stderr)")
        #expect(!removed.stdout.contains("lines off"), "a removal the server did not do was reported: \(removed.stdout)")
        #expect(world.harbour?.settings["filtersActionRead"] == .string("intitle:\"tide\""), "the line is still on the server")
        let shown = try world.lector(["rule", "show", "tides"])
        #expect(shown.status == 0 && shown.stdout.contains("pushed"), "the rule or its pushed state went: \(shown.stdout) \(shown.stderr)")
        // The person removes the line on FreshRSS's page; then the removal completes.
        world.service.feeds.setFeedSetting(feed: id, "filtersActionRead", nil)
        let again = try world.lector(["rule", "remove", "tides"])
        #expect(again.status == 0, "rule remove after the line went: \(again.stdout) \(again.stderr)")
        #expect(try world.lector(["rule", "show", "tides"]).status == 3, "the rule is still here")
    }
}
