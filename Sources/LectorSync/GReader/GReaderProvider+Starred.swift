import LectorBasics
import FoundationEssentials

/// The starred archive through `stream/contents` of the starred state, a page at a time,
/// following continuations; the feeds' addresses come from the subscription list (an item
/// names its feed only by stream id).
extension GReaderProvider: StarredArchiving {
    /// Items per page of the starred stream.
    static let archivePageSize = 1_000

    public func starredArchive(page: ([ArchivedEntry]) throws -> Void) throws(SyncError) {
        let structure = try structure()
        let feeds = Dictionary(structure.feeds.map { ($0.serverID, $0) }, uniquingKeysWith: { first, _ in first })
        let folders = Dictionary(structure.folders.map { ($0.serverID, $0.name) }, uniquingKeysWith: { first, _ in first })
        var continuation: String?
        var pages = 0
        repeat {
            var query = [("n", String(Self.archivePageSize)), ("output", "json")]
            if let continuation { query.append(("c", continuation)) }
            let json = try getJSON("reader/api/0/stream/contents/" + GReaderWire.starredTag, query, "the starred articles")
            guard let object = json as? [String: Any], let items = object["items"] as? [[String: Any]] else {
                throw .protocolViolation("\(connection.base.host ?? "the server") did not answer the starred articles with an item list")
            }
            let entries = items.compactMap { GReaderWire.archived($0, feeds: feeds, folders: folders) }
            if !entries.isEmpty { try delivering(entries, to: page) }
            continuation = (object["continuation"] as? String).flatMap { $0.isEmpty ? nil : $0 }
            pages += 1
            if pages > 100_000 { throw .protocolViolation("the starred articles never end: the server keeps sending continuations") }
        } while continuation != nil
    }
}

extension GReaderWire {
    /// An item of a stream as an archive keeps it; labels are the item's own (not its feed's folder).
    static func archived(_ item: [String: Any], feeds: [String: RemoteFeed], folders: [String: String]) -> ArchivedEntry? {
        guard let entry = entry(item) else { return nil }
        let origin = item["origin"] as? [String: Any]
        let feed = feeds[entry.feedServerID]
        let folder = feed?.folderServerID.flatMap { folders[$0] }
        let labels = (item["categories"] as? [String] ?? []).compactMap { labelName($0) }.map(unescapeFreshRSS).filter { $0 != folder }
        let site = (origin?["htmlUrl"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? feed?.siteURL
        return ArchivedEntry(title: entry.title, url: entry.url, guid: nil, author: entry.author, contentHTML: entry.contentHTML,
                             publishedAt: entry.publishedAt, updatedAt: entry.updatedAt,
                             feedTitle: feed?.title ?? (origin?["title"] as? String).map(unescapeFreshRSS) ?? entry.feedServerID,
                             feedURL: feed?.url, siteURL: site, labels: labels)
    }
}
