/// The full-text index over article titles and text, fed in bulk from `search_backlog`
/// (see `Schema.version2` for why not row by row).
public struct SearchIndex {
    /// How many new articles may wait before a sync writing more of them feeds the index. Each
    /// feed writes one FTS5 segment that later merges cost again: at 512 a 300,000-article first
    /// sync ran 4–5 % slower than at 8,192 (`lector-bench scale`, same machine, alternating runs),
    /// with the same peak memory. Searching feeds whatever waits first, so nothing is missed.
    public static let batchSize = 8_192

    let database: Database

    /// Indexes every article in the backlog in one statement and empties it. Returns how many
    /// articles were indexed.
    @discardableResult
    public func feedBacklog() throws(StoreError) -> Int {
        try storeOperation {
            try database.write {
                try database.execute("""
                    INSERT INTO articles_fts (rowid, title, text)
                    SELECT a.id, a.title, a.text FROM search_backlog b JOIN articles a ON a.id = b.article_id
                    """)
                let indexed = database.changes
                try database.execute("DELETE FROM search_backlog")
                return indexed
            }
        }
    }

    /// Feeds the index once the backlog holds a full batch; a no-op before that.
    public func feedBacklogIfFull() throws(StoreError) {
        guard try pendingCount() >= Self.batchSize else { return }
        try feedBacklog()
    }

    /// How many articles are not yet searchable.
    public func pendingCount() throws(StoreError) -> Int {
        try storeOperation { try database.scalarInt("SELECT count(*) FROM search_backlog") }
    }
}
