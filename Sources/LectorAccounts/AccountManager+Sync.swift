import FoundationEssentials
import LectorFeeds
import LectorStore
import LectorSync

extension AccountManager {
    /// The shortest wait of an automatic sync, whatever the settings say: servers and feed hosts
    /// are not polled more often than this by a timer.
    static let automaticSyncFloorMinutes = 15

    /// Syncs the chosen accounts one after the other: local accounts fetch their feeds, remote ones
    /// push their queued changes and then pull (or only push). Each account's outcome is in the
    /// report; what fails in one account does not stop the next. `isInterrupted` (Ctrl-C) stops
    /// the run before the next account, and an account whose transfers it cancelled is reported
    /// `interrupted`, not failed. Throws only when the accounts or their sync state cannot be read,
    /// or nothing can be synced for a manual run.
    public func sync(_ request: SyncRequest, events: @escaping (SyncRunEvent) -> Void = { _ in },
                     isInterrupted: () -> Bool = { false }) throws(AccountsError) -> SyncRunReport {
        let accounts = try accountsToSync(named: request.accountName)
        guard !accounts.isEmpty else {
            // A timer with nothing to sync has nothing to say; a person is told what to do.
            guard request.trigger == .manual else { return SyncRunReport(accounts: []) }
            throw .noAccountToSync
        }
        var reports: [AccountSyncReport] = []
        for account in accounts {
            // What was committed stays; the next account is not started.
            if isInterrupted() { break }
            if let waiting = try waiting(account, request) {
                reports.append(waiting)
                continue
            }
            reports.append(run(account, request, events: events, isInterrupted: isInterrupted))
        }
        return SyncRunReport(accounts: reports)
    }

    private func accountsToSync(named name: String?) throws(AccountsError) -> [Account] {
        if let name { return [try account(named: name)] }
        return try storing { try store.accounts.all().filter { !$0.isDemo } }
    }

    /// The report of an automatic run that declines the account, synced within the floor; nil
    /// when the account runs.
    private func waiting(_ account: Account, _ request: SyncRequest) throws(AccountsError) -> AccountSyncReport? {
        let status = try storing { try store.sync.status(accountID: account.id) }
        guard case .automatic(let interval) = request.trigger, let last = status.lastStartedAt else { return nil }
        let floor = Double(max(Self.automaticSyncFloorMinutes, interval)) * 60
        let elapsed = request.now.timeIntervalSince1970 - last
        guard elapsed < floor else { return nil }
        return AccountSyncReport(account: account, outcome: .skipped,
                                 detail: .recentlySynced(minutesAgo: Int(elapsed / 60), floorMinutes: Int(floor / 60)), failures: [])
    }

    private func run(_ account: Account, _ request: SyncRequest, events: @escaping (SyncRunEvent) -> Void,
                     isInterrupted: () -> Bool) -> AccountSyncReport {
        defer { events(.ended(account)) }
        let progress: (SyncProgress) -> Void = { events(.progress(account, $0)) }
        do throws(AccountsError) {
            return try sync(account, request, progress: progress)
        } catch where isInterrupted() {
            // The transfers were cancelled under the sync: it was stopped, it did not fail.
            return AccountSyncReport(account: account, outcome: .interrupted, detail: .stopped, failures: [])
        } catch .sync(.alreadySyncing(_, let pid)) where request.trigger != .manual {
            // A timer run that finds another sync of the account under way has nothing to add.
            return AccountSyncReport(account: account, outcome: .skipped, detail: .alreadySyncing(pid: pid), failures: [])
        } catch {
            return AccountSyncReport(account: account, outcome: .failed, detail: .failed, failures: [SyncFailure(account: error)])
        }
    }

    /// One account's run through its provider: a local account fetches its feeds (and has
    /// nothing to push), a remote one pushes and then pulls, or only pushes.
    private func sync(_ account: Account, _ request: SyncRequest,
                      progress: @escaping (SyncProgress) -> Void) throws(AccountsError) -> AccountSyncReport {
        let provider = try provider(for: account, onlyFeeds: request.feedIDs)
        let pulled: AccountSyncResult
        do {
            if request.pushOnly {
                guard let pushed = try provider.push(account, in: store, progress: progress) else {
                    return AccountSyncReport(account: account, outcome: .ok, detail: .nothingToPush, failures: [])
                }
                return AccountSyncReport(account: account, outcome: .ok, detail: .pushed(pushed), failures: [])
            }
            pulled = try provider.sync(account, in: store, manual: request.trigger == .manual,
                                       since: request.ageLimit.earliest(from: request.now), progress: progress)
        } catch {
            throw .sync(error)
        }
        // The rules act on what the store holds and they have not swept (this sync's articles,
        // and those of a run that died before its sweep), in every kind's sync, here; their
        // actions are queued like hand-made marks and sent before the sync ends.
        let complete = if case .fetched(let report) = pulled { report.interruption == nil } else { true }
        // Restored rules that waited for this sync's feeds and folders go in before the sweep.
        let placed = try placeWaitingRules(account)
        let rules = try sweepRules(account, provider: provider, now: request.now, completesSync: complete)
        try keepSavedSearchLabels(account, provider: provider, now: request.now)
        switch pulled {
        case .fetched(let report):
            let failures = report.feedFailures.map(SyncFailure.init)
            let outcome = report.interruption != nil ? .interrupted
                : RunOutcome.of(succeeded: report.fetched + report.unchanged + report.skipped, failures: failures.count)
            return AccountSyncReport(account: account, outcome: outcome, detail: .fetched(report), failures: failures, rules: rules.outcomes,
                                     rulesSent: rules.sent, rulesPlaced: placed, copies: rules.copies, noticed: rules.noticed)
        case .pulled(let report):
            // Starred articles a restore kept for the account's first sync after its secret go back now, by themselves.
            let starred = try putBackWaitingStarred(account)
            return AccountSyncReport(account: account, outcome: .ok, detail: .synced(report), failures: [], rules: rules.outcomes,
                                     rulesSent: rules.sent, rulesPlaced: placed, starredRestored: starred,
                                     copies: rules.copies, noticed: rules.noticed)
        }
    }

    /// A feed just subscribed on the account's server: its entries fetched now, alone, so its
    /// articles are listed at once without a whole sync of the account (the rules sweep them as
    /// any stored article). Returns how many arrived; nil when the service has no per-feed
    /// listing (Fever, Feedbin here): the caller syncs the account instead.
    public func pullSubscribedFeed(_ feed: Feed, of account: Account) throws(AccountsError) -> Int? {
        let provider = try provider(for: account)
        let stored: Int?
        do { stored = try SyncEngine(store: store, account: account, provider: provider).pullFeed(feed) } catch { throw .sync(error) }
        guard let stored else { return nil }
        _ = try sweepRules(account, provider: provider, now: Date())
        return stored
    }

    /// Runs the rules over what the account's store holds and they have not swept, and sends
    /// what they changed to the account's server at once (its other clients see a muted article
    /// read now, not at the next sync). `sent` is nil for an account without a server. Before
    /// the rules, later copies of stories stored already are handled as `sync.duplicates` says
    /// (`copies`), and the new articles in `sync.notify-folders` noted; `noticed` is those and
    /// what `notify` rules matched, for the sync's one notification.
    func sweepRules(_ account: Account, provider: any SyncProvider, now: Date, completesSync: Bool = false)
        throws(AccountsError) -> (outcomes: [RuleOutcome], sent: RulesSent?, copies: HandledCopies?, noticed: [Int64]) {
        let copies = try handleNewCopies(account)
        let inFolders = try newInNotifyFolders(account)
        let outcomes = try storing { try store.ruleEngine.runNewArticles(accountID: account.id, now: now.timeIntervalSince1970,
                                                                           completesSync: completesSync) }
        let noticed = Array(Set(inFolders + outcomes.filter { $0.rule.action == .notify }.flatMap(\.matched))).sorted()
        guard account.kind.hasServer else { return (outcomes, nil, copies, noticed) }
        let changedServer = outcomes.contains { $0.changed > 0 && $0.rule.action != .hide && $0.rule.action != .notify }
            || copies.map { $0.handling == .markRead && $0.changed > 0 } == true
        guard changedServer else { return (outcomes, .nothing, copies, noticed) }
        do {
            let report = try SyncEngine(store: store, account: account, provider: provider).push()
            return (outcomes, .sent(report.pushed), copies, noticed)
        } catch {
            // What the rules did is kept and queued: the next sync sends it.
            return (outcomes, .waiting("\(error)"), copies, noticed)
        }
    }

    /// Where the server keeps labels, each saved search with `--label` is a label on what it
    /// matches, and the changes go to the server at once: its other clients see the search.
    private func keepSavedSearchLabels(_ account: Account, provider: any SyncProvider, now: Date) throws(AccountsError) {
        guard account.kind.service.capabilities.keepsLabelsOnServer else { return }
        let changed = try storing { try store.ruleEngine.keepSavedSearchLabels(accountID: account.id, now: now.timeIntervalSince1970) }
        guard changed > 0 else { return }
        do { try SyncEngine(store: store, account: account, provider: provider).push() } catch { throw .sync(error) }
    }
}
