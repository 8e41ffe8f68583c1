import LectorStore

extension FeedServerSettingsTable {
    /// A feed's server settings as the server last acknowledged them, by key (a secret as the
    /// marker `set`; `paused` from the feed's column).
    public func keyed(feedID: Int64) throws(StoreError) -> [FeedSettingKey: String] {
        var settings: [FeedSettingKey: String] = [:]
        for (name, value) in try self.settings(feedID: feedID) {
            if let key = FeedSettingKey(rawValue: name) { settings[key] = value }
        }
        if try isPaused(feedID: feedID) { settings[.paused] = "on" }
        return settings
    }
}
