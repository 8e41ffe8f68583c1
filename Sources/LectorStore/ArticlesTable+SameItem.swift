import FoundationEssentials

extension ArticlesTable {
    /// A fetched feed's articles with each one the store already holds under another id taken
    /// back to that id: an item is known by its id, and when its id is new but its link, title
    /// and date match an article of the same feed, it is that article (a feed that hands out new
    /// guids at every fetch would otherwise add a copy of every item each time). Only the
    /// articles whose id is new are looked for, one indexed lookup each.
    public func sameItems(_ articles: [IncomingArticle], feedID: Int64, accountID: Int64) throws(StoreError) -> [IncomingArticle] {
        try storeOperation {
            try articles.map { article in
                let known = try database.queryFirst("SELECT 1 FROM articles WHERE account_id = ? AND server_id = ?",
                                                    accountID, article.serverID) { _ in true } ?? false
                guard !known, let url = article.url else { return article }
                let existing = try database.queryFirst("""
                    SELECT server_id FROM articles
                    WHERE account_id = ? AND feed_id = ? AND url = ? AND title = ? AND published_at IS ?
                    ORDER BY id LIMIT 1
                    """, accountID, feedID, url, article.title, article.publishedAt) { $0.string(0) }
                guard let existing else { return article }
                var same = article
                same.serverID = existing
                return same
            }
        }
    }
}
