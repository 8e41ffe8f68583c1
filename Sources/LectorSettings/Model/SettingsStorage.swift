/// Where setting values persist; the store module implements it over SQLite.
public protocol SettingsStorage {
    /// Every stored key and value; keys absent here take their defaults.
    func storedValues() throws -> [String: JSONValue]
    /// Writes all changes at once (nil resets a key to its default); all or nothing.
    func apply(_ changes: [String: JSONValue?]) throws
}

/// A dictionary-backed storage for tests and previews; not thread-safe by design.
public final class InMemorySettingsStorage: SettingsStorage {
    /// The current stored values.
    public private(set) var values: [String: JSONValue]

    /// Starts with the given stored values (empty: everything at its default).
    public init(_ values: [String: JSONValue] = [:]) {
        self.values = values
    }

    public func storedValues() throws -> [String: JSONValue] { values }

    public func apply(_ changes: [String: JSONValue?]) throws {
        for (key, value) in changes {
            values[key] = value
        }
    }
}
