import FoundationEssentials
import LectorSettings
import LectorStore

extension AccountManager {
    /// The restored rules that waited for this account's sync to bring their feed or folder,
    /// put in now that it did (by the restore's own rule, so twice changes nothing); those whose
    /// scope is still missing keep waiting. Returns the names put in.
    func placeWaitingRules(_ account: Account) throws(AccountsError) -> [String] {
        try storing {
            let waiting = try store.database.query("SELECT name, rule FROM rules_waiting WHERE account_id = ?", account.id) { row in
                (row.string(0), row.string(1))
            }
            guard !waiting.isEmpty else { return [] }
            return try store.write { db in
                var placed: [String] = []
                for (name, json) in waiting {
                    let rule = try JSONDecoder().decode(BackupRule.self, from: Data(json.utf8))
                    // Still missing (the server does not have the feed or folder): it waits for the next sync.
                    guard let scope = try? BackupRestorer.scope(of: rule, in: store) else { continue }
                    try db.rules.put(name: rule.name, expression: rule.expression, action: RuleAction(rawValue: rule.action) ?? .hide,
                                        scope: scope, enabled: rule.enabled)
                    try db.database.execute("DELETE FROM rules_waiting WHERE name = ?", name)
                    placed.append(rule.name)
                }
                return placed
            }
        }
    }
}
