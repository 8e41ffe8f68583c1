import Foundation
import LectorAccounts
import LectorStore
import LectorTestSupport
import Testing

/// The rule verbs of the account core, called directly against a real store, the test keyring
/// and the Miniflux and FreshRSS emulators on loopback: what each server's filters hold after
/// them, and what the store remembers of the lines it pushed.
@Suite("AccountManager's rule verbs against the emulators", .serialized)
struct AccountManagerRuleVerbTests {
    typealias World = EmulatedServerHome
    static let blockFilter = "block_filter_entry_rules"

    private func rule(_ world: World, _ name: String, _ expression: String, _ action: RuleAction, feed: String? = "Harbour News",
                      wholeAccount: Bool = false) throws -> Rule {
        let scope = RuleScope(accountID: wholeAccount ? world.account.id : nil, feedID: try feed.map { try world.feed($0).id })
        _ = try world.home.store.rules.add(name: name, expression: expression, action: action, scope: scope)
        return try #require(try world.home.store.rules.named(name))
    }

    private func stored(_ world: World, _ name: String) throws -> Rule { try #require(try world.home.store.rules.named(name)) }

    @Test("rulePlacements: a Miniflux hide rule is a block filter, a read rule stays here, a FreshRSS read rule is a read filter; local accounts have none")
    func placements() throws {
        let mini = try World(.miniflux)
        _ = try mini.manager.addLocal(name: "Home")
        let hide = try rule(mini, "ads", "title matches \"(?i)sponsored\"", .hide)
        mini.server.clearLog()
        let placed = try mini.manager.rulePlacements(hide)
        #expect(placed.map(\.account.name) == ["Server"], "only the server account is reached: \(placed.map(\.account.name))")
        #expect(placed.first?.placement == .minifluxBlock(["EntryTitle=(?i)sponsored"]), "\(String(describing: placed.first?.placement))")
        let read = try rule(mini, "tides", "title contains tide", .read)
        guard case .local? = try mini.manager.rulePlacements(read).first?.placement else {
            Issue.record("a Miniflux read rule must stay here"); return
        }
        let fresh = try World(.freshrss)
        let freshRead = try rule(fresh, "tides", "title contains tide", .read)
        #expect(try fresh.manager.rulePlacements(freshRead).first?.placement == .freshRSSMarkRead(["intitle:\"tide\""]))
        #expect(mini.server.requests.isEmpty, "asking where a rule goes reached the server: \(mini.calls)")
    }

    @Test("pushRule (Miniflux feed): the feed's block filter gains the lines after those it had, the store records them and the rule is pushed; twice changes nothing")
    func pushMinifluxFeed() throws {
        let world = try World(.miniflux)
        world.feeds.setFeedSetting(feed: world.harbourID, Self.blockFilter, .string("EntryAuthor=(?i)bot"))
        let ads = try rule(world, "ads", "title matches \"(?i)sponsored\" or url contains promo", .hide)
        world.server.clearLog()
        let pushes = try world.manager.pushRule(ads)
        #expect(pushes.map(\.changed) == [["Harbour News"]] && pushes.map(\.unchanged) == [[]], "\(pushes.map(\.changed)) \(pushes.map(\.unchanged))")
        #expect(world.remoteFeed(world.harbourID)?.settings[Self.blockFilter]
                == .string("EntryAuthor=(?i)bot\nEntryTitle=(?i)sponsored\nEntryURL=(?i)\\bpromo\\b"),
                "the server's block filter: \(String(describing: world.remoteFeed(world.harbourID)?.settings))")
        #expect(world.calls.contains("PUT /v1/feeds/\(world.harbourID)"), "the feed was changed with PUT /v1/feeds/{id}: \(world.calls)")
        #expect(world.remoteFeed(world.otherID)?.settings[Self.blockFilter] == nil, "the other feed was touched")
        let recorded = try world.home.store.ruleServerLines.lines(ruleID: ads.id).map(\.line)
        #expect(recorded == ["EntryTitle=(?i)sponsored", "EntryURL=(?i)\\bpromo\\b"], "only the lines the push added are the rule's: \(recorded)")
        #expect(try stored(world, "ads").onServers, "the rule must be a pushed one")
        world.server.clearLog()
        let again = try world.manager.pushRule(try stored(world, "ads"))
        #expect(again.map(\.changed) == [[]] && again.map(\.unchanged) == [["Harbour News"]], "twice changed something")
        #expect(!world.calls.contains { $0.hasPrefix("PUT") }, "a second push wrote to the server: \(world.calls)")
    }

    @Test("pushRule (a whole Miniflux account): the user's own block filter, once; a failed push leaves the rule not pushed")
    func pushMinifluxUserFilters() throws {
        let world = try World(.miniflux)
        world.feeds.setUserSetting(Self.blockFilter, "EntryAuthor=(?i)bot")
        let ads = try rule(world, "ads", "title matches \"(?i)sponsored\"", .hide, feed: nil, wholeAccount: true)
        #expect(try world.manager.pushRule(ads).map(\.userFiltersChanged) == [true])
        #expect(world.feeds.userSetting(Self.blockFilter) == "EntryAuthor=(?i)bot\nEntryTitle=(?i)sponsored")
        #expect(world.remoteFeed(world.harbourID)?.settings[Self.blockFilter] == nil, "a rule of the account went to a feed's filter")
        #expect(try world.manager.pushRule(ads).map(\.userFiltersChanged) == [false], "twice changed the user's filters")

        let other = try rule(world, "other", "title matches \"(?i)quiz\"", .hide)
        world.server.stop()
        #expect(throws: AccountsError.self, "a push with the server gone must fail") { try world.manager.pushRule(other) }
        #expect(try stored(world, "other").onServers == false, "a push no server took left the rule marked pushed")
        #expect(try world.home.store.ruleServerLines.lines(ruleID: other.id).isEmpty, "lines were recorded for a failed push")
    }

    @Test("pushRule (FreshRSS): a read rule becomes the feed's mark-as-read searches, after those it had")
    func pushFreshRSS() throws {
        let world = try World(.freshrss)
        world.feeds.setFeedSetting(feed: world.harbourID, "filtersActionRead", .string("author:robot"))
        let tides = try rule(world, "tides", "title contains tide", .read)
        #expect(try world.manager.pushRule(tides).map(\.changed) == [["Harbour News"]])
        #expect(world.remoteFeed(world.harbourID)?.settings["filtersActionRead"] == .string("author:robot\nintitle:\"tide\""),
                "\(String(describing: world.remoteFeed(world.harbourID)?.settings))")
        #expect(world.remoteFeed(world.otherID)?.settings["filtersActionRead"] == nil, "the other feed was touched")
    }

    @Test("unpushRule takes off only the rule's own lines (never one the feed had, nor one another pushed rule holds) and the rule is no longer pushed")
    func unpush() throws {
        let world = try World(.miniflux)
        world.feeds.setFeedSetting(feed: world.harbourID, Self.blockFilter, .string("EntryURL=(?i)\\bpromo\\b"))
        let first = try rule(world, "first", "title matches \"(?i)sponsored\" or url contains promo", .hide)
        let second = try rule(world, "second", "title matches \"(?i)sponsored\"", .hide)
        _ = try world.manager.pushRule(first)
        _ = try world.manager.pushRule(second)
        let both = "EntryURL=(?i)\\bpromo\\b\nEntryTitle=(?i)sponsored"
        #expect(world.remoteFeed(world.harbourID)?.settings[Self.blockFilter] == .string(both))

        let off = try world.manager.unpushRule(try stored(world, "first"))
        #expect(off.map(\.changed) == [[]], "the only line 'first' added is held by 'second' too: \(off.map(\.changed))")
        #expect(world.remoteFeed(world.harbourID)?.settings[Self.blockFilter] == .string(both), "a line another rule holds went")
        #expect(try stored(world, "first").onServers == false && world.home.store.ruleServerLines.lines(ruleID: first.id).isEmpty)

        let secondOff = try world.manager.unpushRule(try stored(world, "second"))
        #expect(secondOff.map(\.changed) == [["Harbour News"]])
        #expect(world.remoteFeed(world.harbourID)?.settings[Self.blockFilter] == .string("EntryURL=(?i)\\bpromo\\b"),
                "the feed's own line must stay and only it: \(String(describing: world.remoteFeed(world.harbourID)?.settings))")
        #expect(try stored(world, "second").onServers == false, "an unpushed rule is still marked pushed")
    }

    @Test("disableRule takes the lines off and keeps the rule pushed, enableRule puts them back; --local leaves the server alone")
    func disableEnable() throws {
        let world = try World(.miniflux)
        let ads = try rule(world, "ads", "title matches \"(?i)sponsored\"", .hide)
        _ = try world.manager.pushRule(ads)
        let off = try world.manager.disableRule(try stored(world, "ads"), local: false)
        #expect(off.changed && off.withdrawals.map(\.changed) == [["Harbour News"]], "\(off.changed) \(off.withdrawals.map(\.changed))")
        #expect(world.remoteFeed(world.harbourID)?.settings[Self.blockFilter] == nil, "disabling left the line on the server")
        let disabled = try stored(world, "ads")
        #expect(!disabled.enabled && disabled.onServers, "off here, and still a pushed rule")
        #expect(try world.manager.disableRule(disabled, local: false).changed == false, "disabling twice says it was off")

        let on = try world.manager.enableRule(disabled)
        #expect(on.changed && on.pushes.map(\.changed) == [["Harbour News"]], "enable must push a pushed rule again")
        #expect(world.remoteFeed(world.harbourID)?.settings[Self.blockFilter] == .string("EntryTitle=(?i)sponsored"))
        #expect(try stored(world, "ads").enabled)

        let localOff = try world.manager.disableRule(try stored(world, "ads"), local: true)
        #expect(localOff.changed && localOff.withdrawals.isEmpty)
        #expect(world.remoteFeed(world.harbourID)?.settings[Self.blockFilter] == .string("EntryTitle=(?i)sponsored"), "--local reached the server")

        let plain = try rule(world, "plain", "title contains quiz", .hide)
        _ = try world.manager.disableRule(plain, local: true)
        world.server.clearLog()
        #expect(try world.manager.enableRule(try stored(world, "plain")).pushes.isEmpty, "a rule never pushed is not pushed by enable")
        #expect(world.server.requests.isEmpty, "enabling a rule never pushed reached the server: \(world.calls)")
    }

    @Test("removeRule: lines off the server first, then the rule; with the server gone it fails and keeps the rule; --local removes it here only")
    func remove() throws {
        let world = try World(.miniflux)
        world.feeds.setFeedSetting(feed: world.harbourID, Self.blockFilter, .string("EntryAuthor=(?i)bot"))
        let ads = try rule(world, "ads", "title matches \"(?i)sponsored\"", .hide)
        _ = try world.manager.pushRule(ads)
        let removed = try world.manager.removeRule(try stored(world, "ads"), local: false)
        #expect(removed.map(\.changed) == [["Harbour News"]])
        #expect(world.remoteFeed(world.harbourID)?.settings[Self.blockFilter] == .string("EntryAuthor=(?i)bot"))
        #expect(try world.home.store.rules.named("ads") == nil, "the rule is still stored")

        let kept = try rule(world, "kept", "title matches \"(?i)quiz\"", .hide)
        _ = try world.manager.pushRule(kept)
        world.server.stop()
        #expect(throws: AccountsError.self, "removing with the server gone must fail") {
            try world.manager.removeRule(try stored(world, "kept"), local: false)
        }
        #expect(try world.home.store.rules.named("kept") != nil, "the rule went although its lines could not be taken off")
        #expect(try world.manager.removeRule(try stored(world, "kept"), local: true).isEmpty)
        #expect(try world.home.store.rules.named("kept") == nil, "--local must remove the rule here")
        #expect(world.remoteFeed(world.harbourID)?.settings[Self.blockFilter] == .string("EntryAuthor=(?i)bot\nEntryTitle=(?i)quiz"),
                "--local must leave the server's lines")
    }

    @Test("applyRule: a read rule over the stored articles marks them here and sends the reads at once; a dry run and a hide send nothing")
    func apply() throws {
        let world = try World(.miniflux)
        let tides = try rule(world, "tides", "title contains tide or title contains harbour", .read, feed: nil)
        let dry = try world.manager.applyRule(tides, dryRun: true)
        #expect(dry.outcome.matched.count == 2 && dry.sent == nil, "a dry run: \(dry.outcome.matched) \(String(describing: dry.sent))")
        #expect(try world.articles()["Tide table"]?.read == .unread, "a dry run marked an article")
        #expect(world.remoteItem("Tide table")?.read == false)

        let applied = try world.manager.applyRule(tides, dryRun: false)
        #expect(applied.outcome.changed == 2 && applied.sent == true, "applied: \(applied.outcome.changed) \(String(describing: applied.sent))")
        let articles = try world.articles()
        #expect(articles["Tide table"]?.read == .read && articles["Harbour works"]?.read == .read && articles["Sponsored boats"]?.read == .unread,
                "the store: \(articles.mapValues(\.read))")
        #expect(world.remoteItem("Tide table")?.read == true && world.remoteItem("Harbour works")?.read == true,
                "the reads did not reach the server")
        #expect(world.remoteItem("Sponsored boats")?.read == false, "an article the rule does not match was read on the server")
        #expect(try world.manager.applyRule(try stored(world, "tides"), dryRun: false).outcome.changed == 0, "a rule acts once on an article")

        let hide = try rule(world, "ads", "title contains sponsored", .hide, feed: nil)
        world.server.clearLog()
        let hidden = try world.manager.applyRule(hide, dryRun: false)
        #expect(hidden.outcome.changed == 1 && hidden.sent == nil, "a hide is local")
        #expect(world.server.requests.isEmpty, "a hide reached the server: \(world.calls)")
    }
}
