import LectorStore

extension AccountManager {
    /// Keeps the full content extracted from an article's page (merged with the feed's), so the
    /// page is fetched once; an id that names no stored article is refused.
    public func keepExtractedHTML(_ html: String, for articleID: Int64) throws(AccountsError) {
        guard try storing({ try store.articles.article(articleID) }) != nil else { throw .unknownArticle(articleID) }
        let articles = store.articles
        try storing { try articles.saveExtractedHTML(html, for: articleID) }
    }
}
