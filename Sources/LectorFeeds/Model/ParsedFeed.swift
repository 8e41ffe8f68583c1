import FoundationEssentials

/// The syndication format a document was recognised as.
public enum FeedFormat: String, Sendable, Equatable, Codable {
    case rss, atom, rdf, json
}

/// A media file attached to an article (RSS enclosure, Atom rel=enclosure, JSON attachment, media:content).
public struct FeedEnclosure: Sendable, Equatable, Hashable {
    /// Absolute URL of the media file.
    public var url: String
    /// MIME type, when the feed states one.
    public var type: String?
    /// Size in bytes, when the feed states one.
    public var length: Int?

    /// Creates an enclosure.
    public init(url: String, type: String? = nil, length: Int? = nil) {
        self.url = url
        self.type = type
        self.length = length
    }
}

/// One article of a feed, normalised across formats.
public struct FeedItem: Sendable, Equatable {
    /// Stable identity: guid/id when present, else a `sha256:` hash (see `ArticleIdentity.identity`).
    public var id: String
    /// Title (may contain markup when the feed put markup there); empty when absent.
    public var title: String
    /// Absolute URL of the article.
    public var link: String?
    /// Publication date.
    public var published: Date?
    /// Last-modified date.
    public var updated: Date?
    /// Short description (RSS description, Atom summary, JSON summary).
    public var summary: String?
    /// Full body (content:encoded, Atom content, JSON content_html/content_text).
    public var content: String?
    /// Author names (or e-mail addresses when that is all the feed gives).
    public var authors: [String]
    /// Attached media.
    public var enclosures: [FeedEnclosure]
    /// Representative image (media:thumbnail, itunes:image, JSON image).
    public var imageURL: String?

    /// Creates an item.
    public init(id: String, title: String = "", link: String? = nil, published: Date? = nil, updated: Date? = nil,
                summary: String? = nil, content: String? = nil, authors: [String] = [],
                enclosures: [FeedEnclosure] = [], imageURL: String? = nil) {
        self.id = id
        self.title = title
        self.link = link
        self.published = published
        self.updated = updated
        self.summary = summary
        self.content = content
        self.authors = authors
        self.enclosures = enclosures
        self.imageURL = imageURL
    }
}

/// A parsed feed: the one model every format maps to.
public struct ParsedFeed: Sendable, Equatable {
    /// Which format the document was.
    public var format: FeedFormat
    /// Feed title; empty when absent.
    public var title: String
    /// The site the feed belongs to (RSS channel link, Atom alternate link, JSON home_page_url).
    public var link: String?
    /// The feed's own URL as it declares it (Atom rel=self, JSON feed_url).
    public var selfLink: String?
    /// Feed description (RSS channel description, Atom subtitle, JSON description).
    public var description: String?
    /// Language tag (RSS language/dc:language, Atom xml:lang on the feed, JSON language).
    public var language: String?
    /// Articles in document order.
    public var items: [FeedItem]

    /// Creates a feed.
    public init(format: FeedFormat, title: String, link: String? = nil, selfLink: String? = nil,
                description: String? = nil, language: String? = nil, items: [FeedItem] = []) {
        self.format = format
        self.title = title
        self.link = link
        self.selfLink = selfLink
        self.description = description
        self.language = language
        self.items = items
    }
}
