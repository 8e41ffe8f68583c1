/// Stored settings: key → JSON text. Validation belongs to the settings module; the table only
/// guarantees the text is valid JSON.
public struct SettingsTable {
    let database: Database

    /// Every stored key and its JSON text.
    public func all() throws(StoreError) -> [String: String] {
        try storeOperation {
            Dictionary(uniqueKeysWithValues: try database.query("SELECT key, value FROM settings") { ($0.string(0), $0.string(1)) })
        }
    }

    /// Applies changes in one transaction: a nil value removes the key (back to its default).
    public func apply(_ changes: [String: String?]) throws(StoreError) {
        try storeOperation {
            try database.write {
                for (key, value) in changes.sorted(by: { $0.key < $1.key }) {
                    if let value {
                        try database.execute("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                                             key, value)
                    } else {
                        try database.execute("DELETE FROM settings WHERE key = ?", key)
                    }
                }
            }
        }
    }
}
