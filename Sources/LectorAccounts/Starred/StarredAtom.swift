import FoundationEssentials
import LectorBasics
import LectorFeeds
import LectorSettings
import LectorSync

/// The backup's starred articles as one Atom feed any reader can import (`--starred-atom`).
public enum StarredAtom {
    public static func data(_ starred: [String: [BackupStarredArticle]], now: Date = Date()) -> Data {
        let entries = starred.keys.sorted().flatMap { account in
            (starred[account] ?? []).map { article in
                let entry = ArchivedEntry(article)
                return AtomEntry(id: entry.guid ?? entry.url ?? "urn:" + entry.externalID.replacingAll("\n", with: " "),
                                 title: entry.title, link: entry.url, author: entry.author,
                                 contentHTML: entry.contentHTML, published: entry.publishedAt, updated: entry.updatedAt,
                                 categories: entry.labels, sourceTitle: entry.feedTitle, sourceURL: entry.feedURL, sourceSite: entry.siteURL)
            }
        }
        return AtomFeedWriter.data(title: "Starred articles", id: "urn:lector:starred", updated: now, entries: entries)
    }
}
