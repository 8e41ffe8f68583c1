import FoundationEssentials
import LectorBasics

/// An Atom-style link as seen in the document, href already absolute.
struct DraftLink {
    var rel: String
    var type: String?
    var href: String
    var length: Int?
}

/// Mutable per-article state while its element is open.
///
/// A class: the XML builder sets a field of the open item for nearly every element it maps, and a
/// struct held in one of its properties paid an exclusivity check for each.
final class ItemDraft {
    var explicitID: String?
    var guidIsPermaLink = true
    var guidText: String?
    var title: String?
    var link: String?
    var links: [DraftLink] = []
    var published: Date?
    var publishedRank = Int.max
    var updated: Date?
    var updatedRank = Int.max
    var summary: String?
    var content: String?
    var authors: [String] = []
    var enclosures: [FeedEnclosure] = []
    var imageURL: String?

    func setPublished(_ date: Date?, rank: Int) {
        guard let date, rank <= publishedRank else { return }
        published = date
        publishedRank = rank
    }

    func setUpdated(_ date: Date?, rank: Int) {
        guard let date, rank <= updatedRank else { return }
        updated = date
        updatedRank = rank
    }

    func addAuthor(_ name: String) {
        let n = name.trimmed
        if !n.isEmpty && !authors.contains(n) { authors.append(n) }
    }

    func addEnclosure(url: String, type: String?, length: String?) {
        guard !url.isEmpty, !enclosures.contains(where: { $0.url == url }) else { return }
        let len = length.flatMap { Int($0.trimmed) }.flatMap { $0 >= 0 ? $0 : nil }
        let t = type?.trimmed
        enclosures.append(FeedEnclosure(url: url, type: (t?.isEmpty ?? true) ? nil : t, length: len))
    }

    /// The finished article; `inheritedAuthors` apply when the item names none (Atom feed-level author).
    func finish(inheritedAuthors: [String]) -> FeedItem {
        let alternate = DraftLink.preferredAlternate(links)
        var finalLink = link.flatMap { $0.isEmpty ? nil : $0 } ?? alternate
        if finalLink == nil, guidIsPermaLink, let guid = guidText, guid.lowercased().hasPrefix("http") {
            finalLink = guid
        }
        let t = title ?? ""
        let id = ArticleIdentity.identity(explicitID: explicitID, link: finalLink, title: t,
                                          date: published ?? updated, body: content ?? summary)
        return FeedItem(id: id, title: t, link: finalLink, published: published, updated: updated,
                        summary: summary.flatMap { $0.isEmpty ? nil : $0 },
                        content: content.flatMap { $0.isEmpty ? nil : $0 },
                        authors: authors.isEmpty ? inheritedAuthors : authors,
                        enclosures: enclosures, imageURL: imageURL)
    }
}

extension DraftLink {
    /// The article link: first alternate with an HTML type, else the first alternate.
    static func preferredAlternate(_ links: [DraftLink]) -> String? {
        let alternates = links.filter { $0.rel == "alternate" }
        let html = alternates.first { t in
            guard let type = t.type?.lowercased() else { return false }
            return type == "text/html" || type == "application/xhtml+xml"
        }
        return (html ?? alternates.first)?.href
    }
}

/// Feed-level state.
struct FeedDraft {
    var title: String?
    var description: String?
    var language: String?
    var link: String?
    var links: [DraftLink] = []
    var authors: [String] = []
}

/// RSS `<author>` is "email (Name)" by spec, often "Name (email)"; keep the name when there is one.
func rssAuthorName(_ raw: String) -> String {
    let s = raw.trimmed
    // Each check below needs its byte somewhere, most authors lack one, and contains("@") goes
    // through Foundation.
    let bytes = s.utf8
    guard bytes.contains(UInt8(ascii: "@")) && bytes.contains(UInt8(ascii: "(")) && bytes.contains(UInt8(ascii: ")")) else { return s }
    guard s.contains("@"), let open = s.firstIndex(of: "("), let close = s.lastIndex(of: ")"), open < close else { return s }
    let inside = String(s[s.index(after: open)..<close]).trimmed
    let outside = (String(s[..<open]) + String(s[s.index(after: close)...])).trimmed
    if !inside.isEmpty && !inside.contains("@") { return inside }
    if !outside.isEmpty && !outside.contains("@") { return outside }
    return s
}
