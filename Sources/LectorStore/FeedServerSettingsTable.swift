/// Queries over `feed_server_settings` and `feeds.paused`: a feed's server settings as the
/// server last acknowledged them (never a secret).
public struct FeedServerSettingsTable {
    let database: Database

    /// The feed's settings by key name.
    public func settings(feedID: Int64) throws(StoreError) -> [String: String] {
        try storeOperation {
            var settings: [String: String] = [:]
            let rows = try database.query("SELECT key, value FROM feed_server_settings WHERE feed_id = ?", feedID) { ($0.string(0), $0.string(1)) }
            for (key, value) in rows {
                settings[key] = value
            }
            return settings
        }
    }

    /// Writes the changes: a value is kept, nil removes the key.
    public func apply(_ changes: [String: String?], feedID: Int64) throws(StoreError) {
        try storeOperation {
            for (key, value) in changes {
                if let value {
                    try database.execute("INSERT INTO feed_server_settings (feed_id, key, value) VALUES (?, ?, ?) "
                                         + "ON CONFLICT (feed_id, key) DO UPDATE SET value = excluded.value", feedID, key, value)
                } else {
                    try database.execute("DELETE FROM feed_server_settings WHERE feed_id = ? AND key = ?", feedID, key)
                }
            }
        }
    }

    /// Makes each feed's stored settings the server's, in one transaction (a sync of a service
    /// that lists them with its feeds): keys not given go; `pausedKey` is the feed's `paused` column.
    public func replace(_ settings: [Int64: [String: String]], pausedKey: String) throws(StoreError) {
        try storeOperation {
            try database.write {
                for (feedID, values) in settings {
                    try database.execute("DELETE FROM feed_server_settings WHERE feed_id = ?", feedID)
                    for (key, value) in values where key != pausedKey {
                        try database.execute("INSERT INTO feed_server_settings (feed_id, key, value) VALUES (?, ?, ?)", feedID, key, value)
                    }
                    let paused = values[pausedKey] == "on" ? 1 : 0
                    try database.execute("UPDATE feeds SET paused = ?1 WHERE id = ?2 AND paused IS NOT ?1", paused, feedID)
                }
            }
        }
    }

    /// Whether the feed is paused (not fetched).
    public func isPaused(feedID: Int64) throws(StoreError) -> Bool {
        try storeOperation { try database.queryFirst("SELECT paused FROM feeds WHERE id = ?", feedID) { $0.int(0) == 1 } ?? false }
    }

    public func setPaused(_ paused: Bool, feedID: Int64) throws(StoreError) {
        try storeOperation { try database.execute("UPDATE feeds SET paused = ? WHERE id = ?", paused ? 1 : 0, feedID) }
    }

    /// The ids of an account's paused feeds.
    public func pausedFeedIDs(accountID: Int64) throws(StoreError) -> Set<Int64> {
        try storeOperation { Set(try database.query("SELECT id FROM feeds WHERE account_id = ? AND paused = 1", accountID) { $0.int64(0) }) }
    }
}
