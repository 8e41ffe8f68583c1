import FoundationEssentials

/// One entry of an Atom feed Lector writes (the starred archive as a feed any reader imports).
public struct AtomEntry: Sendable, Equatable {
    public var id: String
    public var title: String
    public var link: String?
    public var author: String?
    public var contentHTML: String?
    public var published: Date?
    public var updated: Date?
    public var categories: [String]
    /// The feed the entry came from (Atom `source`).
    public var sourceTitle: String
    public var sourceURL: String?
    public var sourceSite: String?

    public init(id: String, title: String, link: String?, author: String?, contentHTML: String?, published: Date?, updated: Date?,
                categories: [String], sourceTitle: String, sourceURL: String?, sourceSite: String?) {
        self.id = id
        self.title = title
        self.link = link
        self.author = author
        self.contentHTML = contentHTML
        self.published = published
        self.updated = updated
        self.categories = categories
        self.sourceTitle = sourceTitle
        self.sourceURL = sourceURL
        self.sourceSite = sourceSite
    }
}

/// Writes well-formed Atom 1.0 (RFC 4287, UTF-8): every text escaped as OPML export escapes
/// it (characters XML cannot hold dropped, C1 and bidi controls as character references), the
/// HTML content as escaped text (`type="html"`), so nothing in an article can end an element.
public enum AtomFeedWriter {
    /// A whole feed at once.
    public static func data(title: String, id: String, updated: Date, entries: [AtomEntry]) -> Data {
        Data((head(title: title, id: id, updated: updated) + entries.map { entry($0, fallbackUpdated: updated) }.joined() + tail).utf8)
    }

    /// The feed's opening, for a feed written an entry at a time: `head`, each `entry`, `tail`.
    public static func head(title: String, id: String, updated: Date) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
            + "  <id>\(escape(id))</id>\n  <title>\(escape(title))</title>\n  <updated>\(ISO8601UTC.string(updated))</updated>\n"
            + "  <generator>Lector</generator>\n"
    }

    public static let tail = "</feed>\n"

    /// One `<entry>`; one without dates is dated `fallbackUpdated` (Atom requires `updated`).
    public static func entry(_ entry: AtomEntry, fallbackUpdated: Date) -> String {
        var out = "  <entry>\n    <id>\(escape(entry.id))</id>\n    <title type=\"text\">\(escape(entry.title))</title>\n"
        if let link = entry.link { out += "    <link rel=\"alternate\" href=\"\(escape(link))\"/>\n" }
        if let published = entry.published { out += "    <published>\(ISO8601UTC.string(published))</published>\n" }
        out += "    <updated>\(ISO8601UTC.string(entry.updated ?? entry.published ?? fallbackUpdated))</updated>\n"
        if let author = entry.author { out += "    <author><name>\(escape(author))</name></author>\n" }
        for category in entry.categories { out += "    <category term=\"\(escape(category))\"/>\n" }
        if let content = entry.contentHTML { out += "    <content type=\"html\">\(escape(content))</content>\n" }
        out += "    <source>\n      <title>\(escape(entry.sourceTitle))</title>\n"
        if let url = entry.sourceURL { out += "      <link rel=\"self\" href=\"\(escape(url))\"/>\n" }
        if let site = entry.sourceSite { out += "      <link rel=\"alternate\" href=\"\(escape(site))\"/>\n" }
        return out + "    </source>\n  </entry>\n"
    }

    private static func escape(_ text: String) -> String { OPMLDocument.escape(text) }
}
