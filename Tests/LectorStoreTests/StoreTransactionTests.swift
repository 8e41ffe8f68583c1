import Foundation
import Testing
@testable import LectorStore

@Suite("Store transactions")
struct StoreTransactionTests {
    struct InnerFailed: Error, Equatable {
        var detail = "the inner body gave up"
    }

    private func names(_ store: Store) throws -> [String] {
        try store.accounts.all().map(\.name).sorted()
    }

    @Test("a nested write whose body fails rolls back only itself: the outer body catches and commits its own rows")
    func nestedFailureRollsBackOnlyTheInnerRows() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        try store.write { db in
            try db.accounts.insert(kind: .local, name: "Outer")
            do {
                try db.write { inner in
                    try inner.accounts.insert(kind: .local, name: "Inner")
                    throw InnerFailed()
                }
            } catch {}
            try db.accounts.insert(kind: .local, name: "After")
        }
        #expect(try names(store) == ["After", "Outer"], "the inner write's row must be rolled back with it, the outer's kept")
    }

    @Test("a table operation that fails half-way inside a write is undone by itself; the write's other rows stay")
    func failedTableOperationInsideAWriteLeavesNoHalf() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        try store.write { db in
            try db.accounts.insert(kind: .local, name: "Kept")
            do {
                try db.database.write {
                    try db.accounts.insert(kind: .local, name: "Half")
                    try db.database.execute("INSERT INTO no_such_table VALUES (1)")
                }
            } catch {}
        }
        #expect(try names(store) == ["Kept"])
    }

    @Test("a write's failures come out as StoreError: SQLite's as .database, the body's own kept whole in .aborted")
    func writeThrowsStoreError() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        do {
            try store.write { db in try db.database.execute("INSERT INTO no_such_table VALUES (1)") }
            Issue.record("the write must fail")
        } catch {
            guard case .database(let cause) = error else { Issue.record("SQLite's failure must be .database, got \(error)"); return }
            #expect(cause.message.contains("no such table"))
        }
        do {
            try store.write { db in
                try db.accounts.insert(kind: .local, name: "Doomed")
                throw InnerFailed(detail: "kept whole")
            }
            Issue.record("the write must fail")
        } catch {
            guard case .aborted(let body) = error else { Issue.record("the body's own error must be .aborted, got \(error)"); return }
            #expect(body.error as? InnerFailed == InnerFailed(detail: "kept whole"), "the body's error comes back as it was thrown")
            #expect(error.description == "\(InnerFailed(detail: "kept whole"))", "it reads as the body's error")
            #expect(StoreError.unwrapped(error) as? InnerFailed == InnerFailed(detail: "kept whole"))
        }
        do {
            try store.write { _ in throw StoreError.conflict("taken") }
        } catch {
            #expect(error == .conflict("taken"), "a StoreError from the body comes out unchanged")
        }
        #expect(try names(store).isEmpty, "every failed write is rolled back")
    }
}
