/// One named schema step. Its name is its identity in the store's record of applied steps
/// (`schema_migrations`): once released, a step's name never changes.
public struct Migration: Sendable {
    /// When a step's foreign keys are checked (GRDB's `DatabaseMigrator.ForeignKeyChecks`).
    public enum ForeignKeyChecks: Sendable {
        /// The default: the step runs with foreign keys off and commits only when
        /// `PRAGMA foreign_key_check` finds no row left referring to one that is gone. A step may
        /// then rebuild a table others refer to (create new, copy, drop old, rename): with them on,
        /// dropping the old table would cascade through every `ON DELETE CASCADE` and delete the
        /// rows that refer to it.
        case deferred
        /// Foreign keys stay on, each statement checked (and cascading) as it runs; no whole-store
        /// check at the end — for a step over large tables that rebuilds none.
        case immediate
    }

    public let name: String
    public let foreignKeyChecks: ForeignKeyChecks
    public let apply: @Sendable (Database) throws -> Void

    public init(_ name: String, foreignKeyChecks: ForeignKeyChecks = .deferred, apply: @escaping @Sendable (Database) throws -> Void) {
        self.name = name
        self.foreignKeyChecks = foreignKeyChecks
        self.apply = apply
    }
}

/// Applies an ordered list of migrations, each in its own immediate transaction, so a failure
/// leaves the store at the last completed step.
///
/// The store records the names of the steps applied (`schema_migrations`), so two lines of work
/// that each add a step can both be applied to one store, in either order. `PRAGMA user_version`
/// is kept equal to the number of steps applied: a Lector from before the record read only that
/// number, and still refuses a store that has more steps than it knows. A store made before the
/// record has only that number: its first `user_version` steps are recorded by name, once.
public struct Migrator: Sendable {
    public let migrations: [Migration]

    public init(_ migrations: [Migration]) {
        self.migrations = migrations
    }

    /// The number of steps this binary applies.
    public var latestVersion: Int { migrations.count }

    /// Whether the store has exactly the steps this binary knows, all applied (it reads nothing
    /// else; a store without the record has not been migrated by it).
    public func isCurrent(_ database: Database) -> Bool {
        // Why try?: a store whose record cannot be read is not one this binary made current.
        guard let applied = try? Self.appliedNames(database) else { return false }
        return Set(applied) == Set(migrations.map(\.name))
    }

    /// Brings the database up to date; refuses a store that a step unknown to this binary was
    /// applied to (a newer Lector, or another line of work). Returns the names of the steps applied.
    @discardableResult
    public func migrate(_ database: Database) throws(StoreError) -> [String] {
        let recorded = try storeOperation { try recordApplied(database) }
        let known = Set(migrations.map(\.name))
        let unknown = recorded.filter { !known.contains($0) }
        guard unknown.isEmpty else { throw .newerSchema(path: database.path, unknownSteps: unknown) }
        var applied: [String] = []
        for migration in migrations where !recorded.contains(migration.name) {
            do {
                if try apply(migration, to: database) { applied.append(migration.name) }
            } catch {
                throw .migrationFailed(name: migration.name, reason: "\(error)")
            }
        }
        return applied
    }

    /// The names of the steps applied, in the order they were; creates the record when missing,
    /// filled from `user_version`. A store that has it is only read: opening takes no write lock.
    private func recordApplied(_ database: Database) throws -> [String] {
        let exists = "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
        if try database.scalarInt(exists) > 0 { return try Self.appliedNames(database) }
        return try database.write {
            // Checked again under the write lock: another process may have made it meanwhile.
            if try database.scalarInt(exists) == 0 {
                let version = try database.userVersion()
                guard version <= migrations.count else {
                    throw StoreError.newerSchema(path: database.path,
                                                 unknownSteps: (migrations.count + 1...version).map { "step \($0)" })
                }
                try database.execute("CREATE TABLE schema_migrations (name TEXT NOT NULL PRIMARY KEY)")
                for migration in migrations.prefix(version) {
                    try database.execute("INSERT INTO schema_migrations (name) VALUES (?)", migration.name)
                }
            }
            return try Self.appliedNames(database)
        }
    }

    private static func appliedNames(_ database: Database) throws -> [String] {
        try database.query("SELECT name FROM schema_migrations ORDER BY rowid") { $0.string(0) }
    }

    /// Runs one step and records it; false when another process applied it first.
    private func apply(_ migration: Migration, to database: Database) throws -> Bool {
        guard migration.foreignKeyChecks == .deferred else { return try applyInTransaction(migration, to: database) }
        // Outside a transaction: inside one, SQLite ignores the change.
        try database.execute("PRAGMA foreign_keys = OFF")
        guard try database.scalarInt("PRAGMA foreign_keys") == 0 else {
            throw StoreError.failed("foreign keys could not be turned off for a schema step (is a transaction open?)")
        }
        let outcome = Result(catching: { try applyInTransaction(migration, to: database) })
        // Throws rather than carry on: a connection left without foreign keys would skip every cascade.
        try database.execute("PRAGMA foreign_keys = ON")
        return try outcome.get()
    }

    private func applyInTransaction(_ migration: Migration, to database: Database) throws -> Bool {
        try database.write {
            // Checked under the write lock: a process that opened the store at the same time may have applied it.
            if try database.scalarInt("SELECT count(*) FROM schema_migrations WHERE name = ?", migration.name) > 0 { return false }
            try migration.apply(database)
            if migration.foreignKeyChecks == .deferred { try Self.expectNoDanglingReferences(database) }
            try database.execute("INSERT INTO schema_migrations (name) VALUES (?)", migration.name)
            try database.setUserVersion(try database.scalarInt("SELECT count(*) FROM schema_migrations"))
            return true
        }
    }

    private static func expectNoDanglingReferences(_ database: Database) throws {
        let dangling = try database.query("PRAGMA foreign_key_check") { row in
            "\(row.string(0)) row \(row.int64(1)) refers to a missing \(row.string(2)) row"
        }
        guard dangling.isEmpty else {
            throw StoreError.failed("the step would leave \(dangling.count) rows referring to rows that are gone (\(dangling.prefix(3).joined(separator: "; ")))")
        }
    }
}
