import LectorStore

extension AccountManager {
    /// Keeps where the reader stopped in an article (`reader.remember-position`), so it reopens
    /// there; nil, or a position at the top, forgets it. A position stays on this machine: it is
    /// not a server's state, and goes with the article.
    public func keepReadingPosition(_ position: ReadingPosition?, of articleID: Int64) throws(AccountsError) {
        guard try storing({ try store.articles.article(articleID) }) != nil else { throw .unknownArticle(articleID) }
        let positions = store.readingPositions
        try storing { try positions.save(position, of: articleID) }
    }

    /// Where the reader stopped in an article, or nil when it was not left part-way.
    public func readingPosition(of articleID: Int64) throws(AccountsError) -> ReadingPosition? {
        let positions = store.readingPositions
        return try storing { try positions.position(of: articleID) }
    }
}
