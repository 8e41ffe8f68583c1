import FoundationEssentials
import LectorBasics
import LectorFeeds

/// What to subscribe to. A remote account sends `url`, `folder` and `title` to its server; a
/// local account stores the feed itself, with what was fetched when the caller already has it
/// (`feed add` parsed the feed to check it; `feed apply` and `opml import` fetch on the next sync).
public struct SubscriptionRequest: Sendable {
    public var url: URL
    public var folder: String?
    /// The title asked for; nil: the server's, or for a local account `fetched`'s or the host.
    public var title: String?
    /// The site address, when known (an OPML htmlUrl); a fetched feed's own link wins.
    public var siteURL: String?
    public var fetched: FetchedFeed?
    /// The user of a feed behind a login (local accounts; its secret goes to the keyring).
    public var loginUser: String?

    public init(url: URL, folder: String? = nil, title: String? = nil, siteURL: String? = nil,
                fetched: FetchedFeed? = nil, loginUser: String? = nil) {
        self.url = url
        self.folder = folder
        self.title = title
        self.siteURL = siteURL
        self.fetched = fetched
        self.loginUser = loginUser
    }

    /// A feed already fetched and parsed, stored with its articles and validators so the
    /// first sync asks conditionally.
    public struct FetchedFeed: Sendable {
        public var feed: ParsedFeed
        public var state: FetchState?

        public init(feed: ParsedFeed, state: FetchState?) {
            self.feed = feed
            self.state = state
        }
    }

    /// The site address known before the server answers: the fetched feed's own link, else the
    /// one given. Stored where the server does not say (the Google Reader API's subscribe).
    public var knownSiteURL: String? { fetched?.feed.link ?? siteURL }

    /// The title a local account stores, and whether Lector made it up (the host, when neither
    /// the request nor a fetch gave one: the feed's first fetch names it then).
    var localTitle: (title: String, isPlaceholder: Bool) {
        if let title, !title.trimmingBlanks.isEmpty { return (title, false) }
        if let parsed = fetched?.feed.title, !parsed.isEmpty { return (parsed, false) }
        return (url.host ?? url.absoluteString, true)
    }
}
