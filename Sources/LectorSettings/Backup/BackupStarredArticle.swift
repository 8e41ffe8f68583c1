/// A starred article as the backup's `starred` section keeps it (format 1.3): whole, with its
/// content, its feed, its labels and its dates, so it outlives the server it was starred on.
public struct BackupStarredArticle: Codable, Equatable, Sendable {
    public var title: String
    /// The article's address, if it has one.
    public var url: String?
    /// The feed's own id for the item, where known (a local account's); nil for a service's.
    public var guid: String?
    public var author: String?
    /// The article's HTML as its server or feed gave it.
    public var content: String?
    /// ISO-8601 UTC times, as `created_at`.
    public var publishedAt: String?
    public var updatedAt: String?
    public var feedTitle: String
    public var feedURL: String?
    public var siteURL: String?
    /// The user's labels (tags) on it.
    public var labels: [String]

    public init(title: String, url: String?, guid: String?, author: String?, content: String?, publishedAt: String?,
                updatedAt: String?, feedTitle: String, feedURL: String?, siteURL: String?, labels: [String]) {
        self.title = title
        self.url = url
        self.guid = guid
        self.author = author
        self.content = content
        self.publishedAt = publishedAt
        self.updatedAt = updatedAt
        self.feedTitle = feedTitle
        self.feedURL = feedURL
        self.siteURL = siteURL
        self.labels = labels
    }

    enum CodingKeys: String, CodingKey {
        case title, url, guid, author, content, labels
        case publishedAt = "published_at", updatedAt = "updated_at", feedTitle = "feed_title", feedURL = "feed_url", siteURL = "site_url"
    }

    /// Every member, absent values as null: the schema requires them all.
    public var jsonValue: JSONValue {
        func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        return .object(["title": .string(title), "url": optional(url), "guid": optional(guid), "author": optional(author),
                        "content": optional(content), "published_at": optional(publishedAt), "updated_at": optional(updatedAt),
                        "feed_title": .string(feedTitle), "feed_url": optional(feedURL), "site_url": optional(siteURL),
                        "labels": .array(labels.map(JSONValue.string))])
    }

    /// The member names, all required.
    static let fields = ["title", "url", "guid", "author", "content", "published_at", "updated_at", "feed_title", "feed_url",
                         "site_url", "labels"]
}
