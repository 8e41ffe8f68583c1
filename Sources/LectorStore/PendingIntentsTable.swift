import FoundationEssentials

/// A change the user made that the server has not acknowledged.
public struct PendingIntent: Sendable, Equatable {
    /// What the user changed. Structure edits (subscribe, rename, move, unsubscribe) are never
    /// queued: they go to the server at once and fail offline, so the schema's room for them and
    /// the `feed_id` column stay unused.
    public enum Action: String, Sendable, CaseIterable {
        case read, starred
    }
    public var id: Int64
    public var accountID: Int64
    public var action: Action
    public var articleID: Int64?
    /// The wanted value, as JSON text (`true` or `false`).
    public var desired: String
    public var attempts: Int
    public var inFlight: Bool
    /// Bumped each time the user changes this wish: an acknowledgement names the generation it
    /// answers, so it can never remove a newer wish that happened to be in flight too.
    public var generation: Int64 = 0
}

/// The queue of unsent changes, in the manner of NetNewsWire's sync-status table: one row per
/// (target, action), repeated changes collapse, rows are selected for sending inside a
/// transaction and deleted after acknowledgement only if nobody changed them meanwhile.
public struct PendingIntentsTable {
    let database: Database

    private static let columns = "id, account_id, action, article_id, desired, attempts, in_flight, generation"

    private static func intent(_ row: Row) -> PendingIntent {
        PendingIntent(id: row.int64(0), accountID: row.int64(1), action: PendingIntent.Action(rawValue: row.string(2)) ?? .read,
                      articleID: row.optionalInt(3).map(Int64.init), desired: row.string(4), attempts: row.int(5),
                      inFlight: row.bool(6), generation: row.int64(7))
    }

    /// Records that the user wants `action` on an article to have `desiredJSON`. A newer wish
    /// replaces an older one for the same article, clears the in-flight mark (so it is sent
    /// again) and gets a new generation (so the older one's acknowledgement cannot remove it).
    public func enqueue(accountID: Int64, action: PendingIntent.Action, articleID: Int64,
                        desiredJSON: String) throws(StoreError) {
        try storeOperation {
            try database.execute("""
                INSERT INTO pending_intents (account_id, action, article_id, desired, created_at)
                VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (article_id, action) WHERE article_id IS NOT NULL
                DO UPDATE SET desired = excluded.desired, created_at = excluded.created_at, in_flight = 0,
                              generation = pending_intents.generation + 1
                """, accountID, action.rawValue, articleID, desiredJSON, Date().timeIntervalSince1970)
        }
    }

    /// Every pending intent of an account, oldest first.
    public func all(accountID: Int64) throws(StoreError) -> [PendingIntent] {
        try storeOperation {
            try database.query("SELECT \(Self.columns) FROM pending_intents WHERE account_id = ? ORDER BY created_at, id",
                               accountID, row: Self.intent)
        }
    }

    /// Marks every intent of the account in flight and returns them, in one transaction. Rows a
    /// crashed push left in flight are simply selected again, so no start-up reset is needed
    /// (and none could be safe with another Lector process pushing at the same time).
    public func selectForSending(accountID: Int64) throws(StoreError) -> [PendingIntent] {
        try storeOperation {
            try database.write {
                try database.execute("UPDATE pending_intents SET in_flight = 1, attempts = attempts + 1 WHERE account_id = ?",
                                     accountID)
                return try database.query("SELECT \(Self.columns) FROM pending_intents WHERE account_id = ? ORDER BY created_at, id",
                                          accountID, row: Self.intent)
            }
        }
    }

    /// Deletes acknowledged intents — each only at the generation that was sent, compared in the
    /// same statement, so a change made during the push (by this process or another one) survives
    /// to be sent next time, even when a second push already took it in flight.
    public func acknowledge(_ sent: [PendingIntent]) throws(StoreError) {
        try storeOperation {
            try database.write {
                for intent in sent {
                    try database.execute("DELETE FROM pending_intents WHERE id = ? AND generation = ?", intent.id, intent.generation)
                }
            }
        }
    }

    /// Returns intents the server refused or did not reach to the queue — only at the generation
    /// that was sent: a newer wish another push holds in flight stays that push's business.
    public func release(_ unsent: [PendingIntent]) throws(StoreError) {
        try storeOperation {
            try database.write {
                for intent in unsent {
                    try database.execute("UPDATE pending_intents SET in_flight = 0 WHERE id = ? AND generation = ?",
                                         intent.id, intent.generation)
                }
            }
        }
    }
}
