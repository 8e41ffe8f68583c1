import FoundationEssentials

/// A named, partial set of settings: the preference part of the backup schema, kept in its own file.
public struct Profile: Equatable, Sendable {
    /// File-safe name (lowercase letters, digits, dashes), also the file's base name.
    public let name: String
    /// One line saying what the profile is for.
    public let description: String
    /// Canonical values by dotted key; keys not listed are left as they are when applied.
    public let values: [String: JSONValue]

    /// A profile from already-validated parts; values are validated again here.
    public init(name: String, description: String, values: [String: JSONValue]) throws(SettingsError) {
        guard Self.isValidName(name) else {
            throw .invalidValue(key: "profile name", problem: "'\(name)' must be 1–40 lowercase letters, digits or dashes, starting with a letter or digit")
        }
        var canonical: [String: JSONValue] = [:]
        for (key, value) in values {
            let setting = try SettingsRegistry.require(key)
            guard !setting.neverTravels else {
                throw .invalidValue(key: key, problem: setting.runsCommand ? "it is a command Lector would run, and a profile never carries one"
                                                                            : "it gives another program a permission, and a profile never carries one")
            }
            canonical[key] = try setting.validate(value)
        }
        self.name = name
        self.description = description
        self.values = canonical
    }

    /// Reads and validates a profile; warnings list keys skipped from a newer minor version.
    public static func read(_ data: Data) throws(BackupError) -> (profile: Profile, warnings: [String]) {
        try ProfileReader.read(data)
    }

    /// Reads and validates a profile file.
    public static func read(contentsOf url: URL) throws(BackupError) -> (profile: Profile, warnings: [String]) {
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw .unreadable(url.path) }
        return try ProfileReader.read(data)
    }

    /// The current values as a profile; with `onlyChanged`, just the settings that differ from their defaults.
    public static func capture(name: String, description: String, from preferences: Preferences,
                               onlyChanged: Bool = true) throws(SettingsError) -> Profile {
        // A command (reader.pager) or a permission (mcp.allow-write) stays on this machine:
        // profiles are made to be shared.
        let values = preferences.values.filter { key, value in
            SettingsRegistry.setting(key)?.neverTravels != true
                && (!onlyChanged || SettingsRegistry.setting(key)?.defaultValue != value)
        }
        return try Profile(name: name, description: description, values: values)
    }

    /// What applying this profile would change, in registry order (`profile apply --dry-run`).
    public func changes(from current: Preferences) -> [SettingChange] {
        SettingsRegistry.all.compactMap { setting in
            guard let new = values[setting.key] else { return nil }
            let old = current[setting.key] ?? setting.defaultValue
            return old == new ? nil : SettingChange(key: setting.key, old: old, new: new)
        }
    }

    /// The profile as JSON, settings grouped as in a backup.
    public var jsonValue: JSONValue {
        .object([
            "format": .string(BackupFormat.profileName),
            "version": .string(BackupFormat.currentProfile.description),
            "name": .string(name),
            "description": .string(description),
            "settings": .object(BackupReader.grouped(values).mapValues { .object($0) }),
        ])
    }

    /// Canonical file bytes.
    public func encoded() -> Data {
        jsonValue.canonicalData(pretty: true)
    }

    static func isValidName(_ name: String) -> Bool {
        name.wholeMatch(of: /[a-z0-9][a-z0-9-]{0,39}/) != nil
    }
}

/// A profile travels in a backup as its whole document, read back with the profile rules.
extension Profile: Codable {
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        self = try ProfileReader.read(value.canonicalData(pretty: false)).profile
    }

    public func encode(to encoder: any Encoder) throws {
        try jsonValue.encode(to: encoder)
    }
}
