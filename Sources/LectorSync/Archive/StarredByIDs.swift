import LectorBasics
import FoundationEssentials

/// The starred archive of a service that lists starred ids and then gives contents by id
/// (Fever's `saved_item_ids` and `items&with_ids`, Feedbin's `starred_entries` and
/// `entries?ids=`): the ids once, then the contents `capabilities.contentsBatchLimit` at a time,
/// each batch handed over before the next is asked for. Feeds are named from the structure.
extension ServerPulling where Self: StarredArchiving {
    func starredArchiveByIDs(page: ([ArchivedEntry]) throws -> Void) throws(SyncError) {
        let feeds = Dictionary(try structure().feeds.map { ($0.serverID, $0) }, uniquingKeysWith: { first, _ in first })
        let ids: Set<String>
        switch try starredIDs() {
        case .complete(let all), .partial(let all): ids = all
        }
        // Numeric ids in order, so pages come oldest first as the other services' do.
        let sorted = ids.sorted { (Int64($0) ?? 0, $0) < (Int64($1) ?? 0, $1) }
        for batch in sorted.chunked(into: capabilities.contentsBatchLimit) {
            let entries = try entries(withIDs: batch).map { entry in
                let feed = feeds[entry.feedServerID]
                return ArchivedEntry(title: entry.title, url: entry.url, guid: nil, author: entry.author, contentHTML: entry.contentHTML,
                                     publishedAt: entry.publishedAt, updatedAt: entry.updatedAt, feedTitle: feed?.title ?? entry.feedServerID,
                                     feedURL: feed?.url, siteURL: feed?.siteURL, labels: [])
            }
            if !entries.isEmpty { try delivering(entries, to: page) }
        }
    }
}
