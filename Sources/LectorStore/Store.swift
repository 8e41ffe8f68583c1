import FoundationEssentials
import Glibc

/// The local store: one SQLite file, migrated to the current schema, and the tables over it.
/// This type and the table types it hands out are the whole public face of the module.
public final class Store {
    /// The connection itself, for this package's core and its tests and benchmarks only: an app
    /// writes through the tables and the store's own multi-table operations.
    package let database: Database

    /// Opens the store for reading and writing, creating the file (mode 0600) and migrating it.
    /// `inLectorsFolder`: the file's folder is Lector's data folder, which may be made private
    /// (`AppDirectories.ensureDirectory`); any other folder others may write in is refused.
    public init(path: String, inLectorsFolder: Bool = false) throws(StoreError) {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try AppDirectories.ensureDirectory(directory, lectorsOwn: inLectorsFolder)
        try AppDirectories.ensurePrivateFile(path)
        do { database = try Database(path: path, mode: .readWrite) } catch { throw StoreError.damage(error, path: path) ?? .database(error) }
        // A damaged file shows itself on the first read, which is the migrator's.
        do { try Schema.migrator.migrate(database) } catch {
            if case .database(let cause) = error, let damaged = StoreError.damage(cause, path: path) { throw damaged }
            throw error
        }
    }

    private init(readOnly database: Database) {
        self.database = database
    }

    /// Opens an existing store read-only, without migrating: the fast path for shell completion.
    /// Returns nil when there is no store yet or it was made by a newer binary. Completion has no
    /// way to show an error: a store it cannot read only means no live candidates (hence try?).
    /// `soleConnection`: the caller opens no other connection to this file while the store is
    /// open (a one-shot `__complete` process), so the lighter `readOnlySoleConnection` is tried
    /// first; whatever it cannot open is opened the ordinary way.
    public static func openReadOnly(path: String, soleConnection: Bool = false) -> Store? {
        // access(2), not FileManager: setting up FileManager.default was a measurable part of a completion.
        guard access(path, F_OK) == 0 else { return nil }
        if soleConnection, let store = openReadOnly(path: path, mode: .readOnlySoleConnection) { return store }
        return openReadOnly(path: path, mode: .readOnly)
    }

    private static func openReadOnly(path: String, mode: Database.Mode) -> Store? {
        // Why try?: see openReadOnly(path:soleConnection:); nil sends the caller to the next way or to no store.
        guard let database = try? Database(path: path, mode: mode),
              Schema.migrator.isCurrent(database)
        else { return nil }
        return Store(readOnly: database)
    }

    public var accounts: AccountsTable { AccountsTable(database: database) }
    public var folders: FoldersTable { FoldersTable(database: database) }
    public var feeds: FeedsTable { FeedsTable(database: database) }
    public var articles: ArticlesTable { ArticlesTable(database: database) }
    public var states: ArticleStateChanges { ArticleStateChanges(database: database) }
    public var fetchMeta: FeedFetchMetaTable { FeedFetchMetaTable(database: database) }
    public var feedSettings: FeedServerSettingsTable { FeedServerSettingsTable(database: database) }
    public var sync: SyncTable { SyncTable(database: database) }
    public var intents: PendingIntentsTable { PendingIntentsTable(database: database) }
    public var scopeReads: PendingScopeReadsTable { PendingScopeReadsTable(database: database) }
    public var syncClaims: SyncClaimsTable { SyncClaimsTable(database: database) }
    public var readingList: ReadingListTable { ReadingListTable(database: database) }
    public var rules: RulesTable { RulesTable(database: database) }
    public var ruleServerLines: RuleServerLinesTable { RuleServerLinesTable(database: database) }
    public var ruleEngine: RuleEngine { RuleEngine(database: database) }
    public var savedSearches: SavedSearchesTable { SavedSearchesTable(database: database) }
    public var labels: LabelsTable { LabelsTable(database: database) }
    public var marks: ArticleMarksTable { ArticleMarksTable(database: database) }
    public var starredWaiting: StarredWaitingTable { StarredWaitingTable(database: database) }
    public var readingPositions: ReadingPositionsTable { ReadingPositionsTable(database: database) }
    public var settings: SettingsTable { SettingsTable(database: database) }
    public var meta: AppMetaTable { AppMetaTable(database: database) }
    public var search: SearchIndex { SearchIndex(database: database) }
    public var copies: ArticleCopies { ArticleCopies(database: database) }
    public var folderArrivals: FolderArrivals { FolderArrivals(database: database) }
}

extension Store {
    /// Runs `body` as one transaction (BEGIN IMMEDIATE): every write it makes through the tables
    /// is kept, or none is. The unit of work of a core operation that spans tables (GRDB's
    /// `write { db in … }`): `body` reaches the tables through `db`. Nested in another write it is
    /// a savepoint: when it throws, only its own changes are undone, and the outer body may catch
    /// the error and go on.
    ///
    /// Throws `StoreError`: SQLite's failures (BEGIN, COMMIT, a statement) as the store names them,
    /// a `StoreError` the body threw unchanged, and any other error the body threw kept whole in
    /// `.aborted` — a typed throw cannot pass a caller's own error through, and turning it into
    /// text would lose its type, which the layers above map to their own messages and exit codes
    /// (`StoreError.unwrapped` gives it back). The write is rolled back in every case.
    public func write<T>(_ body: (StoreTransaction) throws -> T) throws(StoreError) -> T {
        do { return try database.write { try body(StoreTransaction(store: self)) } }
        catch { throw StoreError(writing: error) }
    }
}

/// Wraps any thrown error from a table operation into a StoreError. Only the table code says
/// what is a conflict; anything else that is not SQLite's is a plain failure.
func storeOperation<T>(_ body: () throws -> T) throws(StoreError) -> T {
    do { return try body() }
    catch let error as StoreError { throw error }
    catch let error as DatabaseError { throw StoreError(error) }
    catch { throw .failed("\(error)") }
}
