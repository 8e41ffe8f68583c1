import FoundationEssentials

/// Every setting resolved from stored values and defaults, with typed accessors for the rest of the app.
public struct Preferences: Sendable, Equatable {
    /// The resolved value of every declared key, in canonical form.
    public let values: [String: JSONValue]
    /// Stored keys no setting declares (e.g. written by a newer Lector); they are ignored.
    public let unknownKeys: [String]
    /// Stored keys whose value failed validation; their defaults are used instead.
    public let invalidKeys: [String]

    /// Resolves stored values over the defaults, ignoring but recording what does not fit.
    public init(stored: [String: JSONValue]) {
        var values = SettingsRegistry.defaults
        var unknown: [String] = []
        var invalid: [String] = []
        for (key, value) in stored {
            guard let setting = SettingsRegistry.setting(key) else { unknown.append(key); continue }
            // Not ignored: an invalid stored value is recorded in invalidKeys (shown as a note) and its default used.
            if let canonical = try? setting.validate(value) {
                values[key] = canonical
            } else {
                invalid.append(key)
            }
        }
        self.values = values
        self.unknownKeys = unknown.sorted()
        self.invalidKeys = invalid.sorted()
    }

    /// Everything at its default.
    public static var defaults: Preferences { Preferences(stored: [:]) }

    /// One line per ignored stored key, for a warning on stderr.
    public var warnings: [String] {
        unknownKeys.map { "ignoring stored setting '\($0)': no such setting in this version of Lector" }
            + invalidKeys.map { "stored value of '\($0)' is not valid; using its default" }
    }

    /// The resolved value of a key, or nil if no setting has that key.
    public subscript(key: String) -> JSONValue? { values[key] }

    /// Values shaped as in a backup: `{group: {name: value}}`, every group present.
    public var grouped: [String: [String: JSONValue]] {
        var groups: [String: [String: JSONValue]] = [:]
        for group in SettingsGroup.allCases { groups[group.rawValue] = [:] }
        for setting in SettingsRegistry.all {
            groups[setting.group.rawValue]?[setting.name] = values[setting.key]
        }
        return groups
    }

    // MARK: - Typed look-ups. A key typo here traps in tests (every accessor is exercised).

    func bool(_ key: String) -> Bool {
        guard let value = values[key]?.boolValue else { preconditionFailure("undeclared bool setting \(key)") }
        return value
    }

    func int(_ key: String) -> Int {
        guard let value = values[key]?.intValue else { preconditionFailure("undeclared int setting \(key)") }
        return value
    }

    func text(_ key: String) -> String {
        guard let value = values[key]?.stringValue else { preconditionFailure("undeclared text setting \(key)") }
        return value
    }

    func choice<Choice: RawRepresentable>(_ key: String) -> Choice where Choice.RawValue == String {
        guard let value = Choice(rawValue: text(key)) else { preconditionFailure("\(key) does not match its enum") }
        return value
    }

    func actions<Action: RawRepresentable>(_ key: String) -> [Action] where Action.RawValue == String {
        guard let list = values[key]?.arrayValue else { preconditionFailure("undeclared list setting \(key)") }
        return list.compactMap { $0.stringValue.flatMap(Action.init(rawValue:)) }
    }
}
