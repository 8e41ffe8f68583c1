import FoundationEssentials
import LectorFeeds
import LectorBasics
import LectorStore
import LectorSync

/// A feed's server settings, pause and refresh: the server first, the store follows (it keeps
/// what the server acknowledged; of a secret only the marker `set`, the secret itself in the
/// keyring through `logins`). A local account's server is Lector: its
/// settings are the store's (a paused feed is skipped by sync, a user agent is sent with its fetches).
extension AccountAdministrator {
    /// The keys this account's kind keeps.
    public var feedSettingKeys: Set<FeedSettingKey> { account.kind.service.feedSettingKeys }

    /// Refuses a key the account's kind cannot keep, naming the kinds that can.
    public func requireSetting(_ key: FeedSettingKey) throws(AdministrationError) {
        guard feedSettingKeys.contains(key) else { throw .settingUnsupported(key: key.rawValue, kind: account.kind, kinds: key.kinds) }
    }

    /// The feed's settings: read from its server now (and kept in the store), or for a local
    /// account from the store.
    public func serverSettings(of feed: Feed) throws(AdministrationError) -> [FeedSettingKey: String] {
        guard account.kind.hasServer else { return try storedSettings(of: feed) }
        guard !feedSettingKeys.isEmpty else { return [:] }
        let target = try target(feed)
        let settings = try server { () throws(SyncError) in try provider.roles.required(\.feedSettings, or: Self.keepsNoFeedSettings).feedSettings(target) }
        try keepAcknowledged(settings, of: feed)
        // Shown as stored: a secret part as the marker.
        return Dictionary(uniqueKeysWithValues: settings.map { ($0.key, $0.key.storable($0.value)) })
    }

    /// Reads every feed's settings from the server in one call where its API has one (FreshRSS's
    /// export) and keeps them in the store, as `serverSettings(of:)` does feed by feed; false for
    /// a kind without such a call (Miniflux's sync reads them already; the others keep none).
    @discardableResult
    public func refreshEveryFeedSettings() throws(AdministrationError) -> Bool {
        guard !feedSettingKeys.isEmpty, account.kind.hasServer,
              let every = try server({ () throws(SyncError) in try provider.roles.feedSettings?.everyFeedSettings() }) else { return false }
        func key(_ address: String) -> String { URL(string: address).map(canonicalFeedKey) ?? address }
        let byKey = Dictionary(every.map { (key($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        for listing in try storing({ try store.feeds.list(accountID: account.id) }) {
            guard let settings = every[listing.feed.url] ?? byKey[key(listing.feed.url)] else { continue }
            try keepAcknowledged(settings, of: listing.feed)
        }
        return true
    }

    /// Brings the store up to the settings the server has for `feed` (its secrets as markers):
    /// a key the server no longer has goes, and so does a secret kept for it in the keyring.
    func keepAcknowledged(_ settings: [FeedSettingKey: String], of feed: Feed) throws(AdministrationError) {
        let stale = try storing { try store.feedSettings.settings(feedID: feed.id).keys.filter { FeedSettingKey(rawValue: $0).map { settings[$0] == nil } ?? true } }
        try storing {
            try store.write { db in
                var changes: [String: String?] = Dictionary(uniqueKeysWithValues: stale.map { ($0, nil) })
                // A secret part the server sends (a proxy's password) is stored as the marker.
                for (key, value) in settings where key != .paused { changes[key.rawValue] = key.storable(value) }
                try db.feedSettings.apply(changes, feedID: feed.id)
                if feedSettingKeys.contains(.paused) { try db.feedSettings.setPaused(settings[.paused] == "on", feedID: feed.id) }
            }
        }
        // A secret the server dropped is no longer anyone's: one the keyring cannot delete now only lingers unused.
        for key in stale.compactMap(FeedSettingKey.init(rawValue:)) where key.holdsSecret || key.mayCarrySecret {
            try? logins?.keepSetting(nil, key, of: feed)
        }
        // The whole value of one with a secret part goes to the keyring, for account copy to
        // carry; should the keyring not take it now, the server still has it, and the store never.
        for (key, value) in settings where key.revealsSecret(value) { try? logins?.keepSetting(value, key, of: feed) }
    }

    /// The settings as the store has them (what the server last acknowledged).
    public func storedSettings(of feed: Feed) throws(AdministrationError) -> [FeedSettingKey: String] {
        try storing { try store.feedSettings.keyed(feedID: feed.id) }
    }

    /// Changes settings on the server, then in the store. Every key is checked before anything is sent.
    public func changeSettings(of feed: Feed, _ changes: [FeedSettingChange]) throws(AdministrationError) {
        for change in changes {
            try requireSetting(change.key)
            if change.key.shape == .flag, let value = change.value, FeedSettingKey.flag(value) == nil {
                throw .badSettingValue(key: change.key.rawValue, value: value, expected: "on or off")
            }
        }
        if account.kind.hasServer {
            let target = try target(feed)
            try server { () throws(SyncError) in try provider.roles.required(\.feedSettings, or: Self.keepsNoFeedSettings).changeFeedSettings(target, changes) }
        }
        // The secret to the keyring before its marker to the store: the store never says `set` of a secret not kept.
        for change in changes where change.changesKeyring { try logins?.keepSetting(change.secret, change.key, of: feed) }
        try storing {
            try store.write { db in
                var stored: [String: String?] = [:]
                for change in changes where change.key != .paused {
                    stored[change.key.rawValue] = change.storedValue
                }
                try db.feedSettings.apply(stored, feedID: feed.id)
                if let pause = changes.last(where: { $0.key == .paused }) {
                    try db.feedSettings.setPaused(pause.value.flatMap(FeedSettingKey.flag) ?? false, feedID: feed.id)
                }
            }
        }
    }

    /// A plan's settings step: the feed at `url` (subscribed by an earlier step, or already) gets them.
    func changeSettings(at url: URL, _ differences: [SettingDifference]) throws(AdministrationError) {
        let key = canonicalFeedKey(url)
        guard let feed = try storing({ try store.feeds.list(accountID: account.id).first { URL(string: $0.feed.url).map(canonicalFeedKey) == key }?.feed }) else {
            throw .server(.rejected("\(url.absoluteString) is not subscribed in '\(account.name)'"))
        }
        try changeSettings(of: feed, differences.map(\.change))
    }

    /// `feed pause` / `feed resume`.
    public func setPaused(_ feed: Feed, _ paused: Bool) throws(AdministrationError) {
        try changeSettings(of: feed, [FeedSettingChange(key: .paused, value: paused ? "on" : "off")])
    }

    /// Asks the server to fetch `feeds` now (nil: every feed of the account). A local account has
    /// nothing to ask (its sync is the fetch); a service without such a call is refused.
    public func refreshOnServer(_ feeds: [Feed]?) throws(AdministrationError) {
        guard account.kind.hasServer else { return }
        var references: [RemoteFeedReference]?
        if let feeds { references = try feeds.map { (feed) throws(AdministrationError) in try reference(feed) } }
        guard try server({ () throws(SyncError) in try provider.roles.serverRefresh?.refreshOnServer(references) ?? false }) else {
            throw .refreshUnsupported(kind: account.kind)
        }
    }

    static let keepsNoFeedSettings = SyncError.rejected("this service's API keeps no per-feed settings")

    func target(_ feed: Feed) throws(AdministrationError) -> FeedSettingsTarget {
        FeedSettingsTarget(reference: try reference(feed), title: feed.title)
    }
}
