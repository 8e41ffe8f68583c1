/// One line `rule push` put in a server filter: of an account, a feed's filter or (no feed) the
/// user's own, the setting (`FeedSettingKey`'s name) and the line.
public struct RuleServerLine: Sendable, Hashable {
    public var accountID: Int64
    public var feedID: Int64?
    public var setting: String
    public var line: String

    public init(accountID: Int64, feedID: Int64?, setting: String, line: String) {
        (self.accountID, self.feedID, self.setting, self.line) = (accountID, feedID, setting, line)
    }
}

/// Queries over `rule_server_lines` and `rules.on_servers` (`Schema.ruleServerLines`).
public struct RuleServerLinesTable {
    let database: Database

    /// Records that the rule holds these lines on their servers; once each.
    public func record(ruleID: Int64, _ lines: [RuleServerLine]) throws(StoreError) {
        try storeOperation {
            try database.write {
                for line in lines {
                    try database.execute("""
                        INSERT OR IGNORE INTO rule_server_lines (rule_id, account_id, feed_id, setting, line) VALUES (?, ?, ?, ?, ?)
                        """, ruleID, line.accountID, line.feedID, line.setting, line.line)
                }
            }
        }
    }

    /// The lines the rule holds on servers.
    public func lines(ruleID: Int64) throws(StoreError) -> [RuleServerLine] {
        try storeOperation {
            try database.query("SELECT account_id, feed_id, setting, line FROM rule_server_lines WHERE rule_id = ? ORDER BY rowid", ruleID) {
                RuleServerLine(accountID: $0.int64(0), feedID: $0.optionalInt(1).map(Int64.init), setting: $0.string(2), line: $0.string(3))
            }
        }
    }

    /// Of these lines, those another rule's record holds too: a withdrawal leaves them.
    public func heldByOtherRules(than ruleID: Int64, _ lines: [RuleServerLine]) throws(StoreError) -> Set<RuleServerLine> {
        try storeOperation {
            Set(try lines.filter { line in
                try database.scalarInt("""
                    SELECT EXISTS (SELECT 1 FROM rule_server_lines WHERE rule_id <> ? AND account_id = ? AND feed_id IS ? AND setting = ? AND line = ?)
                    """, ruleID, line.accountID, line.feedID, line.setting, line.line) == 1
            })
        }
    }

    /// Forgets the rule's lines in one filter place of an account (they were taken off, or are gone).
    public func forget(ruleID: Int64, accountID: Int64, feedID: Int64?) throws(StoreError) {
        try storeOperation {
            try database.execute("DELETE FROM rule_server_lines WHERE rule_id = ? AND account_id = ? AND feed_id IS ?", ruleID, accountID, feedID)
        }
    }

    /// Sets whether the rule is one that was pushed (`rule unpush` clears it).
    public func setOnServers(ruleID: Int64, _ onServers: Bool) throws(StoreError) {
        try storeOperation { try database.execute("UPDATE rules SET on_servers = ? WHERE id = ?", onServers, ruleID) }
    }
}
