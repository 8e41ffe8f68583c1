import LectorStore
import LectorSync

extension AccountManager {
    /// A source feed's server settings as they travel to another account: by Lector's key names,
    /// so each service's own fields map onto the other's (Miniflux `user_agent` ↔ FreshRSS
    /// `CURLOPT_USERAGENT`, …; the destination's planner lists the keys its kind cannot keep).
    /// A secret travels when this machine's keyring keeps it; `server-login` (a password the
    /// destination's field would need with it) and a secret not kept here are said, one line each.
    func travellingSettings(of feed: Feed) throws(AccountsError) -> (settings: [FeedSettingKey: String], notCarried: [String]) {
        var settings = try storing { try store.feedSettings.keyed(feedID: feed.id) }
        var notCarried: [String] = []
        let logins = KeyringFeedLogins(keyring: keyring)
        // A value with a secret part (a proxy's password) is stored with the marker: the whole of it is the keyring's.
        for key in FeedSettingKey.keptInKeyring where settings[key].map({ key.holdsSecret || key.carriesSecret($0) }) == true {
            settings[key] = key == .serverLogin ? nil : logins.settingSecret(key, of: feed)
            if settings[key] == nil {
                notCarried.append("\(key.rawValue) of '\(feed.title)': its secret is not kept on this machine ('lector feed set' it on the destination)")
            }
        }
        return (settings, notCarried)
    }
}
