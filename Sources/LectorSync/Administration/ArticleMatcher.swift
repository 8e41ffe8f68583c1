import FoundationEssentials
import LectorBasics
import LectorFeeds
import LectorStore

/// An article to find in another account: starred, or on the reading list, in the source.
public struct WantedArticle: Sendable, Equatable {
    public var title: String
    public var url: String?
    /// The feed's own guid, known only for local accounts (services hand out ids of their own).
    public var guid: String?
    public var feedTitle: String
    public var publishedAt: Double?
    /// The labels it carries in the source, to carry where the destination takes labels.
    public var labels: [String]

    public init(title: String, url: String?, guid: String?, feedTitle: String, publishedAt: Double?, labels: [String] = []) {
        self.title = title
        self.url = url
        self.guid = guid
        self.feedTitle = feedTitle
        self.publishedAt = publishedAt
        self.labels = labels
    }
}

/// Finds one account's articles among another's by canonical article address (http/https,
/// host case, a trailing slash and the fragment do not count) or, where both are local
/// accounts, by the feed's guid.
public struct ArticleMatcher {
    let store: Store

    public init(store: Store) {
        self.store = store
    }

    /// Every starred article of the account.
    public func starred(in account: Account) throws(StoreError) -> [WantedArticle] {
        let articles = try store.articles.list(ArticleQuery(accountID: account.id, starredOnly: true, newestFirst: false, limit: Int.max))
        let labels = try store.labels.labelledArticles(accountID: account.id)
        return articles.map { WantedArticle(title: $0.title, url: $0.url, guid: Self.guid($0, of: account), feedTitle: $0.feedTitle,
                                            publishedAt: $0.publishedAt, labels: labels[$0.serverID] ?? []) }
    }

    /// The result of matching: the destination's article for each match, and what has none.
    public struct Matches: Sendable, Equatable {
        public var matched: [(wanted: WantedArticle, article: ArticleRow)]
        public var unmatched: [WantedArticle]

        public static func == (lhs: Matches, rhs: Matches) -> Bool {
            lhs.unmatched == rhs.unmatched && lhs.matched.map(\.article.id) == rhs.matched.map(\.article.id)
        }
    }

    /// Matches among the account's articles, or only among those of the feed `feedID`.
    public func match(_ wanted: [WantedArticle], in account: Account, feedID: Int64? = nil) throws(StoreError) -> Matches {
        try index(of: account, feedID: feedID).match(wanted)
    }

    /// The account's articles (or the feed's) by canonical address and by guid, listed once, to
    /// match many pages of wanted articles against: a restore of N archived articles into an
    /// account of A articles lists the A once and looks up each of the N, O(A + N), however
    /// small its pages.
    public func index(of account: Account, feedID: Int64? = nil) throws(StoreError) -> Index {
        let articles = try store.articles.list(ArticleQuery(accountID: account.id, feedID: feedID, newestFirst: false, limit: Int.max))
        var index = Index()
        for article in articles {
            if let key = article.url.flatMap(Self.urlKey) { index.byURL[key] = index.byURL[key] ?? article }
            if let guid = Self.guid(article, of: account) { index.byGUID[guid] = index.byGUID[guid] ?? article }
        }
        return index
    }

    /// One account's articles as `index(of:)` lists them: the first article of each address and guid.
    public struct Index: Sendable {
        var byURL: [String: ArticleRow] = [:], byGUID: [String: ArticleRow] = [:]

        /// Each wanted article's match by address, else by guid; the rest unmatched, in order.
        public func match(_ wanted: [WantedArticle]) -> Matches {
            var result = Matches(matched: [], unmatched: [])
            for item in wanted {
                if let found = item.url.flatMap(ArticleMatcher.urlKey).flatMap({ byURL[$0] }) ?? item.guid.flatMap({ byGUID[$0] }) {
                    result.matched.append((item, found))
                } else {
                    result.unmatched.append(item)
                }
            }
            return result
        }
    }

    static func urlKey(_ text: String) -> String? {
        URL(string: text.trimmingBlanks).map(canonicalFeedKey)
    }

    /// A local account stores an article under "feed id/guid"; the guid is the part after the slash.
    static func guid(_ article: ArticleRow, of account: Account) -> String? {
        guard !account.kind.hasServer, let slash = article.serverID.firstIndex(of: "/") else { return nil }
        let guid = article.serverID[article.serverID.index(after: slash)...]
        return guid.isEmpty ? nil : String(guid)
    }
}
