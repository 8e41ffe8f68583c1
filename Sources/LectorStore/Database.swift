import CSQLite

/// One SQLite connection. Opens with WAL, foreign keys and a busy timeout; caches every prepared
/// statement by its SQL; runs writes in `BEGIN IMMEDIATE` transactions.
///
/// Not thread-safe: a connection belongs to one thread (or one task) at a time. Code that works
/// in parallel opens its own connection; WAL lets readers continue during a write.
public final class Database {
    /// How the file is opened.
    public enum Mode: Sendable {
        /// Read and write, creating the file when missing.
        case readWrite
        /// Read only: no migrations, no journal-mode change. Used by shell completion.
        case readOnly
        /// `readOnly`, with the WAL index (`-shm`) mapped read-only too (SQLite's `readonly_shm`):
        /// a process that is the store's only user then reads the WAL into its own memory instead
        /// of truncating and rebuilding the `-shm` file, a fifth of a shell completion's time.
        /// It cannot open a store that has no `-shm` file yet (the caller falls back to
        /// `readOnly`), and it is only for a process that opens no other connection to the same
        /// file: SQLite shares one `-shm` mapping per process, and a read-only one would stop a
        /// writer opened beside it. Its statements are not cached (a completion runs each once).
        case readOnlySoleConnection
    }

    let handle: OpaquePointer
    public let path: String
    public let mode: Mode
    private var statements: [String: Statement] = [:]
    /// The search index's tokenizer on this connection, made on the first search.
    private var tokenizer: SearchTokenizer?
    /// The SQL functions compiled filters call, registered on the first filter.
    private var filters: FilterFunctions?
    private var transactionDepth = 0

    /// Opens (and for `.readWrite`, creates) the database at `path`.
    public init(path: String, mode: Mode = .readWrite, busyTimeoutMilliseconds: Int32 = 5_000) throws(DatabaseError) {
        _ = Self.configureSQLite
        var connection: OpaquePointer?
        let flags: Int32 = switch mode {
        case .readWrite: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        case .readOnly: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
        case .readOnlySoleConnection: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        }
        let name = mode == .readOnlySoleConnection ? Self.uri(path, query: "readonly_shm=1") : path
        let code = sqlite3_open_v2(name, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open database"
            let systemErrno = connection.map { sqlite3_system_errno($0) } ?? 0
            sqlite3_close_v2(connection)
            throw DatabaseError(code: code, message: "\(message): \(path)", systemErrno: systemErrno)
        }
        self.handle = connection
        self.path = path
        self.mode = mode
        sqlite3_extended_result_codes(connection, 1)
        sqlite3_busy_timeout(connection, busyTimeoutMilliseconds)
        if mode == .readWrite {
            // A read-only connection changes nothing for a foreign key to guard.
            try execute("PRAGMA foreign_keys = ON")
            try execute("PRAGMA journal_mode = WAL")
            try execute("PRAGMA synchronous = NORMAL")
        }
    }

    /// SQLite's process-wide settings, made once before the first connection: no memory
    /// statistics (they took a mutex at every allocation: 0.4 M of a shell completion's 8.5 M
    /// instructions, callgrind). Nothing in Lector reads them or sets a heap limit.
    private static let configureSQLite: Void = {
        _ = lector_sqlite_disable_memory_statistics()
    }()

    /// `path` as an SQLite `file:` URI with `query`: the bytes a URI path cannot hold as they are
    /// (`%`, `?`, `#`, anything outside ASCII) percent-encoded; an absolute path gets the empty
    /// authority, so that one starting with `//` is not read as a host.
    static func uri(_ path: String, query: String) -> String {
        var encoded = path.hasPrefix("/") ? "file://" : "file:"
        for byte in path.utf8 {
            if byte >= 0x80 || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                encoded += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            } else {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return encoded + "?" + query
    }

    deinit {
        statements.removeAll()
        tokenizer = nil
        sqlite3_close_v2(handle)
    }

    /// The tokenizer the search index was built with, to find matches in an article's text.
    func searchTokenizer() throws(DatabaseError) -> SearchTokenizer {
        if let tokenizer { return tokenizer }
        let made = try SearchTokenizer(connection: handle)
        tokenizer = made
        return made
    }

    /// Registers the functions a compiled filter calls (`FilterFunctions`), once.
    func registerFilterFunctions() throws(DatabaseError) {
        _ = try filterFunctions()
    }

    /// The functions compiled filters call, registered on this connection.
    func filterFunctions() throws(DatabaseError) -> FilterFunctions {
        if let filters { return filters }
        let made = try FilterFunctions(tokenizer: try searchTokenizer(), connection: handle)
        filters = made
        return made
    }

    /// Runs one statement that returns no rows.
    public func execute(_ sql: String, _ arguments: any SQLBindable...) throws(DatabaseError) {
        try execute(sql, arguments: arguments)
    }

    /// Runs one statement that returns no rows.
    public func execute(_ sql: String, arguments: [any SQLBindable]) throws(DatabaseError) {
        let statement = try prepared(sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        while try statement.step() {}
    }

    /// Runs several statements separated by semicolons, with no arguments (schema scripts).
    public func executeScript(_ sql: String) throws(DatabaseError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? lastErrorMessage
            sqlite3_free(message)
            throw DatabaseError(code: sqlite3_extended_errcode(handle), message: text, sql: nil, systemErrno: sqlite3_system_errno(handle))
        }
    }

    /// Runs a query and maps every row.
    public func query<T>(_ sql: String, _ arguments: any SQLBindable..., row map: (Row) throws -> T) throws -> [T] {
        try query(sql, arguments: arguments, row: map)
    }

    /// Runs a query and maps every row.
    public func query<T>(_ sql: String, arguments: [any SQLBindable], row map: (Row) throws -> T) throws -> [T] {
        try query(sql, arguments: arguments, keeping: .max) { row -> T? in try map(row) }
    }

    /// Runs a query and keeps the rows `map` maps, stepping no further once `count` are kept.
    public func query<T>(_ sql: String, arguments: [any SQLBindable], keeping count: Int, row map: (Row) throws -> T?) throws -> [T] {
        let statement = try prepared(sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        var results: [T] = []
        while results.count < count, try statement.step() {
            if let kept = try map(Row(handle: statement.handle)) { results.append(kept) }
        }
        return results
    }

    /// Runs a query and maps its first row, if any.
    public func queryFirst<T>(_ sql: String, _ arguments: any SQLBindable..., row map: (Row) throws -> T) throws -> T? {
        let statement = try prepared(sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return try map(Row(handle: statement.handle))
    }

    /// The integer in the first column of the first row (0 when there is no row).
    public func scalarInt(_ sql: String, _ arguments: any SQLBindable...) throws(DatabaseError) -> Int {
        let statement = try prepared(sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        guard try statement.step() else { return 0 }
        return Int(sqlite3_column_int64(statement.handle, 0))
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`; rolls back when it throws. A write nested
    /// in another is a savepoint (GRDB's `inSavepoint`): when its body throws, only its own
    /// changes are undone, so an outer body that catches the error commits its own rows alone.
    public func write<T>(_ body: () throws -> T) throws -> T {
        if transactionDepth > 0 { return try savepoint(body) }
        return try transaction("BEGIN IMMEDIATE", body)
    }

    /// Runs `body` inside the write transaction already open (no savepoint of its own), else in
    /// one of its own. For a small unit run thousands of times inside a caller's transaction (an
    /// article's upsert in a sync page): a savepoint per call costs a SAVEPOINT and a RELEASE each
    /// time and protects nothing when every caller lets the error end its own transaction. A
    /// caller that catches such a unit's error and goes on wraps the call in `write` itself.
    public func writeJoining<T>(_ body: () throws -> T) throws -> T {
        if transactionDepth > 0 { return try body() }
        return try transaction("BEGIN IMMEDIATE", body)
    }

    /// Runs `body` inside a deferred (read) transaction, so it sees one consistent snapshot.
    /// Nested in another transaction it joins it: a read has nothing to undo.
    public func read<T>(_ body: () throws -> T) throws -> T {
        if transactionDepth > 0 { return try body() }
        return try transaction("BEGIN DEFERRED", body)
    }

    private func savepoint<T>(_ body: () throws -> T) throws -> T {
        // Named by depth, so each level releases or rolls back to its own. A savepoint name cannot
        // be a bound parameter; this one is our own integer.
        let name = "write\(transactionDepth)"
        try execute("SAVEPOINT \(name)")
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        do {
            let result = try body()
            try execute("RELEASE \(name)")
            return result
        } catch {
            // ROLLBACK TO undoes the savepoint's changes but keeps it open; RELEASE then closes it,
            // committing nothing: the outer transaction still decides. Where SQLite has already
            // rolled the whole transaction back (SQLITE_FULL, an I/O error) both fail, and the body's
            // error is still the one to report.
            try? execute("ROLLBACK TO \(name)")
            try? execute("RELEASE \(name)")
            throw error
        }
    }

    private func transaction<T>(_ begin: String, _ body: () throws -> T) throws -> T {
        try execute(begin)
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // The body's error is the one to report; a ROLLBACK that fails (SQLite already rolled
            // back after SQLITE_FULL or an I/O error) leaves nothing to undo.
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The rowid of the last inserted row on this connection.
    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last statement.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// The schema version stored in `PRAGMA user_version`.
    public func userVersion() throws(DatabaseError) -> Int {
        try scalarInt("PRAGMA user_version")
    }

    func setUserVersion(_ version: Int) throws(DatabaseError) {
        // PRAGMA cannot take a bound parameter; the value is our own integer.
        try executeScript("PRAGMA user_version = \(version)")
    }

    private var lastErrorMessage: String { String(cString: sqlite3_errmsg(handle)) }

    func prepared(_ sql: String) throws(DatabaseError) -> Statement {
        // A shell completion runs each statement once: a cache would only add the set-up of its
        // dictionary's storage, 5 % of the whole completion. The statement is finalised when
        // the caller lets it go.
        if mode == .readOnlySoleConnection { return try Statement(database: handle, sql: sql) }
        if let cached = statements[sql] { return cached }
        let statement = try Statement(database: handle, sql: sql)
        statements[sql] = statement
        return statement
    }
}
