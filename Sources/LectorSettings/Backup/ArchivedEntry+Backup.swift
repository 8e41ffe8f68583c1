import LectorBasics

extension ArchivedEntry {
    /// Every member, absent values as null: the schema requires them all.
    public var jsonValue: JSONValue {
        func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        return .object(["title": .string(title), "url": optional(url), "guid": optional(guid), "author": optional(author),
                        "content": optional(contentHTML), "published_at": optional(publishedAt.map(UTCTimestamp.text)),
                        "updated_at": optional(updatedAt.map(UTCTimestamp.text)), "feed_title": .string(feedTitle),
                        "feed_url": optional(feedURL), "site_url": optional(siteURL), "labels": .array(labels.map(JSONValue.string))])
    }

    /// The member names, all required.
    static let fields = CodingKeys.allCases.map(\.rawValue)
}
