import CSQLite

/// Swift cannot import SQLITE_TRANSIENT; it tells SQLite to copy bound text before returning.
private let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement, cached by its connection and reset before every use.
final class Statement {
    let handle: OpaquePointer
    let sql: String

    init(database: OpaquePointer, sql: String) throws(DatabaseError) {
        var statement: OpaquePointer?
        let flags = UInt32(SQLITE_PREPARE_PERSISTENT)
        let code = sqlite3_prepare_v3(database, sql, -1, flags, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw DatabaseError(code: code, message: String(cString: sqlite3_errmsg(database)), sql: sql)
        }
        self.handle = statement
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    func bind(_ arguments: [any SQLBindable]) throws(DatabaseError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard expected == arguments.count else {
            throw DatabaseError(code: SQLITE_RANGE,
                                message: "statement expects \(expected) arguments, got \(arguments.count)",
                                sql: sql)
        }
        for (offset, argument) in arguments.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch argument.sqlValue {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let value): code = sqlite3_bind_int64(handle, index, value)
            case .real(let value): code = sqlite3_bind_double(handle, index, value)
            case .text(let value): code = sqlite3_bind_text(handle, index, value, -1, transientDestructor)
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { buffer in
                    sqlite3_bind_blob(handle, index, buffer.baseAddress, Int32(buffer.count), transientDestructor)
                }
            }
            guard code == SQLITE_OK else { throw error(code) }
        }
    }

    /// Steps once; returns true when a row is available.
    func step() throws(DatabaseError) -> Bool {
        // The test hook sees each statement that changes the database once, on its first step
        // (BEGIN IMMEDIATE counts as a write for SQLite, but no disk fills up on it).
        if sqlite3_stmt_busy(handle) == 0, sqlite3_stmt_readonly(handle) == 0, !isTransactionControl,
           let injected = StoreFaultInjection.nextWrite(sql: sql) {
            sqlite3_reset(handle)
            throw injected
        }
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let failure = error(code)
            sqlite3_reset(handle)
            throw failure
        }
    }

    private var isTransactionControl: Bool {
        ["BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE"].contains { sql.hasPrefix($0) }
    }

    func reset() {
        sqlite3_reset(handle)
    }

    private func error(_ code: Int32) -> DatabaseError {
        let database = sqlite3_db_handle(handle)
        let message = database.map { String(cString: sqlite3_errmsg($0)) } ?? "unknown error"
        let extended = database.map { sqlite3_extended_errcode($0) } ?? code
        let error = DatabaseError(code: extended, message: message, sql: sql, systemErrno: database.map { sqlite3_system_errno($0) } ?? 0)
        guard error.isDamage, let database, let file = sqlite3_db_filename(database, "main") else { return error }
        return DatabaseError(code: extended, message: message, sql: sql, systemErrno: error.systemErrno, damagedFile: String(cString: file))
    }
}
