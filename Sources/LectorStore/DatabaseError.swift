/// A failure reported by SQLite. It carries the result code, SQLite's message and the SQL text,
/// but never the values bound to the statement: those may be user data or secrets.
public struct DatabaseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The extended SQLite result code.
    public let code: Int32
    /// SQLite's own message.
    public let message: String
    /// The statement that failed, if any.
    public let sql: String?
    /// The operating system's errno behind an I/O error (`sqlite3_system_errno`), 0 if none.
    public let systemErrno: Int32
    /// The database file, when SQLite found it damaged: damage in the middle of a file shows
    /// only when a query reaches it, and is then named like damage found on opening.
    public let damagedFile: String?

    public init(code: Int32, message: String, sql: String? = nil, systemErrno: Int32 = 0, damagedFile: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
        self.systemErrno = systemErrno
        self.damagedFile = damagedFile
    }

    /// True for SQLite's NOTADB and CORRUPT, whatever the extended code.
    public var isDamage: Bool { primaryCode == 26 || primaryCode == 11 }

    /// The primary result code (the low byte of the extended code).
    public var primaryCode: Int32 { code & 0xFF }

    /// True for a UNIQUE, PRIMARY KEY, FOREIGN KEY, CHECK or NOT NULL violation.
    public var isConstraintViolation: Bool { primaryCode == 19 }

    /// True when another connection holds the write lock past the busy timeout.
    public var isBusy: Bool { primaryCode == 5 || primaryCode == 6 }

    /// True when the disk (or the file system's quota) is full: SQLITE_FULL.
    /// SQLite reports a full disk met while writing the journal or WAL as an I/O error; the
    /// errno behind it tells.
    public var isDiskFull: Bool { primaryCode == 13 || (primaryCode == 10 && (systemErrno == 28 || systemErrno == 122)) }

    /// True when the operating system failed to read or write the file: SQLITE_IOERR.
    public var isIOError: Bool { primaryCode == 10 }

    public var description: String {
        if let sql { return "SQLite error \(code): \(message) (in: \(sql))" }
        return "SQLite error \(code): \(message)"
    }
}
