import FoundationEssentials
import LectorBasics
import LectorFeeds
import LectorStore
import LectorSync

/// What pointing a feed at a new address does to it, said in the plan before it is done.
public enum AddressChange: Sendable, Equatable {
    /// The feed keeps its articles and their state (a local account; Miniflux changes it in place).
    case inPlace
    /// The service cannot change an address (FreshRSS, Feedbin): the feed is subscribed again at
    /// the new one and the old subscription goes, with its `articles`; its `starred` ones are
    /// starred again in the new subscription first.
    case resubscribe(articles: Int, starred: Int)
}

extension AccountAdministrator {
    /// How `changeAddress` would treat `feed`.
    public func addressChange(_ feed: Feed) throws(AdministrationError) -> AddressChange {
        guard !provider.capabilities.canChangeFeedAddress else { return .inPlace }
        let articles = try storing { try store.articles.list(ArticleQuery(accountID: account.id, feedID: feed.id, newestFirst: false, limit: Int.max)) }
        return .resubscribe(articles: articles.count, starred: articles.filter(\.starred).count)
    }

    /// Subscribes at `url` (unless a run before did), brings the new subscription's articles in
    /// (a sync), stars among them, by article address, what was starred in `feed` — as `account
    /// copy` does — and only then unsubscribes `feed`, whose articles the server deletes with it.
    /// When a starred article is not in the new subscription the old one stays, stars and all.
    func resubscribe(_ feed: Feed, at url: URL, folder: String?, alreadySubscribed: Bool) throws(AdministrationError) {
        if !alreadySubscribed { try subscribe(SubscriptionRequest(url: url, folder: folder, title: feed.title), checkedForDuplicates: true) }
        let starred = try storing {
            try store.articles.list(ArticleQuery(accountID: account.id, feedID: feed.id, starredOnly: true, newestFirst: false, limit: Int.max))
        }
        if !starred.isEmpty {
            do { _ = try provider.sync(account, in: store, manual: true, since: nil, progress: { _ in }) } catch { throw .server(error) }
            let key = canonicalFeedKey(url)
            let feeds = try storing { try store.feeds.list(accountID: account.id) }
            guard let moved = feeds.first(where: { URL(string: $0.feed.url).map(canonicalFeedKey) == key }) else {
                throw .starredNotFound(feed: feed.title, missing: starred.count, starred: starred.count)
            }
            let wanted = starred.map { WantedArticle(title: $0.title, url: $0.url, guid: nil, feedTitle: $0.feedTitle, publishedAt: $0.publishedAt) }
            let matches = try storing { try ArticleMatcher(store: store).match(wanted, in: account, feedID: moved.feed.id) }
            try star(matches.matched.map(\.article))
            guard matches.unmatched.isEmpty else {
                throw .starredNotFound(feed: feed.title, missing: matches.unmatched.count, starred: starred.count)
            }
        }
        try unsubscribe(feed)
    }
}
