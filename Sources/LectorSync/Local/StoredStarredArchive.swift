import FoundationEssentials
import LectorBasics
import LectorFeeds
import LectorStore

/// The starred articles an account holds in the store: a local account's whole archive (its
/// server is this machine), and what `account copy` carries from any account. An archived
/// article a local account lacks is re-created in it — in the feed of the same
/// address (made when the account has none), starred, under the identity a fetch of the feed
/// gives it, so a later fetch of the same item finds it instead of adding a copy, with the labels
/// it carries (a backup's starred section carries a local account's labels this way).
public struct StoredStarredArchive: StarredArchiving {
    let store: Store
    let account: Account
    /// Articles read from the store at a time.
    static let pageSize = 500

    /// Only the articles of these feeds (a server account's feeds that left the server's list,
    /// whose starred articles only the store keeps); nil: every feed's.
    let onlyFeeds: Set<Int64>?

    public init(store: Store, account: Account, onlyFeeds: Set<Int64>? = nil) {
        self.store = store
        self.account = account
        self.onlyFeeds = onlyFeeds
    }

    public func starredArchive(page: ([ArchivedEntry]) throws -> Void) throws(SyncError) {
        do {
            let feeds = Dictionary(try store.feeds.list(accountID: account.id).map { ($0.feed.id, $0.feed) }, uniquingKeysWith: { first, _ in first })
            let starred = try store.articles.list(ArticleQuery(accountID: account.id, starredOnly: true, newestFirst: false, limit: Int.max))
                .filter { onlyFeeds?.contains($0.feedID) ?? true }
            let labels = try store.labels.labelledArticles(accountID: account.id)
            for chunk in starred.chunked(into: Self.pageSize) {
                let entries = try chunk.map { (article) throws(StoreError) in
                    let feed = feeds[article.feedID]
                    return ArchivedEntry(title: article.title, url: article.url, guid: ArticleMatcher.guid(article, of: account),
                                         author: article.author, contentHTML: try store.articles.contentHTML(of: article.id),
                                         publishedAt: article.publishedAt.map(Date.init(timeIntervalSince1970:)), updatedAt: nil,
                                         feedTitle: feed?.title ?? article.feedTitle, feedURL: feed?.url, siteURL: feed?.siteURL,
                                         labels: labels[article.serverID] ?? [])
                }
                try delivering(entries, to: page)
            }
        } catch let error as SyncError { throw error } catch { throw .storing(error) }
    }

    /// Re-creates `entry`, starred, in the feed of its address; false when it names no feed.
    public func recreate(_ entry: ArchivedEntry) throws(SyncError) -> Bool {
        guard let feedURL = entry.feedURL, let key = URL(string: feedURL).map(canonicalFeedKey) else { return false }
        do {
            return try store.write { db in
                let listing = try db.feeds.list(accountID: account.id).first { URL(string: $0.feed.url).map(canonicalFeedKey) == key }
                let feed = try listing?.feed ?? db.feeds.insert(accountID: account.id, folderID: nil, serverID: feedURL,
                                                                   title: entry.feedTitle, url: feedURL, siteURL: entry.siteURL)
                let identity = ArticleIdentity.identity(explicitID: entry.guid, link: entry.url, title: entry.title,
                                                        date: entry.publishedAt, body: entry.contentHTML)
                let article = IncomingArticle(serverID: LocalArticleID.scoped(feedID: feed.id, guid: identity), url: entry.url,
                                              title: entry.title, author: entry.author, contentHTML: entry.contentHTML,
                                              text: PlainText.from(html: entry.contentHTML ?? ""),
                                              publishedAt: entry.publishedAt?.timeIntervalSince1970,
                                              updatedAt: entry.updatedAt?.timeIntervalSince1970)
                let stored = try db.articles.upsert(accountID: account.id, feedID: feed.id, article, read: .unread, starred: true)
                if !stored.inserted { try db.states.mark([stored.id], as: .star) }
                for label in entry.labels { try db.labels.set(label, on: true, articleIDs: [stored.id]) }
                return true
            }
        } catch { throw .storing(error) }
    }
}
