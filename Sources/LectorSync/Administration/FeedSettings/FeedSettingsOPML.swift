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

    /// The settings an outline asks for: its `lector:` attributes, else FreshRSS's `frss:` ones
    /// (a FreshRSS export's `CURLOPT_COOKIE` too: it is the file's own). An empty value asks for
    /// the key to be cleared; attributes Lector has no key for are ignored.
    public static func settings(_ extensions: [String: [String: String]]) -> [FeedSettingKey: String] {
        var settings: [FeedSettingKey: String] = [:]
        for (name, value) in extensions[OPMLDocument.freshRSSNamespace] ?? [:] {
            if let key = FreshRSSService.fields.first(where: { $0.value == name })?.key { settings[key] = value }
        }
        for (name, value) in extensions[OPMLDocument.lectorNamespace] ?? [:] {
            if let key = FeedSettingKey(rawValue: name), !key.holdsSecret { settings[key] = value }
        }
        return settings
    }
}
