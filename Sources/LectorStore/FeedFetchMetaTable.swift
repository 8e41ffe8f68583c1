/// A feed's fetch bookkeeping, as stored; the feeds module decides what it means.
public struct StoredFetchMeta: Sendable, Equatable {
    public var etag: String?
    public var lastModified: String?
    public var bodyHash: String?
    public var nextFetchAt: Double?
    public var failureCount: Int
    public var lastFetchedAt: Double?
    public var lastError: String?

    public init(etag: String? = nil, lastModified: String? = nil, bodyHash: String? = nil, nextFetchAt: Double? = nil,
                failureCount: Int = 0, lastFetchedAt: Double? = nil, lastError: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
        self.bodyHash = bodyHash
        self.nextFetchAt = nextFetchAt
        self.failureCount = failureCount
        self.lastFetchedAt = lastFetchedAt
        self.lastError = lastError
    }
}

/// Queries over `feed_fetch_meta`.
public struct FeedFetchMetaTable {
    let database: Database

    public func meta(feedID: Int64) throws(StoreError) -> StoredFetchMeta {
        try storeOperation {
            try database.queryFirst("""
                SELECT etag, last_modified, body_hash, next_fetch_at, failure_count, last_fetched_at, last_error
                FROM feed_fetch_meta WHERE feed_id = ?
                """, feedID) { row in
                StoredFetchMeta(etag: row.optionalString(0), lastModified: row.optionalString(1), bodyHash: row.optionalString(2),
                                nextFetchAt: row.optionalDouble(3), failureCount: row.int(4), lastFetchedAt: row.optionalDouble(5),
                                lastError: row.optionalString(6))
            } ?? StoredFetchMeta()
        }
    }

    public func save(_ meta: StoredFetchMeta, feedID: Int64) throws(StoreError) {
        try storeOperation {
            try database.execute("""
                INSERT INTO feed_fetch_meta (feed_id, etag, last_modified, body_hash, next_fetch_at, failure_count, last_fetched_at, last_error)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                ON CONFLICT (feed_id) DO UPDATE SET etag = ?2, last_modified = ?3, body_hash = ?4, next_fetch_at = ?5,
                    failure_count = ?6, last_fetched_at = ?7, last_error = ?8
                """, feedID, meta.etag, meta.lastModified, meta.bodyHash, meta.nextFetchAt, meta.failureCount,
                meta.lastFetchedAt, meta.lastError)
        }
    }
}
