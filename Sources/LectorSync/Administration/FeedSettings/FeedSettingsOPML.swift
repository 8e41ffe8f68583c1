import LectorBasics
import LectorFeeds

/// A feed's server settings as attributes of its OPML outline: Lector's own `lector:` namespace
/// (each key by its name, `opml export` writes them, `feed apply` reads them), and FreshRSS's
/// `frss:` attributes of its `subscription/export`, read by their Lector names.
public enum FeedSettingsOPML {
    /// The `lector:` attributes of `settings` as the store keeps them (flags `on`, lists one line
    /// each). A key holding a secret is left out: a file never carries one.
    public static func attributes(_ settings: [FeedSettingKey: String]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: settings.filter { !$0.key.holdsSecret }.map { ($0.key.rawValue, $0.value) })
    }

    /// The settings an outline asks for: its `lector:` attributes, else a service's own ones
    /// (`AccountService.feedSettings(fromOPML:)`: FreshRSS's `frss:`). An empty value asks for
    /// the key to be cleared; attributes Lector has no key for are ignored.
    public static func settings(_ extensions: [String: [String: String]]) -> [FeedSettingKey: String] {
        var settings: [FeedSettingKey: String] = [:]
        for kind in AccountKind.allCases {
            settings.merge(kind.service.feedSettings(fromOPML: extensions)) { first, _ in first }
        }
        for (name, value) in extensions[OPMLDocument.lectorNamespace] ?? [:] {
            if let key = FeedSettingKey(rawValue: name), !key.holdsSecret { settings[key] = value }
        }
        return settings
    }
}
