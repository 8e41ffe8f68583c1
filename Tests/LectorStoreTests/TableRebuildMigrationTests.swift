import Foundation
import Testing
@testable import LectorStore

@Suite("Migration steps that rebuild a table")
struct TableRebuildMigrationTests {
    @Test("v17 rebuilds accounts without the kind constraint and keeps every row of every table; foreign keys and integrity clean")
    func accountRebuildKeepsEverything() throws {
        let old = try OldStore(version: 16)
        let columns: [String: [String]]
        let before: [String: [String]]
        do {
            let database = try Database(path: old.path)
            columns = try OldStore.columns(database)
            before = try OldStore.rows(database, of: columns)
        }
        #expect(before.values.allSatisfy { !$0.isEmpty }, "every table must be filled first: \(before.filter(\.value.isEmpty).keys.sorted())")
        let store = try Store(path: old.path)
        let after = try OldStore.rows(store.database, of: columns)
        for table in before.keys.sorted() {
            #expect(after[table] == before[table], "the accounts rebuild lost or changed rows of \(table): before \(before[table] ?? []), after \(after[table] ?? [])")
        }
        #expect(try OldStore.pragma(store.database, "foreign_key_check").isEmpty)
        #expect(try OldStore.pragma(store.database, "integrity_check") == ["ok"])
        let accountsSQL = try store.database.queryFirst("SELECT sql FROM sqlite_master WHERE name = 'accounts'") { $0.string(0) } ?? ""
        #expect(!accountsSQL.contains("kind IN"), "the kind is no longer a constraint: \(accountsSQL)")
        #expect(throws: DatabaseError.self, "the rebuilt table keeps at most one default account") {
            try store.database.execute("UPDATE accounts SET is_default = 1 WHERE id = 1")
        }
        try store.accounts.remove(2)
        #expect(try store.database.scalarInt("SELECT count(*) FROM feeds WHERE account_id = 2") == 0
                    && store.database.scalarInt("SELECT count(*) FROM pending_scope_reads") == 0,
                "removing an account still cascades to its feeds and intents after the rebuild")
        #expect(try store.database.scalarInt("SELECT count(*) FROM feeds") == 2, "the other accounts' feeds stay")
    }

    @Test("a rebuild step that would leave a row referring to a gone one is rolled back: the store stays as it was")
    func danglingReferenceRollsBack() throws {
        let old = try OldStore(version: Schema.migrator.latestVersion)
        let broken = Migration("v99: drops an account but not its feeds") { db in
            try db.execute("DELETE FROM accounts WHERE id = 2")
        }
        let database = try Database(path: old.path)
        let columns = try OldStore.columns(database)
        let before = try OldStore.rows(database, of: columns)
        #expect {
            try Migrator(Schema.migrator.migrations + [broken]).migrate(database)
        } throws: { error in
            guard case StoreError.migrationFailed(let name, let reason)? = error as? StoreError else { return false }
            return name == broken.name && reason.contains("refers to a missing accounts row")
        }
        #expect(try OldStore.rows(database, of: columns) == before, "the failed step must leave every row as it was")
        #expect(try database.scalarInt("SELECT count(*) FROM schema_migrations WHERE name = ?", broken.name) == 0,
                "the failed step must not be recorded as applied")
        #expect(try database.userVersion() == Schema.migrator.latestVersion)
        #expect(try database.scalarInt("PRAGMA foreign_keys") == 1, "foreign keys must be on again after the failed step")
    }

    @Test("a step that replaces rows others refer to keeps those rows by default (foreign keys checked at the end, as GRDB's deferred mode)")
    func foreignKeysAreCheckedAtTheEndByDefault() throws {
        let old = try OldStore(version: Schema.migrator.latestVersion)
        // What a table rebuild does to the rows that refer to it: the rows they refer to are
        // deleted and put back. With foreign keys on, the delete would cascade.
        let rebuild = Migration("v99: puts the accounts back") { db in
            try db.execute("CREATE TEMP TABLE kept AS SELECT * FROM accounts")
            try db.execute("DELETE FROM accounts")
            try db.execute("INSERT INTO accounts SELECT * FROM kept")
            try db.execute("DROP TABLE kept")
        }
        let database = try Database(path: old.path)
        let feeds = try database.scalarInt("SELECT count(*) FROM feeds")
        #expect(feeds > 0, "the old store must hold feeds to lose")
        try Migrator(Schema.migrator.migrations + [rebuild]).migrate(database)
        #expect(try database.scalarInt("SELECT count(*) FROM feeds") == feeds, "dropping the old accounts table must not cascade to the feeds")
        #expect(try database.scalarInt("PRAGMA foreign_keys") == 1, "foreign keys must be on again after the step")
        #expect(try OldStore.pragma(database, "foreign_key_check").isEmpty)
    }

    @Test("an account of a kind this Lector does not know is refused on reading, never taken for a local one")
    func unknownKindIsRefused() throws {
        let temporary = try TemporaryStore()
        try temporary.store.accounts.insert(kind: .local, name: "Home")
        try temporary.store.database.execute("INSERT INTO accounts (kind, name, created_at) VALUES ('rss-o-matic', 'Future', 0)")
        #expect(throws: StoreError.failed("the account 'Future' is of kind 'rss-o-matic', which this Lector does not know: upgrade Lector")) {
            try temporary.store.accounts.all()
        }
    }
}
