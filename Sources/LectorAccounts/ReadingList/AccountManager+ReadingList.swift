import LectorStore

extension AccountManager {
    /// Saves articles on the reading list, by their address (so an entry outlives the article's
    /// sync window), all of them or none: an id that names no stored article, or an article with
    /// no address, is refused before anything is saved. Returns how many were given.
    @discardableResult
    public func addToReadingList(_ articleIDs: [Int64]) throws(AccountsError) -> Int {
        var entries: [(accountID: Int64, url: String, title: String)] = []
        for id in articleIDs {
            guard let article = try storing({ try store.articles.article(id) }) else { throw .unknownArticle(id) }
            guard let url = article.url, !url.isEmpty else { throw .articleHasNoAddress(title: article.title) }
            entries.append((article.accountID, url, article.title))
        }
        let list = store.readingList
        try storing { try list.add(entries) }
        return entries.count
    }

    /// Takes entries (an account and an address) off the reading list, in one transaction;
    /// returns how many were there.
    @discardableResult
    public func removeFromReadingList(_ entries: [(accountID: Int64, url: String)]) throws(AccountsError) -> Int {
        let list = store.readingList
        return try storing { try list.remove(entries) }
    }
}
