import FoundationEssentials
import LectorBasics

/// The starred archive through the starred headlines with their content (`view_mode` marked,
/// 079), each carrying its feed's title, site and labels.
extension TTRSSProvider: StarredArchiving {
    public func starredArchive(page: ([ArchivedEntry]) throws -> Void) throws(SyncError) {
        let feeds = try feedObjects().reduce(into: [Int: String]()) { urls, object in
            if let id = TTRSSWire.int(object["id"]), let url = object["feed_url"] as? String { urls[id] = url }
        }
        try walkAllHeadlines(["feed_id": -4, "view_mode": "marked", "show_content": true], "the starred articles") { objects throws(SyncError) in
            try delivering(objects.compactMap { TTRSSWire.archived($0, feedURLs: feeds) }, to: page)
        }
    }
}

extension TTRSSWire {
    static func archived(_ object: [String: Any], feedURLs: [Int: String]) -> ArchivedEntry? {
        guard let entry = entry(object) else { return nil }
        func text(_ value: Any?) -> String? { (value as? String).flatMap { $0.isEmpty ? nil : $0 } }
        // Labels come as [[id, caption, fg, bg]] (131).
        let labels = (object["labels"] as? [[Any]] ?? []).compactMap { $0.count > 1 ? $0[1] as? String : nil }
        return ArchivedEntry(title: entry.title, url: entry.url, guid: nil, author: entry.author, contentHTML: entry.contentHTML,
                             publishedAt: entry.publishedAt, updatedAt: entry.updatedAt,
                             feedTitle: text(object["feed_title"]) ?? entry.feedServerID, feedURL: int(object["feed_id"]).flatMap { feedURLs[$0] },
                             siteURL: text(object["site_url"]), labels: labels)
    }
}
