import FoundationEssentials

/// "Everything in this scope that arrived before `before` is read": what a mark-all-read queues,
/// one row per scope instead of one intent per stored article, so the server can be told with
/// its own call and entries the store never held (older than the article-age limit) are read too.
public struct PendingScopeRead: Sendable, Equatable {
    public enum Scope: Sendable, Equatable {
        case feed(Int64)
        case folder(Int64)
        case account
    }

    /// The scope as the server names it.
    public enum ServerScope: Sendable, Equatable {
        case feed(serverID: String)
        /// Feedbin has no folder call: it needs the folder's feeds.
        case folder(serverID: String, name: String, feedServerIDs: [String])
        case account
    }

    public var id: Int64
    public var accountID: Int64
    public var scope: Scope
    /// When the user asked, seconds since 1970: what arrived later stays unread.
    public var before: Double
    public var attempts: Int
    public var inFlight: Bool
    /// Bumped when the user asks again for the same scope, as in `PendingIntent`.
    public var generation: Int64
}

/// The queue of unsent scope reads, with the same select / acknowledge / release protocol as
/// `PendingIntentsTable`.
public struct PendingScopeReadsTable {
    let database: Database

    private static let columns = "id, account_id, feed_id, folder_id, before, attempts, in_flight, generation"

    private static func read(_ row: Row) -> PendingScopeRead {
        let scope: PendingScopeRead.Scope = if let feed = row.optionalInt(2) { .feed(Int64(feed)) }
            else if let folder = row.optionalInt(3) { .folder(Int64(folder)) } else { .account }
        return PendingScopeRead(id: row.int64(0), accountID: row.int64(1), scope: scope, before: row.double(4), attempts: row.int(5),
                                inFlight: row.bool(6), generation: row.int64(7))
    }

    /// SQL that is true when the article aliased `a` is in a queued scope read and arrived
    /// before it was asked: its read state is the user's until the server acknowledged the read.
    static func covers(_ a: String) -> String {
        """
        EXISTS (SELECT 1 FROM pending_scope_reads r WHERE r.account_id = \(a).account_id AND \(a).fetched_at <= r.before
                AND (r.feed_id IS NULL OR r.feed_id = \(a).feed_id)
                AND (r.folder_id IS NULL OR \(a).feed_id IN (SELECT f.id FROM feeds f WHERE f.folder_id = r.folder_id)))
        """
    }

    /// Queues a scope read, inside the caller's transaction. The same scope asked again gets the
    /// new time and a new generation; the narrower scopes it covers (asked earlier) go.
    func enqueue(accountID: Int64, scope: PendingScopeRead.Scope, before: Double) throws {
        let (feedID, folderID): (Int64?, Int64?) = switch scope {
        case .feed(let id): (id, nil)
        case .folder(let id): (nil, id)
        case .account: (nil, nil)
        }
        switch scope {
        case .account:
            try database.execute("DELETE FROM pending_scope_reads WHERE account_id = ? AND (feed_id IS NOT NULL OR folder_id IS NOT NULL)",
                                 accountID)
        case .folder(let id):
            try database.execute("DELETE FROM pending_scope_reads WHERE feed_id IN (SELECT id FROM feeds WHERE folder_id = ?)", id)
        case .feed:
            break
        }
        try database.execute("""
            UPDATE pending_scope_reads SET before = ?4, created_at = ?5, in_flight = 0, generation = generation + 1
            WHERE account_id = ?1 AND feed_id IS ?2 AND folder_id IS ?3
            """, accountID, feedID, folderID, before, Date().timeIntervalSince1970)
        guard database.changes == 0 else { return }
        try database.execute("""
            INSERT INTO pending_scope_reads (account_id, feed_id, folder_id, before, created_at) VALUES (?, ?, ?, ?, ?)
            """, accountID, feedID, folderID, before, Date().timeIntervalSince1970)
    }

    /// Every queued scope read of an account, oldest first.
    public func all(accountID: Int64) throws(StoreError) -> [PendingScopeRead] {
        try storeOperation {
            try database.query("SELECT \(Self.columns) FROM pending_scope_reads WHERE account_id = ? ORDER BY created_at, id",
                               accountID, row: Self.read)
        }
    }

    /// Marks every scope read of the account in flight and returns them, in one transaction.
    public func selectForSending(accountID: Int64) throws(StoreError) -> [PendingScopeRead] {
        try storeOperation {
            try database.write {
                try database.execute("UPDATE pending_scope_reads SET in_flight = 1, attempts = attempts + 1 WHERE account_id = ?",
                                     accountID)
                return try database.query("SELECT \(Self.columns) FROM pending_scope_reads WHERE account_id = ? ORDER BY created_at, id",
                                          accountID, row: Self.read)
            }
        }
    }

    /// How the server names the scope; nil when the feed or folder is gone meanwhile, or the feed
    /// left the server's list (its mark-all-read then goes unsent: the server has no such feed).
    public func serverScope(of read: PendingScopeRead) throws(StoreError) -> PendingScopeRead.ServerScope? {
        try storeOperation {
            switch read.scope {
            case .account:
                return .account
            case .feed(let id):
                // A feed that left the server's list is not the server's to mark (a server answers 404).
                return try database.queryFirst("SELECT server_id FROM feeds WHERE id = ? AND left_server_at IS NULL", id) {
                    .feed(serverID: $0.string(0))
                }
            case .folder(let id):
                guard let folder = try database.queryFirst("SELECT server_id, name FROM folders WHERE id = ?", id,
                                                           row: { ($0.string(0), $0.string(1)) }) else { return nil }
                let feeds = try database.query("SELECT server_id FROM feeds WHERE folder_id = ? AND left_server_at IS NULL ORDER BY id", id) {
                    $0.string(0)
                }
                return .folder(serverID: folder.0, name: folder.1, feedServerIDs: feeds)
            }
        }
    }

    /// Sorts `serverIDs` for a service that marks by id (Feedbin): those the store holds in the
    /// scope from before it was asked (no need to ask the server about them), and those the store
    /// does not hold at all (the server must say where they belong). Ids the store holds outside
    /// the scope, or that arrived later, are in neither.
    public func sort(_ serverIDs: [String], for read: PendingScopeRead) throws(StoreError) -> (covered: [String], unknown: [String]) {
        guard !serverIDs.isEmpty else { return ([], []) }
        let (scope, scopeID): (String, Int64?) = switch read.scope {
        case .feed(let id): ("a.feed_id = ?4", id)
        case .folder(let id): ("a.feed_id IN (SELECT id FROM feeds WHERE folder_id = ?4)", id)
        case .account: ("?4 IS NULL", nil)
        }
        return try storeOperation {
            let list = String(decoding: try JSONEncoder().encode(serverIDs), as: UTF8.self)
            let rows = try database.query("""
                SELECT j.value, a.id IS NULL, a.fetched_at <= ?3 AND \(scope)
                FROM json_each(?2) j LEFT JOIN articles a ON a.account_id = ?1 AND a.server_id = j.value
                """, read.accountID, list, read.before, scopeID) { ($0.string(0), $0.bool(1), $0.bool(2)) }
            return (rows.filter { !$0.1 && $0.2 }.map(\.0), rows.filter(\.1).map(\.0))
        }
    }

    /// Deletes an acknowledged scope read, only at the generation that was sent.
    public func acknowledge(_ sent: PendingScopeRead) throws(StoreError) {
        try storeOperation {
            try database.execute("DELETE FROM pending_scope_reads WHERE id = ? AND generation = ?", sent.id, sent.generation)
        }
    }

    /// Returns scope reads the server refused or did not reach to the queue, at the generation sent.
    public func release(_ unsent: [PendingScopeRead]) throws(StoreError) {
        try storeOperation {
            try database.write {
                for read in unsent {
                    try database.execute("UPDATE pending_scope_reads SET in_flight = 0 WHERE id = ? AND generation = ?",
                                         read.id, read.generation)
                }
            }
        }
    }
}
