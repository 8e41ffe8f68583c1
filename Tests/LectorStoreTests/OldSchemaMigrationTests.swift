import Foundation
import Testing
@testable import LectorStore

@Suite("Migration from every old schema")
struct OldSchemaMigrationTests {
    @Test("a store of every old schema version, a row in every table, migrates to the newest and keeps every row",
          arguments: OldStore.versionsBeforeNamedRecord)
    func keepsEveryRow(version: Int) throws {
        let old = try OldStore(version: version)
        let columns: [String: [String]]
        let before: [String: [String]]
        do {
            let database = try Database(path: old.path)
            columns = try OldStore.columns(database)
            before = try OldStore.rows(database, of: columns)
        }
        for (table, rows) in before {
            #expect(!rows.isEmpty, "the v\(version) store must have a row in every table to prove none is lost; \(table) has none")
        }
        let store = try Store(path: old.path)
        let after = try OldStore.rows(store.database, of: columns)
        for (table, rows) in before {
            #expect(after[table] == rows, "v\(version) → newest changed or lost rows of \(table): before \(rows), after \(after[table] ?? [])")
        }
        #expect(try OldStore.pragma(store.database, "foreign_key_check").isEmpty, "a row refers to one that is gone after migrating from v\(version)")
        #expect(try OldStore.pragma(store.database, "integrity_check") == ["ok"])
        #expect(try store.database.scalarInt("PRAGMA foreign_keys") == 1, "foreign keys must be on again after the migration")
        #expect(try store.articles.search("lighthouses") == [1], "the search index must still find the v\(version) article")
        #expect(try store.accounts.all().map(\.kind) == [.freshrss, .feedbin, .fever, .miniflux, .local],
                "every account keeps its kind")
    }
}
