/// One named schema step. Step N (counting from 1) brings `user_version` from N-1 to N.
public struct Migration: Sendable {
    public let name: String
    public let apply: @Sendable (Database) throws -> Void

    public init(_ name: String, apply: @escaping @Sendable (Database) throws -> Void) {
        self.name = name
        self.apply = apply
    }
}

/// Applies an ordered list of migrations keyed by `PRAGMA user_version`, each in its own
/// immediate transaction, so a failure leaves the store at the last completed step.
public struct Migrator: Sendable {
    public let migrations: [Migration]

    public init(_ migrations: [Migration]) {
        self.migrations = migrations
    }

    /// The schema version this binary writes.
    public var latestVersion: Int { migrations.count }

    /// Brings the database up to `latestVersion`; refuses a store made by a newer binary.
    /// Returns the names of the steps applied.
    @discardableResult
    public func migrate(_ database: Database) throws(StoreError) -> [String] {
        let current: Int
        do { current = try database.userVersion() } catch { throw .database(error) }
        guard current <= latestVersion else {
            throw .newerSchema(path: database.path, found: current, supported: latestVersion)
        }
        var applied: [String] = []
        for (index, migration) in migrations.enumerated() where index >= current {
            do {
                try database.write {
                    try migration.apply(database)
                    try database.setUserVersion(index + 1)
                }
            } catch {
                throw .migrationFailed(name: migration.name, reason: "\(error)")
            }
            applied.append(migration.name)
        }
        return applied
    }
}
