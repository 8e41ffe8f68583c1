import LectorStore
import LectorSync

/// A rule as `rule list` and `rule show` present it: how many articles it acted on, and where its
/// lines would go on each server account in its scope.
public struct RuleListing: Sendable {
    public var rule: Rule
    public var hits: Int
    public var placements: [(account: Account, placement: ServerRulePlacement)]
}

extension AccountManager {
    /// `rule add`: keeps a rule that each sync runs over the articles it brings in. A filter
    /// that does not parse, or a name another rule has (any case), is refused.
    @discardableResult
    public func addRule(name: String, expression: String, action: RuleAction, scope: RuleScope) throws(AccountsError) -> Rule {
        let rules = store.rules
        return try storing { try rules.add(name: name, expression: expression, action: action, scope: scope) }
    }

    /// Every rule, by name, with its hits and placements (`rule list`).
    public func ruleListings() throws(AccountsError) -> [RuleListing] {
        let rules = try storing { try store.rules.all() }
        let hits = try storing { try store.rules.hitCounts() }
        return try rules.map { rule throws(AccountsError) in RuleListing(rule: rule, hits: hits[rule.id] ?? 0, placements: try rulePlacements(rule)) }
    }

    /// The rule of that name (any case) with its hits and placements (`rule show`); one there
    /// is not is not found.
    public func ruleListing(named name: String) throws(AccountsError) -> RuleListing {
        guard let rule = try storing({ try store.rules.named(name) }) else { throw .store(.notFound(what: "rule", name: name)) }
        let hits = try storing { try store.rules.hitCounts()[rule.id] ?? 0 }
        return RuleListing(rule: rule, hits: hits, placements: try rulePlacements(rule))
    }
}
