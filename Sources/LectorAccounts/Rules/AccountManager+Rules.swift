import FoundationEssentials
import LectorStore

extension AccountManager {
    /// What `applyRule` did: the rule's outcome over the stored articles, and whether its reads
    /// and stars reached the servers (nil: nothing to send, or a dry run).
    public struct AppliedRule: Sendable {
        public var outcome: RuleOutcome
        public var sent: Bool?
    }

    /// Runs a rule over the articles already stored (retroactive), as a sync runs it over new
    /// ones; its reads and stars are queued like hand-made ones and then pushed at once to the
    /// accounts in its scope (a hide is local). A dry run only says what it would do.
    public func applyRule(_ rule: Rule, dryRun: Bool, now: Date = Date()) throws(AccountsError) -> AppliedRule {
        let outcome = try storing { try store.ruleEngine.run(rule, dryRun: dryRun, now: now.timeIntervalSince1970) }
        guard !dryRun, outcome.changed > 0, rule.action != .hide, rule.action != .notify else { return AppliedRule(outcome: outcome, sent: nil) }
        let accountIDs = try storing { try store.accounts.all() }.map(\.id).filter { rule.scope.accountID == nil || $0 == rule.scope.accountID }
        return AppliedRule(outcome: outcome, sent: try flushMarks(accountIDs: Set(accountIDs)))
    }
}
