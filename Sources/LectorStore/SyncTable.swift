import FoundationEssentials

/// The bulk operations a sync run needs: applying the server's structure, its entries and its
/// id sets, and the per-account sync bookkeeping. Each is one transaction.
public struct SyncTable {
    let database: Database

    // MARK: Structure

    /// Makes the account's folders and feeds match the server's, keeping local ids (and so
    /// articles and state) for everything that still exists. Returns feed server id → local id.
    ///
    /// A feed the server no longer lists (another client unsubscribed it; a server may leave
    /// hidden feeds out of its list) goes with its articles only when nothing in it is the user's:
    /// its starred and labelled articles, and those with a change not sent yet, stay in the feed,
    /// which is marked as having left the server (`left_server_at`); the rest of its articles go.
    /// Such a feed is kept while it holds any of them, and is listed again should the server list
    /// it again. Each feed that leaves in this call is told to `departed`.
    @discardableResult
    public func applyStructure(accountID: Int64, folders: [(serverID: String, name: String)],
                               feeds: [(serverID: String, title: String, url: String, siteURL: String?, folderServerID: String?)],
                               keepFolderNames: Set<String> = [],
                               departed: (DepartedFeed) -> Void = { _ in }) throws(StoreError) -> [String: Int64] {
        try storeOperation {
            try database.write {
                var folderIDs: [String: Int64] = [:]
                for folder in folders {
                    try database.execute("""
                        INSERT INTO folders (account_id, server_id, name, from_server) VALUES (?, ?, ?, 1)
                        ON CONFLICT (account_id, server_id) DO UPDATE SET name = excluded.name WHERE name IS NOT excluded.name
                        """, accountID, folder.serverID, folder.name)
                    folderIDs[folder.serverID] = try database.queryFirst(
                        "SELECT id FROM folders WHERE account_id = ? AND server_id = ?", accountID, folder.serverID) { $0.int64(0) }
                }
                let wantedFolders = Set(folders.map(\.serverID))
                for (id, serverID, name) in try database.query("SELECT id, server_id, name FROM folders WHERE account_id = ?", accountID,
                                                               row: { ($0.int64(0), $0.string(1), $0.string(2)) })
                where !wantedFolders.contains(serverID) && !keepFolderNames.contains(name) {
                    try database.execute("DELETE FROM folders WHERE id = ?", id)
                }
                var feedIDs: [String: Int64] = [:]
                for feed in feeds {
                    let folderID = feed.folderServerID.flatMap { folderIDs[$0] }
                    try database.execute("""
                        INSERT INTO feeds (account_id, folder_id, server_id, title, url, site_url, created_at)
                        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                        ON CONFLICT (account_id, server_id) DO UPDATE SET folder_id = ?2, title = ?4, url = ?5, site_url = ?6
                        WHERE folder_id IS NOT ?2 OR title IS NOT ?4 OR url IS NOT ?5 OR site_url IS NOT ?6
                        """, accountID, folderID, feed.serverID, feed.title, feed.url, feed.siteURL, Date().timeIntervalSince1970)
                    feedIDs[feed.serverID] = try database.queryFirst(
                        "SELECT id FROM feeds WHERE account_id = ? AND server_id = ?", accountID, feed.serverID) { $0.int64(0) }
                }
                // A feed that had left and is listed again is the server's again.
                try database.execute("""
                    UPDATE feeds SET left_server_at = NULL WHERE account_id = ? AND left_server_at IS NOT NULL
                    AND server_id IN (SELECT value FROM json_each(?))
                    """, accountID, String(decoding: try JSONEncoder().encode(feeds.map(\.serverID)), as: UTF8.self))
                let wantedFeeds = Set(feeds.map(\.serverID))
                for (id, serverID) in try database.query("SELECT id, server_id FROM feeds WHERE account_id = ?", accountID,
                                                         row: { ($0.int64(0), $0.string(1)) }) where !wantedFeeds.contains(serverID) {
                    if let gone = try DepartedFeeds(database: database).leave(feedID: id, at: Date().timeIntervalSince1970) { departed(gone) }
                }
                return feedIDs
            }
        }
    }

    // MARK: Entries

    /// Stores one page of entries in one transaction. State carried by an entry is applied to
    /// new articles, and — when `stateUpdatesExisting`, i.e. the server is authoritative — to
    /// existing ones unless protected (an unsent local change to that flag). `protected` shields
    /// the read state, and the star too unless `protectedStarred` is given. Entries without state
    /// are stored as unknown. Returns how many articles were new.
    @discardableResult
    public func applyEntries(accountID: Int64, _ entries: [(feedID: Int64, article: IncomingArticle, read: Bool?, starred: Bool?)],
                             protected: Set<String>, protectedStarred: Set<String>? = nil,
                             stateUpdatesExisting: Bool = true) throws(StoreError) -> Int {
        try storeOperation {
            try database.write {
                let articles = ArticlesTable(database: database)
                var inserted = 0
                for entry in entries {
                    let read: ReadState = entry.read.map { $0 ? .read : .unread } ?? .unknown
                    let result = try articles.upsert(accountID: accountID, feedID: entry.feedID, entry.article, read: read,
                                                     starred: entry.starred ?? false)
                    if result.inserted { inserted += 1; continue }
                    guard stateUpdatesExisting else { continue }
                    // A change queued after the run captured its protected sets (another Lector
                    // process, or the user while this sync runs) is protected too: checked here,
                    // in this transaction. Protection is per flag: a queued read leaves the star free.
                    func queued(_ action: PendingIntent.Action) throws -> Bool {
                        guard try database.scalarInt("SELECT count(*) FROM pending_intents WHERE article_id = ? AND action = ?",
                                                     result.id, action.rawValue) == 0 else { return true }
                        // A queued mark-all-read covering the article protects its read state too.
                        return try action == .read
                            && database.scalarInt("SELECT \(PendingScopeReadsTable.covers("a")) FROM articles a WHERE a.id = ?", result.id) == 1
                    }
                    let serverID = entry.article.serverID
                    if let flag = entry.read, !protected.contains(serverID), try !queued(.read) {
                        try database.execute("UPDATE article_state SET read = ? WHERE article_id = ? AND read IS NOT ?",
                                             flag ? "read" : "unread", result.id, flag ? "read" : "unread")
                    }
                    if let flag = entry.starred, !(protectedStarred ?? protected).contains(serverID), try !queued(.starred) {
                        try database.execute("UPDATE article_state SET starred = ? WHERE article_id = ? AND starred IS NOT ?",
                                             flag, result.id, flag)
                    }
                }
                try SearchIndex(database: database).feedBacklogIfFull()
                return inserted
            }
        }
    }

    /// Whether the account has any article (one index probe, not a count of them all).
    public func hasArticles(accountID: Int64) throws(StoreError) -> Bool {
        try storeOperation { try database.scalarInt("SELECT EXISTS (SELECT 1 FROM articles WHERE account_id = ?)", accountID) == 1 }
    }

    /// Those of `ids` the account has no article for, in their order: one statement over the
    /// (account, server id) index per page of ids, instead of every server id of the account
    /// loaded into memory first (a million strings, for a sync that may fetch ten entries).
    public func unknownServerIDs(accountID: Int64, among ids: [String]) throws(StoreError) -> [String] {
        guard !ids.isEmpty else { return [] }
        return try storeOperation {
            let list = String(decoding: try JSONEncoder().encode(ids), as: UTF8.self)
            return try database.query(Self.unknownIDs, accountID, list) { $0.string(0) }
        }
    }

    /// ?1 the account, ?2 a JSON array of server ids.
    static let unknownIDs = """
        SELECT j.value FROM json_each(?2) j
        WHERE NOT EXISTS (SELECT 1 FROM articles a WHERE a.account_id = ?1 AND a.server_id = j.value)
        ORDER BY j.key
        """

    // MARK: Id sets

    /// Which flag an id set reconciles.
    public enum StateField: Sendable {
        case unread, starred

        /// The intent that changes this flag.
        var action: PendingIntent.Action { self == .unread ? .read : .starred }
    }

    /// Applies the server's set for one field to every unprotected article of the account:
    /// members are unread (or starred). With a complete set non-members become read
    /// (unstarred); with a partial one, a non-member's read state becomes unknown and its star is
    /// left alone. Articles in `protected` or with a change queued now are skipped, and so are
    /// those of a feed that left the server's list (its sets no longer hold them). Returns how
    /// many articles changed. (`startIDSet`, `addToIDSet` and `applyStagedIDSet` do the same for
    /// a set that arrives page by page.)
    @discardableResult
    public func applyIDSet(accountID: Int64, field: StateField, members: Set<String>, complete: Bool,
                           protected: Set<String>) throws(StoreError) -> Int {
        try startIDSet()
        try addToIDSet(Array(members))
        return try applyStagedIDSet(accountID: accountID, field: field, complete: complete, protected: protected)
    }

    /// Empties the staging table an id set is gathered in (a temporary table of this connection,
    /// so a set of a million ids costs the sync no memory of its own).
    public func startIDSet() throws(StoreError) {
        try storeOperation {
            try database.execute("CREATE TEMP TABLE IF NOT EXISTS sync_members (server_id TEXT PRIMARY KEY)")
            try database.execute("DELETE FROM sync_members")
        }
    }

    /// Adds one page of the server's set to the staging table, in one transaction and a few
    /// statements (one per `stagingRows` ids instead of one per id).
    public func addToIDSet(_ ids: [String]) throws(StoreError) {
        guard !ids.isEmpty else { return }
        try storeOperation {
            try database.write {
                var rest = ids[...]
                while !rest.isEmpty {
                    let rows = rest.count >= Self.stagingRows ? Self.stagingRows : 1
                    try database.execute(rows == 1 ? Self.stageOne : Self.stageMany, arguments: Array(rest.prefix(rows)))
                    rest = rest.dropFirst(rows)
                }
            }
        }
    }

    /// Ids per staging statement: well under SQLite's limit of bound parameters.
    static let stagingRows = 500
    private static let stageOne = "INSERT OR IGNORE INTO sync_members VALUES (?)"
    private static let stageMany = stageOne + String(repeating: ", (?)", count: stagingRows - 1)

    /// Applies the set gathered since `startIDSet`, as `applyIDSet` describes, and empties it.
    @discardableResult
    public func applyStagedIDSet(accountID: Int64, field: StateField, complete: Bool, protected: Set<String>) throws(StoreError) -> Int {
        try storeOperation {
            try database.write {
                try database.execute("CREATE TEMP TABLE IF NOT EXISTS sync_members (server_id TEXT PRIMARY KEY)")
                try database.execute("CREATE TEMP TABLE IF NOT EXISTS sync_protected (server_id TEXT PRIMARY KEY)")
                try database.execute("DELETE FROM sync_protected")
                for id in protected { try database.execute("INSERT OR IGNORE INTO sync_protected VALUES (?)", id) }
                let nonMember: String
                switch field {
                case .unread: nonMember = complete ? "'read'" : "'unknown'"
                case .starred: nonMember = complete ? "0" : "starred"
                }
                let column = field == .unread ? "read" : "starred"
                let member = field == .unread ? "'unread'" : "1"
                try database.execute("""
                    UPDATE article_state SET \(column) = new_value FROM (
                        SELECT a.id AS article_id,
                               CASE WHEN m.server_id IS NOT NULL THEN \(member) ELSE \(nonMember) END AS new_value
                        FROM articles a
                        JOIN article_state s ON s.article_id = a.id
                        LEFT JOIN sync_members m ON m.server_id = a.server_id
                        WHERE a.account_id = ? AND a.server_id NOT IN (SELECT server_id FROM sync_protected)
                          AND a.feed_id NOT IN (\(DepartedFeeds.departedFeedIDs))
                          AND a.id NOT IN (SELECT article_id FROM pending_intents WHERE article_id IS NOT NULL AND action = ?)
                          \(field == .unread ? "AND NOT " + PendingScopeReadsTable.covers("a") : "")
                    ) AS wanted
                    WHERE article_state.article_id = wanted.article_id AND article_state.\(column) IS NOT wanted.new_value
                    """, accountID, field.action.rawValue)
                let changed = database.changes
                try database.execute("DELETE FROM sync_members")
                try database.execute("DELETE FROM sync_protected")
                return changed
            }
        }
    }

    /// Server ids of articles with unsent or in-flight changes (to `field` only, when given):
    /// reconciliation leaves that state alone. A queued mark-all-read protects the read state of
    /// the articles it covers.
    public func protectedServerIDs(accountID: Int64, field: StateField? = nil) throws(StoreError) -> Set<String> {
        try storeOperation {
            let scoped = field == .starred ? "" : """
                UNION SELECT a.server_id FROM articles a WHERE a.account_id = ?1 AND \(PendingScopeReadsTable.covers("a"))
                """
            guard let field else {
                return Set(try database.query("""
                    SELECT a.server_id FROM pending_intents p JOIN articles a ON a.id = p.article_id WHERE p.account_id = ?1
                    \(scoped)
                    """, accountID) { $0.string(0) })
            }
            return Set(try database.query("""
                SELECT a.server_id FROM pending_intents p JOIN articles a ON a.id = p.article_id
                WHERE p.account_id = ?1 AND p.action = ?2
                \(scoped)
                """, accountID, field.action.rawValue) { $0.string(0) })
        }
    }

    /// The server id of each article in `intents`, for pushing.
    public func serverIDs(ofArticles ids: [Int64]) throws(StoreError) -> [Int64: String] {
        try storeOperation {
            var result: [Int64: String] = [:]
            for id in ids {
                if let serverID = try database.queryFirst("SELECT server_id FROM articles WHERE id = ?", id, row: { $0.string(0) }) {
                    result[id] = serverID
                }
            }
            return result
        }
    }

    // MARK: Bookkeeping

    /// When the account last started and last finished a sync, and how the last one ended.
    public struct Status: Sendable, Equatable {
        public var lastStartedAt: Double?
        public var lastSuccessAt: Double?
        public var lastError: String?

        public init(lastStartedAt: Double? = nil, lastSuccessAt: Double? = nil, lastError: String? = nil) {
            self.lastStartedAt = lastStartedAt
            self.lastSuccessAt = lastSuccessAt
            self.lastError = lastError
        }
    }

    public func status(accountID: Int64) throws(StoreError) -> Status {
        try storeOperation {
            try database.queryFirst("SELECT last_started_at, last_success_at, last_error FROM account_sync_meta WHERE account_id = ?",
                                    accountID) { Status(lastStartedAt: $0.optionalDouble(0), lastSuccessAt: $0.optionalDouble(1),
                                                        lastError: $0.optionalString(2)) } ?? Status()
        }
    }

    public func recordStart(accountID: Int64, at time: Double) throws(StoreError) {
        try storeOperation {
            try database.execute("""
                INSERT INTO account_sync_meta (account_id, last_started_at) VALUES (?, ?)
                ON CONFLICT (account_id) DO UPDATE SET last_started_at = excluded.last_started_at
                """, accountID, time)
        }
    }

    public func recordEnd(accountID: Int64, at time: Double, error: String?) throws(StoreError) {
        try storeOperation {
            if let error {
                try database.execute("UPDATE account_sync_meta SET last_error = ? WHERE account_id = ?", error, accountID)
            } else {
                try database.execute("UPDATE account_sync_meta SET last_success_at = ?, last_error = NULL WHERE account_id = ?",
                                     time, accountID)
            }
        }
    }
}
