import Foundation
import Testing
@testable import LectorStore

@Suite("Store transactions")
struct StoreTransactionTests {
    struct InnerFailed: Error {}

    private func names(_ store: Store) throws -> [String] {
        try store.accounts.all().map(\.name).sorted()
    }

    @Test("a nested write whose body fails rolls back only itself: the outer body catches and commits its own rows")
    func nestedFailureRollsBackOnlyTheInnerRows() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        try store.write {
            try store.accounts.insert(kind: .local, name: "Outer")
            do {
                try store.write {
                    try store.accounts.insert(kind: .local, name: "Inner")
                    throw InnerFailed()
                }
            } catch {}
            try store.accounts.insert(kind: .local, name: "After")
        }
        #expect(try names(store) == ["After", "Outer"], "the inner write's row must be rolled back with it, the outer's kept")
    }

    @Test("a table operation that fails half-way inside a write is undone by itself; the write's other rows stay")
    func failedTableOperationInsideAWriteLeavesNoHalf() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        try store.write {
            try store.accounts.insert(kind: .local, name: "Kept")
            do {
                try store.database.write {
                    try store.accounts.insert(kind: .local, name: "Half")
                    try store.database.execute("INSERT INTO no_such_table VALUES (1)")
                }
            } catch {}
        }
        #expect(try names(store) == ["Kept"])
    }

    @Test("a write's failures come out as StoreError: SQLite's as .database, the body's own kept whole")
    func writeThrowsStoreError() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        #expect(throws: StoreError.self, "SQLite's failure inside a write is a StoreError") {
            try store.write { try store.database.execute("INSERT INTO no_such_table VALUES (1)") }
        }
        #expect(try names(store).isEmpty)
    }
}
