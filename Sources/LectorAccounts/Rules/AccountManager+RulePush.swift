import LectorBasics
import LectorStore
import LectorSync

/// What `rule push` did on one account: the form the rule took there (or why it stays here
/// only), and the feeds whose server filters gained its lines or had them all already — or,
/// for a rule of a whole Miniflux account, whether the user's own filters did.
public struct RulePush: Sendable {
    public var account: String
    public var placement: ServerRulePlacement
    public var changed: [String] = []
    public var unchanged: [String] = []
    /// The user's filters (every feed) took the lines: true, had them: false; nil: per feed.
    public var userFiltersChanged: Bool?
}

extension AccountManager {
    /// Where a rule runs besides here, for each server account its scope reaches (one, or every
    /// non-demo server account for a rule of every account). Lector runs it here in every case.
    public func rulePlacements(_ rule: Rule) throws(AccountsError) -> [(account: Account, placement: ServerRulePlacement)] {
        let accounts = try storing { try store.accounts.all() }.filter { account in
            !account.isDemo && account.kind.hasServer && (rule.scope.accountID.map { $0 == account.id } ?? true)
        }
        return accounts.map { ($0, ServerRuleCompiler.placement(of: rule.expression, action: rule.action, on: $0.kind)) }
    }

    /// `rule push NAME`: adds the rule's lines to the server filters of each feed in its scope
    /// (Miniflux's block or keep filter, FreshRSS's mark-as-read searches), keeping the lines
    /// the feed had; a feed that has them all is left as it is, so pushing twice changes nothing.
    /// Each feed goes through the per-feed settings round trip (`AccountAdministrator`); a rule
    /// of a whole Miniflux account goes to the user's own filters, which hold for every feed.
    /// The lines it is about to add are recorded before they are sent (`withdrawRule` takes those
    /// off, even after a kill or a lost answer), and with them, once the server took them, those
    /// it found that another pushed rule holds: they are its too.
    public func pushRule(_ rule: Rule) throws(AccountsError) -> [RulePush] {
        var pushes: [RulePush] = []
        for (account, placement) in try rulePlacements(rule) {
            var push = RulePush(account: account.name, placement: placement)
            defer { pushes.append(push) }
            guard let lines = placement.lines, let key = placement.key else { continue }
            if account.kind.service.capabilities.keepsUserFilters, rule.scope.feedID == nil, rule.scope.folderID == nil {
                push.userFiltersChanged = try pushUserFilters(rule, lines, key: key, account: account)
                continue
            }
            let administrator = try administrator(for: account)
            for listing in try storing({ try store.feeds.list(accountID: account.id, folderID: rule.scope.folderID) })
            where rule.scope.feedID.map({ $0 == listing.feed.id }) ?? true {
                let feed = listing.feed
                let had: [String], missing: [String]
                do {
                    had = (try administrator.serverSettings(of: feed)[key] ?? "").split(separator: "\n").map(String.init)
                    missing = lines.filter { !had.contains($0) }
                } catch {
                    throw .administration(error)
                }
                try recordIntended(rule, missing, key: key, accountID: account.id, feedID: feed.id)
                do {
                    if !missing.isEmpty {
                        try administrator.changeSettings(of: feed, [FeedSettingChange(key: key, value: (had + missing).joined(separator: "\n"))])
                    }
                } catch {
                    throw .administration(error)
                }
                try record(rule, lines, had: had, key: key, accountID: account.id, feedID: feed.id)
                if missing.isEmpty { push.unchanged.append(feed.title) } else { push.changed.append(feed.title) }
            }
        }
        return pushes
    }

    /// Every line the rule's text produces on the servers its scope reaches, filter by filter, as
    /// `pushRule` would send them (a whole Miniflux account's to the user's filters, feedID nil).
    func producedLines(_ rule: Rule) throws(AccountsError) -> [RuleServerLine] {
        var produced: [RuleServerLine] = []
        for (account, placement) in try rulePlacements(rule) {
            guard let lines = placement.lines, let key = placement.key?.rawValue else { continue }
            if account.kind.service.capabilities.keepsUserFilters, rule.scope.feedID == nil, rule.scope.folderID == nil {
                produced += lines.map { RuleServerLine(accountID: account.id, feedID: nil, setting: key, line: $0) }
                continue
            }
            for listing in try storing({ try store.feeds.list(accountID: account.id, folderID: rule.scope.folderID) })
            where !listing.leftServer && (rule.scope.feedID.map { $0 == listing.feed.id } ?? true) {
                produced += lines.map { RuleServerLine(accountID: account.id, feedID: listing.feed.id, setting: key, line: $0) }
            }
        }
        return produced
    }

    static let keepsNoUserFilters = SyncError.rejected("this service's API keeps no filters of the user")

    /// Adds `lines` to the user's filter `key`; false when it had them all.
    private func pushUserFilters(_ rule: Rule, _ lines: [String], key: FeedSettingKey, account: Account) throws(AccountsError) -> Bool {
        let provider = try provider(for: account)
        let had: [String]
        do { had = (try provider.roles.userFilters?.userFilters()[key] ?? "").split(separator: "\n").map(String.init) } catch { throw .sync(error) }
        let missing = lines.filter { !had.contains($0) }
        try recordIntended(rule, missing, key: key, accountID: account.id, feedID: nil)
        do {
            if !missing.isEmpty { try provider.roles.required(\.userFilters, or: Self.keepsNoUserFilters).changeUserFilters([key: (had + missing).joined(separator: "\n")]) }
        } catch {
            throw .sync(error)
        }
        try record(rule, lines, had: had, key: key, accountID: account.id, feedID: nil)
        return lines.contains { !had.contains($0) }
    }

    /// Records the lines a push is about to add to one filter, before it sends them: a push killed
    /// or whose answer is lost after the server took them leaves them recorded, so `rule unpush`
    /// (or remove, disable) takes them off. A recorded line the server never took is harmless: a
    /// withdrawal takes off only lines the filter holds, and the next push sends it again.
    /// The rule is not marked pushed here; `record` does that once the server has them all.
    private func recordIntended(_ rule: Rule, _ missing: [String], key: FeedSettingKey, accountID: Int64, feedID: Int64?) throws(AccountsError) {
        guard !missing.isEmpty else { return }
        let intended = missing.map { RuleServerLine(accountID: accountID, feedID: feedID, setting: key.rawValue, line: $0) }
        try storing { try store.ruleServerLines.record(ruleID: rule.id, intended) }
    }

    /// Records the rule's lines in one filter, once the server has them all: those the filter
    /// did not have (the push added them), and those it had that another pushed rule holds; the
    /// rule is then a pushed one (a push that failed before any server took it is not).
    private func record(_ rule: Rule, _ lines: [String], had: [String], key: FeedSettingKey, accountID: Int64, feedID: Int64?) throws(AccountsError) {
        let placed = lines.map { RuleServerLine(accountID: accountID, feedID: feedID, setting: key.rawValue, line: $0) }
        let found = placed.filter { had.contains($0.line) }
        try storing {
            try store.write { db in
                let shared = try db.ruleServerLines.heldByOtherRules(than: rule.id, found)
                try db.ruleServerLines.record(ruleID: rule.id, placed.filter { !had.contains($0.line) || shared.contains($0) })
                try db.ruleServerLines.setOnServers(ruleID: rule.id, true)
            }
        }
    }
}
