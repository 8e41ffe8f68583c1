import Foundation
import Testing
@testable import LectorStore

@Suite("Database connection")
struct DatabaseTests {
    @Test("opens in WAL mode with foreign keys on")
    func opensWithWALAndForeignKeys() throws {
        let temporary = try TemporaryStore()
        let database = temporary.store.database
        let mode = try database.queryFirst("PRAGMA journal_mode") { $0.string(0) }
        #expect(mode == "wal", "journal mode should be WAL, got \(mode ?? "nil")")
        #expect(try database.scalarInt("PRAGMA foreign_keys") == 1, "foreign keys must be enforced")
    }

    @Test("creates the database file readable by the owner only")
    func databaseFileIsPrivate() throws {
        let temporary = try TemporaryStore()
        let attributes = try FileManager.default.attributesOfItem(atPath: temporary.path)
        let permissions = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
        #expect(permissions == 0o600, "database mode should be 0600, got \(String(permissions, radix: 8))")
    }

    @Test("a write that throws is rolled back")
    func writeRollsBackOnThrow() throws {
        let temporary = try TemporaryStore()
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try temporary.store.database.write {
                try temporary.store.accounts.insert(kind: .local, name: "Doomed")
                throw Abort()
            }
        }
        #expect(try temporary.store.accounts.named("Doomed") == nil, "the insert inside the failed write must be undone")
    }

    @Test("errors carry the SQLite code and message but never bound values")
    func errorsHideBoundValues() throws {
        let temporary = try TemporaryStore()
        let secret = "hunter2-should-not-appear"
        let error = #expect(throws: DatabaseError.self, "a CHECK violation should throw") {
            try temporary.store.database.execute("INSERT INTO accounts (kind, name, is_default, created_at) VALUES ('local', ?, ?, 0)", secret, 2)
        }
        #expect(error?.isConstraintViolation == true, "expected a constraint error, got code \(String(describing: error?.code))")
        #expect(error?.description.contains(secret) == false, "bound values leaked into the error: \(String(describing: error))")
        #expect(error?.description.contains("CHECK") == true, "SQLite's message should be kept: \(String(describing: error))")
    }

    @Test("a second writer gets a busy error once the timeout passes, not a hang")
    func secondWriterIsBusy() throws {
        let temporary = try TemporaryStore()
        let other = try Database(path: temporary.path, busyTimeoutMilliseconds: 50)
        try temporary.store.database.execute("BEGIN IMMEDIATE")
        defer { try? temporary.store.database.execute("ROLLBACK") }
        let error = #expect(throws: DatabaseError.self, "the second BEGIN IMMEDIATE should fail while the first holds the lock") {
            try other.execute("BEGIN IMMEDIATE")
        }
        #expect(error?.isBusy == true, "expected SQLITE_BUSY, got \(String(describing: error?.code))")
    }

    @Test("readers see committed data while a write is open (WAL)")
    func readersContinueDuringWrite() throws {
        let temporary = try TemporaryStore()
        try temporary.store.accounts.insert(kind: .local, name: "Before")
        let reader = try Database(path: temporary.path, mode: .readOnly)
        try temporary.store.database.execute("BEGIN IMMEDIATE")
        try temporary.store.database.execute("INSERT INTO accounts (kind, name, created_at) VALUES ('local', 'During', 0)")
        let names = try reader.query("SELECT name FROM accounts ORDER BY name") { $0.string(0) }
        try temporary.store.database.execute("COMMIT")
        #expect(names == ["Before"], "the reader should see only committed rows, saw \(names)")
    }

    @Test("read sees one snapshot even while another connection commits")
    func readIsASnapshot() throws {
        let temporary = try TemporaryStore()
        try temporary.store.accounts.insert(kind: .local, name: "First")
        let writer = try Database(path: temporary.path)
        let counts = try temporary.store.database.read { () -> (Int, Int) in
            let before = try temporary.store.database.scalarInt("SELECT count(*) FROM accounts")
            try writer.execute("INSERT INTO accounts (kind, name, created_at) VALUES ('local', 'Second', 0)")
            return (before, try temporary.store.database.scalarInt("SELECT count(*) FROM accounts"))
        }
        #expect(counts.0 == counts.1, "inside read the count must not change: \(counts)")
        #expect(try temporary.store.database.scalarInt("SELECT count(*) FROM accounts") == 2, "after read the commit is visible")
    }

    @Test("prepared statements are reused, not re-prepared")
    func statementsAreCached() throws {
        let temporary = try TemporaryStore()
        let database = temporary.store.database
        for _ in 0..<3 { _ = try database.scalarInt("SELECT count(*) FROM feeds") }
        let cached = try database.scalarInt("SELECT count(*) FROM feeds")
        #expect(cached == 0)
        // The statement handle for identical SQL stays the same object.
        let first = try database.prepared("SELECT 1")
        let second = try database.prepared("SELECT 1")
        #expect(first === second, "the same SQL should give the cached statement")
    }
}
