/// Candidates for shell completion (`lector __complete settings …`), derived from the registry.
public enum SettingsCompletion {
    /// Every key with its one-line summary, in documentation order.
    public static func keys() -> [(key: String, summary: String)] {
        SettingsRegistry.all.map { ($0.key, $0.summary) }
    }

    /// The values worth offering after `settings set KEY`: enum names, booleans, action names; empty for free text.
    public static func values(for key: String) -> [String] {
        guard let setting = SettingsRegistry.setting(key) else { return [] }
        switch setting.type {
        case .bool: return ["true", "false"]
        case .choice(let allowed): return allowed
        case .actions(let catalog): return catalog.known
        case .integer(let range, _):
            if case .int(let value) = setting.defaultValue { return [String(value), String(range.lowerBound)] }
            return [String(range.lowerBound)]
        case .text, .url, .key: return []
        }
    }

    /// The keys that take list operations (`dock …`, `swipe …`).
    public static var listKeys: [String] {
        SettingsRegistry.all.filter { if case .actions = $0.type { return true } else { return false } }.map(\.key)
    }
}
