import FoundationEssentials
import Glibc
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

extension Session {
    /// The settings editor over this session's store.
    func settingsEditor() throws(CLIError) -> SettingsEditor {
        SettingsEditor(storage: StoreSettingsStorage(store: try store()))
    }

    /// The resolved preferences.
    func preferences() throws(CLIError) -> Preferences {
        try CLIError.catching { try settingsEditor().preferences() }
    }
}
