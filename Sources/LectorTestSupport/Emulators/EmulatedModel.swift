import Foundation

/// A folder (FreshRSS category, Miniflux category, Feedbin tag).
public struct EmulatedFolder: Sendable, Equatable {
    /// The folder id (1 is the default folder).
    public let id: Int
    /// The folder name, which GReader also uses as its identity.
    public var name: String
}

/// A subscribed feed.
public struct EmulatedFeed: Sendable, Equatable {
    /// The feed id.
    public let id: Int
    /// The display title.
    public var title: String
    /// The feed document URL.
    public var feedURL: String
    /// The website URL.
    public var siteURL: String
    /// The folder holding the feed.
    public var folderID: Int
    /// Last refresh time, Unix seconds.
    public var lastUpdated: Int64
    /// The server's own settings of the feed: Miniflux's feed fields by their JSON name, FreshRSS's
    /// `frss:` attributes by their name without the prefix (string values).
    public var settings: [String: JSONValue] = [:]
    /// FreshRSS's mute (its `ttl` below zero), which only its web interface sets.
    public var muted = false
}

/// An enclosure (podcast audio and the like).
public struct EmulatedEnclosure: Sendable, Equatable {
    /// The media URL.
    public var url: String
    /// The MIME type.
    public var type: String
    /// The length in bytes.
    public var length: Int64

    /// Creates an enclosure.
    public init(url: String, type: String, length: Int64) {
        self.url = url
        self.type = type
        self.length = length
    }
}

/// An entry. Its id is the microsecond time it was "crawled", as in FreshRSS.
public struct EmulatedItem: Sendable, Equatable {
    /// The entry id (crawl time in µs).
    public let id: Int64
    /// The feed it belongs to.
    public var feedID: Int
    /// The title as published.
    public var title: String
    /// The article link.
    public var url: String
    /// The author, if any.
    public var author: String?
    /// The HTML content.
    public var content: String
    /// Publication time, Unix seconds.
    public var published: Int64
    /// Whether it has been read.
    public var read: Bool
    /// Whether it is starred (saved, bookmarked).
    public var starred: Bool
    /// User labels (FreshRSS tags) attached to the item.
    public var labels: [String]
    /// Enclosures.
    public var enclosures: [EmulatedEnclosure]
}

/// A feed the emulated server can "fetch" when a client subscribes by URL.
public struct RemoteFeed: Sendable {
    /// The feed document URL.
    public var feedURL: String
    /// The HTML page that links to it (for discovery by site URL), if any.
    public var siteURL: String
    /// The title the server would read from the document.
    public var title: String
    /// Entries the server would read when subscribing.
    public var entries: [RemoteEntry]

    /// Describes a fetchable feed.
    public init(feedURL: String, siteURL: String = "", title: String, entries: [RemoteEntry] = []) {
        self.feedURL = feedURL
        self.siteURL = siteURL
        self.title = title
        self.entries = entries
    }
}

/// An entry of a `RemoteFeed`.
public struct RemoteEntry: Sendable {
    /// A fixed entry id (crawl µs), or nil for "now".
    public var id: Int64?
    /// The title.
    public var title: String
    /// The article link.
    public var url: String
    /// The HTML content.
    public var content: String
    /// The author, if any.
    public var author: String?
    /// Publication time, Unix seconds.
    public var published: Int64
    /// Enclosures.
    public var enclosures: [EmulatedEnclosure]

    /// Describes one entry.
    public init(id: Int64? = nil, title: String, url: String, content: String = "", author: String? = nil,
                published: Int64, enclosures: [EmulatedEnclosure] = []) {
        self.id = id
        self.title = title
        self.url = url
        self.content = content
        self.author = author
        self.published = published
        self.enclosures = enclosures
    }
}
