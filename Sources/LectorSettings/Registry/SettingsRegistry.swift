/// The single table of settings and the look-ups everything else uses.
public enum SettingsRegistry {
    /// Every setting, grouped and in documentation order.
    public static var all: [Setting] { declarations }

    private static let byKey: [String: Setting] = Dictionary(declarations.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })

    /// The setting with this exact key, or nil.
    public static func setting(_ key: String) -> Setting? { byKey[key] }

    /// The setting with this key, or an error naming the nearest known key.
    public static func require(_ key: String) throws(SettingsError) -> Setting {
        if let setting = byKey[key] { return setting }
        throw .unknownKey(key, suggestion: NearestMatch.best(for: key, among: declarations.map(\.key)))
    }

    /// The settings of one group, in declaration order.
    public static func settings(in group: SettingsGroup) -> [Setting] {
        declarations.filter { $0.group == group }
    }

    /// The settings whose value is a command Lector runs: they never travel (see `Setting.runsCommand`).
    public static var commands: [Setting] { declarations.filter(\.runsCommand) }

    /// The settings that give another program a permission: they never travel (see `Setting.grantsPermission`).
    public static var permissions: [Setting] { declarations.filter(\.grantsPermission) }

    /// Every key with its default value.
    public static var defaults: [String: JSONValue] {
        byKey.mapValues(\.defaultValue)
    }
}
