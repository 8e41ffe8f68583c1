/// One declared setting: everything else (validation, completion, schema, docs) is derived from it.
public struct Setting: Sendable, Equatable {
    /// Dotted key, `group.name`, as typed on the command line.
    public let key: String
    /// The value's type and limits.
    public let type: SettingType
    /// The value used when nothing is stored.
    public let defaultValue: JSONValue
    /// One line for humans.
    public let summary: String
    /// The backup format version that introduced the key; older backups may lack it.
    public let since: FormatVersion
    /// The value is a command Lector runs (a shell command line). Such a setting never travels:
    /// a profile, shipped or shared, never sets it, and a backup's value is kept only when this
    /// machine's user says so, having been shown the command.
    public let runsCommand: Bool
    /// The value lets another program change the user's accounts (`mcp.allow-write`: an AI agent,
    /// which reads what any feed says, may mark, remove and sync). Like a command it never
    /// travels: a profile never sets it, and a restore keeps this machine's value without asking
    /// (giving the permission is one `settings set` by the person at this machine).
    public let grantsPermission: Bool

    init(_ key: String, _ type: SettingType, default defaultValue: JSONValue, _ summary: String,
         since: FormatVersion = FormatVersion(major: 1, minor: 0), runsCommand: Bool = false, grantsPermission: Bool = false) {
        self.key = key
        self.type = type
        self.defaultValue = defaultValue
        self.summary = summary
        self.since = since
        self.runsCommand = runsCommand
        self.grantsPermission = grantsPermission
    }

    /// Set only by the person at this machine: never by a profile, never from a backup without
    /// their word (a command) or at all (a permission).
    public var neverTravels: Bool { runsCommand || grantsPermission }

    /// The group named by the key's prefix.
    public var group: SettingsGroup {
        SettingsGroup(rawValue: String(key.prefix(while: { $0 != "." }))) ?? .sync
    }

    /// The key without its group prefix, as it appears inside a backup's group object.
    public var name: String {
        String(key.drop(while: { $0 != "." }).dropFirst())
    }
}

extension Setting {
    static func bool(_ key: String, _ value: Bool, _ summary: String) -> Setting {
        Setting(key, .bool, default: .bool(value), summary)
    }

    static func integer(_ key: String, _ range: ClosedRange<Int>, _ unit: String, _ value: Int, _ summary: String) -> Setting {
        Setting(key, .integer(range: range, unit: unit), default: .int(value), summary)
    }

    static func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, _ value: Choice, _ summary: String) -> Setting
    where Choice.RawValue == String {
        Setting(key, .choice(Choice.allCases.map(\.rawValue)), default: .string(value.rawValue), summary)
    }

    /// A permission given to another program: see `grantsPermission`. Off unless given.
    static func permission(_ key: String, _ summary: String, since: FormatVersion) -> Setting {
        Setting(key, .bool, default: .bool(false), summary, since: since, grantsPermission: true)
    }

    static func text(_ key: String, _ length: ClosedRange<Int>, _ value: String, _ summary: String) -> Setting {
        Setting(key, .text(length: length), default: .string(value), summary)
    }

    /// A shell command Lector runs: see `runsCommand`.
    static func command(_ key: String, _ length: ClosedRange<Int>, _ value: String, _ summary: String) -> Setting {
        Setting(key, .text(length: length), default: .string(value), summary, runsCommand: true)
    }

    static func url(_ key: String, _ value: String, _ summary: String) -> Setting {
        Setting(key, .url, default: .string(value), summary)
    }

    static func key(_ key: String, _ value: String, _ summary: String) -> Setting {
        Setting(key, .key, default: .string(value), summary, since: FormatVersion(major: 1, minor: 3))
    }

    static func actions<Action: RawRepresentable & CaseIterable>(
        _ key: String, _ type: Action.Type, noun: String, max: Int, _ value: [Action], _ summary: String
    ) -> Setting where Action.RawValue == String {
        let known = Action.allCases.map(\.rawValue)
        // Swipe actions are dock actions too: the dock's words name them the same way.
        let words = DockAction.allCases.filter { known.contains($0.rawValue) }.flatMap { action in action.words.map { ($0, action.rawValue) } }
        let catalog = ActionCatalog(known: known, maxCount: max, noun: noun, words: Dictionary(uniqueKeysWithValues: words))
        return Setting(key, .actions(catalog), default: .array(value.map { .string($0.rawValue) }), summary)
    }
}
