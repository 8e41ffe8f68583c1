import Foundation
import LectorAccounts
import LectorFeeds
import LectorHTTP
import LectorStore
import LectorSync
import LectorTestSupport
import Testing

/// The administration verbs the account core took over from `AccountAdministrator` (issue 40
/// item 4: the CLI's one door): feeds, folders, feed settings and `feed apply`, each on the
/// server first and then in the store — against a real store, the test keyring and the
/// Miniflux and FreshRSS emulators on loopback. Refusals arrive as `AccountsError`.
@Suite("AccountManager's feed, folder, feed-setting and feed-apply verbs against the emulators", .serialized)
struct AccountManagerAdministrationVerbTests {
    typealias World = EmulatedServerHome

    static func storedFolders(_ world: World) throws -> [String] {
        try world.home.store.folders.list(accountID: world.account.id).map(\.folder.name).sorted()
    }

    @Test("createFolder, renameFolder and deleteFolder change Miniflux's categories first, then the store; a second folder of a name is refused")
    func foldersOnMiniflux() throws {
        let world = try World(.miniflux)
        let placement = try world.manager.createFolder(named: "Coast", in: world.account)
        #expect(placement.created && !placement.keptLocally && placement.change == .made, "\(placement)")
        #expect(world.feeds.folders.map(\.name).contains("Coast"), "the server has no category Coast: \(world.feeds.folders.map(\.name))")
        #expect(try Self.storedFolders(world).contains("Coast"))
        #expect(throws: AccountsError.administration(.folderExists(name: "Coast", account: "Server"))) {
            try world.manager.createFolder(named: "Coast", in: world.account)
        }

        #expect(try world.manager.renameFolder(placement.folder, to: "Shore", in: world.account) == .made)
        #expect(world.feeds.folders.map(\.name).contains("Shore") && !world.feeds.folders.map(\.name).contains("Coast"),
                "the server's category was not renamed: \(world.feeds.folders.map(\.name))")

        #expect(try world.manager.folderDeletionDeletesFeeds(in: world.account), "Miniflux deletes a category's feeds with it")
        let shore = try #require(try world.home.store.folders.list(accountID: world.account.id).map(\.folder).first { $0.name == "Shore" })
        let deletion = try world.manager.deleteFolder(shore, in: world.account)
        #expect(deletion.feedCount == 0 && !deletion.deletedFeeds && deletion.change == .made, "\(deletion)")
        #expect(!world.feeds.folders.map(\.name).contains("Shore"), "the server kept the category")
        #expect(try !Self.storedFolders(world).contains("Shore"), "the store kept the folder")
    }

    @Test("on FreshRSS a new folder is kept here until moveFeed files a feed in it there; deleting it keeps its feed on the server")
    func foldersOnFreshRSS() throws {
        let world = try World(.freshrss)
        let placement = try world.manager.createFolder(named: "Coast", in: world.account)
        #expect(placement.keptLocally, "FreshRSS has no empty folders: the new one is kept here")

        let moved = try world.manager.moveFeed(try world.feed("Harbour News"), toFolder: "Coast", in: world.account)
        #expect(moved.folder.name == "Coast" && !moved.created, "\(moved)")
        let coast = world.feeds.folders.first { $0.name == "Coast" }
        #expect(coast != nil && world.remoteFeed(world.harbourID)?.folderID == coast?.id,
                "the server did not file the feed in Coast: \(world.feeds.folders.map(\.name))")
        #expect(try world.feed("Harbour News").folderID == moved.folder.id, "the store did not follow the server")

        #expect(try !world.manager.folderDeletionDeletesFeeds(in: world.account), "FreshRSS keeps a deleted folder's feeds")
        let deletion = try world.manager.deleteFolder(moved.folder, in: world.account)
        #expect(deletion.feedCount == 1 && !deletion.deletedFeeds, "\(deletion)")
        #expect(world.remoteFeed(world.harbourID) != nil, "the feed went with its folder")
        #expect(try !Self.storedFolders(world).contains("Coast"))
    }

    @Test("checkNewSubscription refuses an address already subscribed before anything is fetched; renameFeed and unsubscribe reach Miniflux, then the store")
    func feedsOnMiniflux() throws {
        let world = try World(.miniflux)
        world.server.clearLog()
        #expect {
            try world.manager.checkNewSubscription(to: URL(string: World.harbourURL)!, in: world.account)
        } throws: { error in
            guard case .administration(.alreadySubscribed(let title, _, let account))? = error as? AccountsError else { return false }
            return title == "Harbour News" && account == "Server"
        }
        #expect(world.server.requests.isEmpty, "the refusal reached the server: \(world.calls)")
        try world.manager.checkNewSubscription(to: URL(string: "https://third.example/feed.xml")!, in: world.account)

        let harbour = try world.feed("Harbour News")
        #expect(try world.manager.renameFeed(harbour, to: "Port News", in: world.account) == .made)
        #expect(world.remoteFeed(world.harbourID)?.title == "Port News", "the server kept the old title")
        #expect(try world.feed("Port News").id == harbour.id, "the store kept the old title")
        #expect(throws: AccountsError.administration(.emptyName(what: "new title"))) {
            try world.manager.renameFeed(harbour, to: "  ", in: world.account)
        }

        #expect(try world.manager.unsubscribe(try world.feed("Other"), in: world.account) == .made)
        #expect(world.remoteFeed(world.otherID) == nil, "the server kept the feed")
        #expect(try world.home.store.feeds.list(accountID: world.account.id).map(\.feed.title) == ["Port News"], "the store kept the feed")
    }

    @Test("subscribable keeps the candidates the service can read (FreshRSS no JSON Feed); feedCandidates asks the server only where it can look")
    func candidates() throws {
        let world = try World(.freshrss)
        let atom = FeedFinder.Found(candidate: FeedCandidate(url: URL(string: "https://site.example/atom.xml")!, title: "Atom", type: "application/atom+xml"))
        let json = FeedFinder.Found(candidate: FeedCandidate(url: URL(string: "https://site.example/feed.json")!, title: "JSON", type: "application/feed+json"))
        #expect(try world.manager.subscribable([atom, json], in: world.account).map(\.candidate.title) == ["Atom"],
                "FreshRSS cannot read a JSON Feed: it is no candidate there")
        let local = try world.manager.addLocal(name: "Home")
        #expect(try world.manager.subscribable([atom, json], in: local).count == 2, "Lector reads a JSON Feed itself")

        #expect {
            try world.manager.feedCandidates(at: URL(string: "https://site.example/")!, in: world.account, finder: FeedFinder(http: HTTPClient()),
                                             credentials: nil, onServer: true)
        } throws: { error in
            guard case .server(.administration(.unsupported(kind: .freshrss, _)))? = error as? FeedLookupError else { return false }
            return true
        }
    }

    @Test("feedSettingKeys, changeFeedSettings, setFeedPaused, serverFeedSettings and storedFeedSettings: Miniflux's feed first, the store after")
    func feedSettingsOnMiniflux() throws {
        let world = try World(.miniflux)
        #expect(world.manager.feedSettingKeys(of: world.account).isSuperset(of: [.userAgent, .paused]))
        let harbour = try world.feed("Harbour News")
        try world.manager.changeFeedSettings(of: harbour, [FeedSettingChange(key: .userAgent, value: "HarbourBot/3")], in: world.account)
        #expect(world.remoteFeed(world.harbourID)?.settings["user_agent"] == .string("HarbourBot/3"), "the server's user_agent was not set")
        #expect(try world.manager.storedFeedSettings(of: harbour, in: world.account)[.userAgent] == "HarbourBot/3", "the store did not follow")

        world.feeds.setFeedSetting(feed: world.harbourID, "user_agent", .string("ChangedThere/1"))
        #expect(try world.manager.serverFeedSettings(of: harbour, in: world.account)[.userAgent] == "ChangedThere/1",
                "serverFeedSettings must read the server now")

        try world.manager.setFeedPaused(harbour, true, in: world.account)
        #expect(world.remoteFeed(world.harbourID)?.settings["disabled"] == .bool(true), "the server's feed is not disabled")
        try world.manager.setFeedPaused(harbour, false, in: world.account)
        #expect(world.remoteFeed(world.harbourID)?.settings["disabled"] != .bool(true), "the server's feed stayed disabled")

        #expect(try !world.manager.refreshEveryFeedSettings(of: world.account), "Miniflux's sync reads the settings: no call of its own")
    }

    @Test("refreshEveryFeedSettings reads FreshRSS's settings of every feed in one export and keeps them in the store")
    func everyFeedSettingsOnFreshRSS() throws {
        let world = try World(.freshrss)
        world.feeds.setFeedSetting(feed: world.harbourID, "filtersActionRead", .string("intitle:sponsored"))
        #expect(try world.manager.refreshEveryFeedSettings(of: world.account), "FreshRSS has an export of every feed's settings")
        #expect(try world.manager.storedFeedSettings(of: try world.feed("Harbour News"), in: world.account)[.markReadFilters] == "intitle:sponsored")
        #expect {
            try world.manager.changeFeedSettings(of: try world.feed("Harbour News"), [FeedSettingChange(key: .blockFilter, value: "X")], in: world.account)
        } throws: { error in
            guard case .administration(.settingUnsupported(let key, .freshrss, _))? = error as? AccountsError else { return false }
            return key == FeedSettingKey.blockFilter.rawValue
        }
    }

    @Test("planFeedApply plans from the server's structure and applyPlan makes Miniflux and the store match the desired feeds")
    func feedApply() throws {
        let world = try World(.miniflux)
        let desired = [DesiredFeed(url: URL(string: World.harbourURL)!, title: "Harbour", folder: "Coast")]
        let run = try world.manager.planFeedApply(desired, prune: true, in: world.account)
        #expect(run.account.id == world.account.id && run.plan.refusals.isEmpty && !run.plan.isEmpty, "\(run.plan)")
        #expect(run.plan.steps.contains { if case .unsubscribe = $0 { true } else { false } }, "prune must unsubscribe Other: \(run.plan.steps)")
        world.server.clearLog()
        let outcomes = world.manager.applyPlan(run, shouldStop: { false })
        #expect(outcomes.count == run.plan.steps.count && outcomes.allSatisfy { $0 == .done }, "\(outcomes)")
        #expect(world.remoteFeed(world.otherID) == nil, "the server kept the pruned feed")
        let harbour = try #require(world.remoteFeed(world.harbourID))
        #expect(harbour.title == "Harbour" && world.feeds.folders.first { $0.id == harbour.folderID }?.name == "Coast", "\(harbour)")
        #expect(try world.manager.planFeedApply(desired, prune: true, in: world.account).plan.isEmpty, "applying the same file again changes something")

        let emptied = try world.manager.planFeedApply([], prune: true, in: world.account)
        let stopped = world.manager.applyPlan(emptied, shouldStop: { true })
        #expect(!stopped.isEmpty && stopped.allSatisfy { $0 != .done }, "a stopped plan did a step: \(stopped)")
        #expect(world.remoteFeed(world.harbourID) != nil)
    }
}
