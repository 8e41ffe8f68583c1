import FoundationEssentials
import LectorFeeds
import LectorStore
import LectorSync

extension AccountManager {
    /// `account copy`: the chosen parts of `sourceName` into `destinationName`, through the
    /// destination's API. Feeds and folders first (a plan, applied unless `dryRun`); then the
    /// destination is synced so its new feeds have their articles, and the source's starred ones
    /// are found and starred there; then the reading list, by address. A failure to star is
    /// reported in its step and the copy goes on; the others stop it.
    /// `syncSince` is the article-age limit of a remote destination's sync.
    public func copy(from sourceName: String, into destinationName: String, parts: Set<AccountCopyPart>, dryRun: Bool,
                     syncSince: () throws(AccountsError) -> Date?, shouldStop: () -> Bool) throws(AccountsError) -> AccountCopyReport {
        let source = try account(named: sourceName)
        let destination = try account(named: destinationName)
        guard source.id != destination.id else { throw .copyIntoItself(account: source.name) }
        guard !destination.isDemo else { throw .copyIntoDemo }
        let administrator = try administrator(for: destination)
        let plan = try structurePlan(from: source, into: administrator, parts: parts)
        let applied = !dryRun && plan.refusals.isEmpty && !plan.isEmpty ? administrator.apply(plan, shouldStop: shouldStop) : nil
        let copy = AccountCopy(from: source, into: administrator)
        var starred: AccountCopyReport.Starred?
        if parts.contains(.starred) {
            starred = try copyStarred(copy, through: administrator, dryRun: dryRun, syncSince: syncSince)
        }
        var readingList: AccountCopyReport.ReadingList?
        if parts.contains(.readingList) {
            let (items, missing) = try administering { () throws(AdministrationError) in try copy.readingListMissing() }
            readingList = dryRun ? .planned(items: items, missing: missing.count)
                : .copied(items: items, added: try administering { () throws(AdministrationError) in try copy.copyReadingList() })
        }
        // The destination's sync and the articles re-created there are new to it: its rules act on them.
        if !dryRun { _ = try sweepRules(destination, provider: administrator.provider, now: Date()) }
        return AccountCopyReport(source: source, destination: destination, parts: parts, dryRun: dryRun, plan: plan,
                                 applied: applied, starred: starred, readingList: readingList)
    }

    /// The source's feeds and folders as a plan against the destination (never pruning).
    private func structurePlan(from source: Account, into administrator: AccountAdministrator,
                               parts: Set<AccountCopyPart>) throws(AccountsError) -> AdministrationPlan {
        // A feed kept after it left the source's server is not one of its subscriptions.
        let departed = try storing { try store.feeds.leftServer(accountID: source.id) }
        let sourceFeeds = parts.contains(.feeds) ? try storing { try store.feeds.list(accountID: source.id) }.filter { !departed.contains($0.feed.id) } : []
        var desired: [DesiredFeed] = []
        var secretsLeft: [String] = []
        for listing in sourceFeeds {
            guard let url = URL(string: listing.feed.url) else { continue }
            let (settings, notCarried) = try travellingSettings(of: listing.feed)
            secretsLeft += notCarried
            // A title Lector made up is no opinion: the server names the feed itself.
            desired.append(DesiredFeed(url: url, title: listing.feed.titleIsPlaceholder ? nil : listing.feed.title,
                                       folder: parts.contains(.folders) ? listing.folderName : nil, siteURL: listing.feed.siteURL,
                                       settings: settings))
        }
        let folders = parts.contains(.folders) ? try storing { try store.folders.list(accountID: source.id) }.map(\.folder.name) : []
        var plan = try administering { () throws(AdministrationError) in
            if administrator.canEditStructure && !parts.isDisjoint(with: [.feeds, .folders]) { try administrator.refreshFromServer() }
            return try SubscriptionPlanner(administrator: administrator).plan(desired, folders: folders, prune: false)
        }
        plan.notCarried += secretsLeft
        return plan
    }

    /// The stars: counted on a dry run; else the destination is synced first, and a failure
    /// (the sync's, or the starring's) is the step's outcome.
    private func copyStarred(_ copy: AccountCopy, through administrator: AccountAdministrator, dryRun: Bool,
                             syncSince: () throws(AccountsError) -> Date?) throws(AccountsError) -> AccountCopyReport.Starred {
        if dryRun { return .planned(wanted: try administering { () throws(AdministrationError) in try copy.starredInSource() }.count) }
        do throws(AccountsError) {
            let sync = try syncing(administrator, since: syncSince)
            let result = try administering { () throws(AdministrationError) in try copy.copyStarred(fetch: sync) }
            return .done(try recreatingUnmatched(result, from: copy.source, through: administrator))
        } catch {
            return .failed(error)
        }
    }

    /// How to sync the destination so the feeds just subscribed have their articles: a local
    /// account fetches them itself, a remote one asks its server. The age limit is read only
    /// for a pull: none applies to feeds Lector fetches itself.
    private func syncing(_ administrator: AccountAdministrator,
                         since: () throws(AccountsError) -> Date?) throws(AccountsError) -> () throws(SyncError) -> Void {
        let provider = administrator.provider, account = administrator.account
        let since = !account.kind.hasServer ? nil : try since()
        return { [store] () throws(SyncError) in _ = try provider.sync(account, in: store, manual: true, since: since, progress: { _ in }) }
    }
}

/// Runs an administration verb, wrapping its failure as an `AccountsError`.
func administering<T>(_ body: () throws(AdministrationError) -> T) throws(AccountsError) -> T {
    do { return try body() } catch { throw .administration(error) }
}
