import LectorBasics
import LectorStore
import LectorSync

/// What taking a rule's lines off the servers did on one account: the feeds whose filters lost
/// lines, and whether the user's own filters did (nil: the rule had none there).
public struct RuleWithdrawal: Sendable {
    public var account: String
    public var changed: [String] = []
    public var userFiltersChanged: Bool?
}

extension AccountManager {
    /// Takes the lines `rule push` added for this rule off every server filter that holds them,
    /// server first, then forgets them: only those lines — not one a filter had before the push,
    /// nor one another pushed rule holds too; a line taken off by hand meanwhile is simply forgotten.
    ///
    /// With `reconcilingText` (`rule unpush`) it also reconciles with what the servers have: a push
    /// killed under an older Lector (which recorded a filter's lines only once the server had taken
    /// them) left lines no record names, so on every filter of its scope where the rule has no line
    /// recorded, every line its text produces that the filter holds is taken off too — but one
    /// another pushed rule holds (by its record or its text) stays. Where the rule has lines
    /// recorded, the record is whole (this Lector's push) and only it counts. No record tells such
    /// a leftover from a line the filter had before a push that added nothing, so this is unpush's
    /// alone: remove and disable take off the recorded lines.
    func withdrawRule(_ rule: Rule, reconcilingText: Bool = false) throws(AccountsError) -> [RuleWithdrawal] {
        let recorded = try storing { try store.ruleServerLines.lines(ruleID: rule.id) }
        // A filter: the account, the feed (nil: the user's filters) and the setting.
        let recordedFilters = Set(recorded.map { [String($0.accountID), $0.feedID.map(String.init) ?? "", $0.setting] })
        let produced = reconcilingText ? try producedLines(rule).filter {
            !recordedFilters.contains([String($0.accountID), $0.feedID.map(String.init) ?? "", $0.setting])
        } : []
        let lines = recorded + produced
        var shared = try storing { try store.ruleServerLines.heldByOtherRules(than: rule.id, lines) }
        if !produced.isEmpty {
            let others = try storing { try store.rules.all() }.filter { $0.id != rule.id && $0.onServers }
            for other in others { shared.formUnion(Set(try producedLines(other)).intersection(lines)) }
        }
        let accounts = try storing { try store.accounts.all() }
        var withdrawals: [RuleWithdrawal] = []
        for accountID in lines.map(\.accountID).uniquedInOrder {
            guard let account = accounts.first(where: { $0.id == accountID }) else { continue }
            var withdrawal = RuleWithdrawal(account: account.name)
            let onAccount = lines.filter { $0.accountID == accountID }
            let feeds = try storing { try store.feeds.list(accountID: accountID) }.map(\.feed)
            for feedID in onAccount.map(\.feedID).uniquedInOrder {
                var own: [FeedSettingKey: Set<String>] = [:]
                for line in onAccount where line.feedID == feedID && !shared.contains(line) {
                    if let key = FeedSettingKey(rawValue: line.setting) { own[key, default: []].insert(line.line) }
                }
                if let feedID {
                    if let feed = feeds.first(where: { $0.id == feedID }), try takeOff(own, feed: feed, account: account) {
                        withdrawal.changed.append(feed.title)
                    }
                } else {
                    withdrawal.userFiltersChanged = try takeOffUserFilters(own, account: account)
                }
                try storing { try store.ruleServerLines.forget(ruleID: rule.id, accountID: accountID, feedID: feedID) }
            }
            withdrawals.append(withdrawal)
        }
        return withdrawals
    }

    /// `rule unpush NAME`: its lines off the servers, and the rule no longer one that was pushed
    /// (`rule enable` does not push it again).
    public func unpushRule(_ rule: Rule) throws(AccountsError) -> [RuleWithdrawal] {
        let withdrawals = try withdrawRule(rule, reconcilingText: true)
        try storing { try store.ruleServerLines.setOnServers(ruleID: rule.id, false) }
        return withdrawals
    }

    /// `rule remove NAME`: its lines off the servers first (unless `local`), then the rule.
    public func removeRule(_ rule: Rule, local: Bool) throws(AccountsError) -> [RuleWithdrawal] {
        let withdrawals = local ? [] : try withdrawRule(rule)
        try storing { try store.rules.remove(rule.name) }
        return withdrawals
    }

    /// `rule disable NAME`: its lines off the servers first (unless `local`; it stays a pushed
    /// rule, so `rule enable` pushes it again), then the rule off. Returns whether it was on.
    public func disableRule(_ rule: Rule, local: Bool) throws(AccountsError) -> (changed: Bool, withdrawals: [RuleWithdrawal]) {
        let withdrawals = local ? [] : try withdrawRule(rule)
        return (try storing { try store.rules.setEnabled(rule.name, false) }, withdrawals)
    }

    /// `rule enable NAME`: the rule on, and a rule that was pushed pushed again. Returns whether it was off.
    public func enableRule(_ rule: Rule) throws(AccountsError) -> (changed: Bool, pushes: [RulePush]) {
        let changed = try storing { try store.rules.setEnabled(rule.name, true) }
        return (changed, rule.onServers ? try pushRule(rule) : [])
    }

    /// Takes `own` lines off the feed's server filters; whether any was there.
    private func takeOff(_ own: [FeedSettingKey: Set<String>], feed: Feed, account: Account) throws(AccountsError) -> Bool {
        let administrator = try administrator(for: account)
        do {
            let settings = try administrator.serverSettings(of: feed)
            let changes = Self.remaining(own, in: settings).map { FeedSettingChange(key: $0.key, value: $0.value) }
            guard !changes.isEmpty else { return false }
            try administrator.changeSettings(of: feed, changes)
            return true
        } catch {
            throw .administration(error)
        }
    }

    /// Takes `own` lines off the user's own filters; whether any was there.
    private func takeOffUserFilters(_ own: [FeedSettingKey: Set<String>], account: Account) throws(AccountsError) -> Bool {
        let provider = try provider(for: account)
        do {
            let changes = Self.remaining(own, in: try provider.roles.userFilters?.userFilters() ?? [:])
            guard !changes.isEmpty else { return false }
            try provider.roles.required(\.userFilters, or: Self.keepsNoUserFilters).changeUserFilters(changes.mapValues { $0 ?? "" })
            return true
        } catch {
            throw .sync(error)
        }
    }

    /// For each setting that holds some of `own`, what is left of it without them (nil: nothing).
    static func remaining(_ own: [FeedSettingKey: Set<String>], in settings: [FeedSettingKey: String]) -> [FeedSettingKey: String?] {
        var changes: [FeedSettingKey: String?] = [:]
        for (key, lines) in own {
            let had = (settings[key] ?? "").split(separator: "\n").map(String.init)
            let kept = had.filter { !lines.contains($0) }
            guard kept.count != had.count else { continue }
            changes[key] = kept.isEmpty ? nil : kept.joined(separator: "\n")
        }
        return changes
    }
}
