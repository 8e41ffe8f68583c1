/// The full-text index over article titles and text, fed in bulk from `search_backlog`
/// (see `Schema.version2` for why not row by row).
public struct SearchIndex {
    /// How many new articles may wait before a sync writing more of them feeds the index:
    /// past a few hundred rows a bigger batch saves little, and the wait stays short.
    public static let batchSize = 512

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
