import LectorBasics
import LectorStore

/// A feed's server settings, pause and refresh: the server first, the store follows (it keeps
/// what the server acknowledged, secrets never). A local account's server is Lector: its
/// settings are the store's (a paused feed is skipped by sync, a user agent is sent with its fetches).
extension AccountAdministrator {
    /// The keys this account's kind keeps.
    public var feedSettingKeys: Set<FeedSettingKey> { FeedSettingMap.keys(of: account.kind) }

    /// Refuses a key the account's kind cannot keep, naming the kinds that can.
    public func requireSetting(_ key: FeedSettingKey) throws(AdministrationError) {
        guard feedSettingKeys.contains(key) else { throw .settingUnsupported(key: key.rawValue, kind: account.kind, kinds: key.kinds) }
    }

    /// The feed's settings: read from its server now (and kept in the store), or for a local
    /// account from the store.
    public func serverSettings(of feed: Feed) throws(AdministrationError) -> [FeedSettingKey: String] {
        guard !provider.capabilities.changesOnlyTheStore else { return try storedSettings(of: feed) }
        guard !feedSettingKeys.isEmpty else { return [:] }
        let target = try target(feed)
        let settings = try server { () throws(SyncError) in try provider.feedSettings(target) }
        try storing {
            try store.write {
                let stale = try store.feedSettings.settings(feedID: feed.id).keys.filter { FeedSettingKey(rawValue: $0).map { settings[$0] == nil } ?? true }
                var changes: [String: String?] = Dictionary(uniqueKeysWithValues: stale.map { ($0, nil) })
                for (key, value) in settings where key.shape != .secret && key != .paused { changes[key.rawValue] = value }
                try store.feedSettings.apply(changes, feedID: feed.id)
                if feedSettingKeys.contains(.paused) { try store.feedSettings.setPaused(settings[.paused] == "on", feedID: feed.id) }
            }
        }
        return settings
    }

    /// The settings as the store has them (what the server last acknowledged).
    public func storedSettings(of feed: Feed) throws(AdministrationError) -> [FeedSettingKey: String] {
        try storing {
            var settings: [FeedSettingKey: String] = [:]
            for (name, value) in try store.feedSettings.settings(feedID: feed.id) {
                if let key = FeedSettingKey(rawValue: name) { settings[key] = value }
            }
            if try store.feedSettings.isPaused(feedID: feed.id) { settings[.paused] = "on" }
            return settings
        }
    }

    /// Changes settings on the server, then in the store. Every key is checked before anything is sent.
    public func changeSettings(of feed: Feed, _ changes: [FeedSettingChange]) throws(AdministrationError) {
        for change in changes {
            try requireSetting(change.key)
            if change.key.shape == .flag, let value = change.value, FeedSettingKey.flag(value) == nil {
                throw .badSettingValue(key: change.key.rawValue, value: value, expected: "on or off")
            }
        }
        if !provider.capabilities.changesOnlyTheStore {
            let target = try target(feed)
            try server { () throws(SyncError) in try provider.changeFeedSettings(target, changes) }
        }
        try storing {
            try store.write {
                var stored: [String: String?] = [:]
                for change in changes where change.key != .paused && change.key.shape != .secret {
                    stored[change.key.rawValue] = change.storedValue
                }
                try store.feedSettings.apply(stored, feedID: feed.id)
                if let pause = changes.last(where: { $0.key == .paused }) {
                    try store.feedSettings.setPaused(pause.value.flatMap(FeedSettingKey.flag) ?? false, feedID: feed.id)
                }
            }
        }
    }

    /// `feed pause` / `feed resume`.
    public func setPaused(_ feed: Feed, _ paused: Bool) throws(AdministrationError) {
        try changeSettings(of: feed, [FeedSettingChange(key: .paused, value: paused ? "on" : "off")])
    }

    /// Asks the server to fetch `feeds` now (nil: every feed of the account). A local account has
    /// nothing to ask (its sync is the fetch); a service without such a call is refused.
    public func refreshOnServer(_ feeds: [Feed]?) throws(AdministrationError) {
        guard !provider.capabilities.changesOnlyTheStore else { return }
        var references: [RemoteFeedReference]?
        if let feeds { references = try feeds.map { (feed) throws(AdministrationError) in try reference(feed) } }
        guard try server({ () throws(SyncError) in try provider.refreshOnServer(references) }) else {
            throw .refreshUnsupported(kind: account.kind)
        }
    }

    func target(_ feed: Feed) throws(AdministrationError) -> FeedSettingsTarget {
        FeedSettingsTarget(reference: try reference(feed), title: feed.title)
    }
}
