import FoundationEssentials

/// One starred article as an archive keeps it, apart from any server: the entry with its
/// content, its feed and its labels, so it can be starred again, re-created or read elsewhere.
/// The backup's `starred` section holds it with these member names (dates as UTC timestamps).
/// It lives in LectorBasics because the providers that make it (LectorSync) and the backup format
/// that carries it (LectorSettings) are sibling floors, and neither depends on the other.
public struct ArchivedEntry: Codable, Sendable, Equatable {
    public var title: String
    public var url: String?
    /// The feed's own id for the item (RSS guid, Atom id), where known: a local account's.
    /// Services hand out ids of their own, so theirs is nil.
    public var guid: String?
    public var author: String?
    public var contentHTML: String?
    public var publishedAt: Date?
    public var updatedAt: Date?
    public var feedTitle: String
    public var feedURL: String?
    public var siteURL: String?
    /// The user's labels (tags) on the article; not the folder its feed is filed in.
    public var labels: [String]

    public init(title: String, url: String?, guid: String?, author: String?, contentHTML: String?, publishedAt: Date?,
                updatedAt: Date?, feedTitle: String, feedURL: String?, siteURL: String?, labels: [String]) {
        self.title = title
        self.url = url
        self.guid = guid
        self.author = author
        self.contentHTML = contentHTML
        self.publishedAt = publishedAt
        self.updatedAt = updatedAt
        self.feedTitle = feedTitle
        self.feedURL = feedURL
        self.siteURL = siteURL
        self.labels = labels
    }

    /// The identity an import gives the entry on a server that keeps one (Miniflux's
    /// `external_id`): the same article imported twice is one entry there.
    public var externalID: String {
        "lector:" + (guid ?? url ?? "\(feedURL ?? feedTitle)\n\(title)\n\(publishedAt.map { String(Int64($0.timeIntervalSince1970)) } ?? "")")
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case title, url, guid, author, labels
        case contentHTML = "content", publishedAt = "published_at", updatedAt = "updated_at", feedTitle = "feed_title"
        case feedURL = "feed_url", siteURL = "site_url"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func time(_ key: CodingKeys) throws -> Date? {
            guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard let date = UTCTimestamp.date(text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "'\(text)' is not an ISO-8601 UTC time")
            }
            return date
        }
        self.init(title: try container.decode(String.self, forKey: .title), url: try container.decodeIfPresent(String.self, forKey: .url),
                  guid: try container.decodeIfPresent(String.self, forKey: .guid), author: try container.decodeIfPresent(String.self, forKey: .author),
                  contentHTML: try container.decodeIfPresent(String.self, forKey: .contentHTML), publishedAt: try time(.publishedAt),
                  updatedAt: try time(.updatedAt), feedTitle: try container.decode(String.self, forKey: .feedTitle),
                  feedURL: try container.decodeIfPresent(String.self, forKey: .feedURL), siteURL: try container.decodeIfPresent(String.self, forKey: .siteURL),
                  labels: try container.decode([String].self, forKey: .labels))
    }

    // Written by hand: every member, absent values as null (the backup's schema requires them all), dates as timestamps.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(url, forKey: .url)
        try container.encode(guid, forKey: .guid)
        try container.encode(author, forKey: .author)
        try container.encode(contentHTML, forKey: .contentHTML)
        try container.encode(publishedAt.map(UTCTimestamp.text), forKey: .publishedAt)
        try container.encode(updatedAt.map(UTCTimestamp.text), forKey: .updatedAt)
        try container.encode(feedTitle, forKey: .feedTitle)
        try container.encode(feedURL, forKey: .feedURL)
        try container.encode(siteURL, forKey: .siteURL)
        try container.encode(labels, forKey: .labels)
    }
}
