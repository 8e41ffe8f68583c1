import FoundationEssentials

extension ParsedFeed {
    /// The feed as JSON: `format`, `title`, `link`, `items[]` with explicit nulls and ISO-8601 UTC dates.
    public func jsonData(pretty: Bool) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                                          : [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and nulls cannot fail.
        return (try? encoder.encode(FeedJSON(self))) ?? Data("{}".utf8)
    }

    /// A short human-readable overview: format, title, link, item count, then one line per item.
    public func summaryText() -> String {
        var lines = [
            "format: \(format.rawValue)",
            "title:  \(title.isEmpty ? "(untitled)" : title)",
            "link:   \(link ?? "-")",
            "items:  \(items.count)",
        ]
        for item in items {
            let date = (item.published ?? item.updated).map(ISO8601UTC.string) ?? "(no date)           "
            lines.append("  \(date)  \(item.title.isEmpty ? "(untitled)" : item.title)")
        }
        return lines.joined(separator: "\n")
    }
}

private struct FeedJSON: Encodable {
    let feed: ParsedFeed
    init(_ feed: ParsedFeed) { self.feed = feed }

    enum Keys: String, CodingKey { case format, title, link, selfLink = "self_link", description, language, items }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(feed.format.rawValue, forKey: .format)
        try c.encode(feed.title, forKey: .title)
        try c.encodeExplicit(feed.link, forKey: .link)
        try c.encodeExplicit(feed.selfLink, forKey: .selfLink)
        try c.encodeExplicit(feed.description, forKey: .description)
        try c.encodeExplicit(feed.language, forKey: .language)
        try c.encode(feed.items.map(ItemJSON.init), forKey: .items)
    }
}

private struct ItemJSON: Encodable {
    let item: FeedItem
    enum Keys: String, CodingKey {
        case id, title, link, published, updated, summary, content, authors, enclosures, image
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(item.id, forKey: .id)
        try c.encode(item.title, forKey: .title)
        try c.encodeExplicit(item.link, forKey: .link)
        try c.encodeExplicit(item.published.map(ISO8601UTC.string), forKey: .published)
        try c.encodeExplicit(item.updated.map(ISO8601UTC.string), forKey: .updated)
        try c.encodeExplicit(item.summary, forKey: .summary)
        try c.encodeExplicit(item.content, forKey: .content)
        try c.encode(item.authors, forKey: .authors)
        try c.encode(item.enclosures.map(EnclosureJSON.init), forKey: .enclosures)
        try c.encodeExplicit(item.imageURL, forKey: .image)
    }
}

private struct EnclosureJSON: Encodable {
    let enclosure: FeedEnclosure
    enum Keys: String, CodingKey { case url, type, length }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(enclosure.url, forKey: .url)
        try c.encodeExplicit(enclosure.type, forKey: .type)
        try c.encodeExplicit(enclosure.length, forKey: .length)
    }
}

private extension KeyedEncodingContainer {
    /// Writes `null` rather than omitting the key, so consumers see every field.
    mutating func encodeExplicit<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
}
