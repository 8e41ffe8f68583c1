extension ArticlesTable {
    /// The id of the nearest unread article after (`forward`) or before `articleID` in the order
    /// `query` lists its scope (account, folder, feed, starred and since filters; a search's own
    /// order is not a time order and is not followed); nil when there is none. The walk goes along
    /// `articles_by_time` from the article's place, so it reads only the articles in between.
    public func unreadNeighbour(of articleID: Int64, in query: ArticleQuery, forward: Bool) throws(StoreError) -> Int64? {
        let older = forward == query.newestFirst
        let direction = older ? "DESC" : "ASC"
        let comparison = older ? "<" : ">"
        var conditions = ["s.read = 'unread'", "(a.listed_at, a.id) \(comparison) (c.listed_at, c.id)"]
        if query.accountID != nil { conditions.append("a.account_id = ?1") }
        if query.feedID != nil { conditions.append("a.feed_id = ?2") }
        if query.folderID != nil { conditions.append("a.feed_id IN (SELECT id FROM feeds WHERE folder_id = ?3)") }
        if query.starredOnly { conditions.append("s.starred = 1") }
        if query.since != nil { conditions.append("a.published_at >= ?4") }
        let sql = """
            SELECT a.id FROM (SELECT listed_at, id FROM articles WHERE id = ?5) c
            CROSS JOIN articles a CROSS JOIN article_state s ON s.article_id = a.id
            WHERE \(conditions.joined(separator: " AND "))
            ORDER BY a.listed_at \(direction), a.id \(direction) LIMIT 1
            """
        return try storeOperation {
            try database.queryFirst(sql, query.accountID, query.feedID, query.folderID, query.since, articleID) { $0.int64(0) }
        }
    }
}
