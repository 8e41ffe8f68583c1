import FoundationEssentials
import LectorBasics
import LectorFeeds
import LectorSettings
import LectorSync

/// The starred articles as one Atom feed any reader can import (`--starred-atom`), written an
/// entry at a time as the archive arrives.
public enum StarredAtom {
    static let title = "Starred articles", id = "urn:lector:starred"

    static func head(now: Date) -> Data { Data(AtomFeedWriter.head(title: title, id: id, updated: now).utf8) }

    static var tail: Data { Data(AtomFeedWriter.tail.utf8) }

    static func entries(_ entries: [ArchivedEntry], now: Date) -> Data {
        Data(entries.map { entry in
            let atom = AtomEntry(id: entry.guid ?? entry.url ?? "urn:" + entry.externalID.replacingAll("\n", with: " "),
                                 title: entry.title, link: entry.url, author: entry.author,
                                 contentHTML: entry.contentHTML, published: entry.publishedAt, updated: entry.updatedAt,
                                 categories: entry.labels, sourceTitle: entry.feedTitle, sourceURL: entry.feedURL, sourceSite: entry.siteURL)
            return AtomFeedWriter.entry(atom, fallbackUpdated: now)
        }.joined().utf8)
    }
}
