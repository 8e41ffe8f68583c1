/// Small facts about this installation, outside the user's settings (never exported).
public struct AppMetaTable {
    let database: Database

    public func value(_ key: String) throws(StoreError) -> String? {
        try storeOperation { try database.queryFirst("SELECT value FROM app_meta WHERE key = ?", key) { $0.string(0) } }
    }

    public func set(_ key: String, _ value: String) throws(StoreError) {
        try storeOperation {
            try database.execute("INSERT INTO app_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                                 key, value)
        }
    }
}
