/// Reads and changes settings through a storage: every change is validated before anything is written.
public struct SettingsEditor {
    /// Where values persist.
    public let storage: any SettingsStorage

    /// An editor over the given storage.
    public init(storage: any SettingsStorage) {
        self.storage = storage
    }

    /// The resolved preferences (stored values over defaults).
    public func preferences() throws(SettingsError) -> Preferences {
        Preferences(stored: try stored())
    }

    /// The resolved value of one key.
    public func get(_ key: String) throws(SettingsError) -> JSONValue {
        let setting = try SettingsRegistry.require(key)
        return try preferences()[setting.key] ?? setting.defaultValue
    }

    /// Validates typed text and stores it (`settings set KEY VALUE`).
    @discardableResult
    public func set(_ key: String, to typed: String) throws(SettingsError) -> SettingChange {
        let setting = try SettingsRegistry.require(key)
        return try write(setting, setting.parse(typed))
    }

    /// Returns one key to its default (`settings reset KEY`).
    @discardableResult
    public func reset(_ key: String) throws(SettingsError) -> SettingChange {
        let setting = try SettingsRegistry.require(key)
        let old = try get(key)
        let change: [String: JSONValue?] = [key: nil]
        try store(change)
        return SettingChange(key: key, old: old, new: setting.defaultValue)
    }

    /// Returns every key to its default; reports what actually changed.
    @discardableResult
    public func resetAll() throws(SettingsError) -> [SettingChange] {
        let current = try preferences()
        let changes = SettingsRegistry.all.compactMap { setting -> SettingChange? in
            let old = current[setting.key] ?? setting.defaultValue
            return old == setting.defaultValue ? nil : SettingChange(key: setting.key, old: old, new: setting.defaultValue)
        }
        var reset: [String: JSONValue?] = [:]
        for setting in SettingsRegistry.all { reset[setting.key] = .some(nil) }
        try store(reset)
        return changes
    }

    /// Edits an action list (`dock add share --at 2`) and stores the result.
    @discardableResult
    public func editList(_ key: String, _ edit: (inout ActionList) throws(SettingsError) -> Void) throws(SettingsError) -> SettingChange {
        let setting = try SettingsRegistry.require(key)
        var list = try ActionList(setting: setting, value: try get(key))
        try edit(&list)
        return try write(setting, list.value)
    }

    /// Writes several already-computed changes in one storage call (profile apply, restore).
    public func apply(_ changes: [SettingChange]) throws(SettingsError) {
        var batch: [String: JSONValue?] = [:]
        for change in changes {
            let setting = try SettingsRegistry.require(change.key)
            batch[change.key] = .some(.some(try setting.validate(change.new)))
        }
        try store(batch)
    }

    private func write(_ setting: Setting, _ value: JSONValue) throws(SettingsError) -> SettingChange {
        let old = try get(setting.key)
        let change: [String: JSONValue?] = [setting.key: value]
        try store(change)
        return SettingChange(key: setting.key, old: old, new: value)
    }

    private func stored() throws(SettingsError) -> [String: JSONValue] {
        do { return try storage.storedValues() } catch { throw .storage(String(describing: error)) }
    }

    private func store(_ changes: [String: JSONValue?]) throws(SettingsError) {
        do { try storage.apply(changes) } catch { throw .storage(String(describing: error)) }
    }
}
