import FoundationEssentials
import LectorSettings
import LectorStore

/// The settings module's storage, over the store's settings table (key → JSON text).
struct StoreSettingsStorage: SettingsStorage {
    let store: Store

    func storedValues() throws -> [String: JSONValue] {
        var values: [String: JSONValue] = [:]
        for (key, text) in try store.settings.all() {
            // A value that no longer parses is dropped here and reported by Preferences as invalid.
            if let value = try? JSONValue(parsing: Data(text.utf8)) { values[key] = value }
        }
        return values
    }

    func apply(_ changes: [String: JSONValue?]) throws {
        try store.settings.apply(changes.mapValues { $0?.canonicalText(pretty: false) })
    }
}

extension AccountManager {
    /// The settings of this home, read and changed through the settings module's editor over the
    /// store: the one door for settings writes (`settings set`, profiles, a restore's settings).
    public var settings: SettingsEditor { SettingsEditor(storage: StoreSettingsStorage(store: store)) }
}
