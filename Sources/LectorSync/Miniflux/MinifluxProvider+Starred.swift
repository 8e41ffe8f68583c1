import LectorBasics
import FoundationEssentials

/// The starred archive through `/v1/entries?starred=true` (each entry carries its feed and
/// tags), and re-creating an archived article through `POST /v1/feeds/{id}/entries/import`
/// (Miniflux ≥ 2.2.16), made idempotent by its `external_id`: the server answers 201 for a new
/// entry and 200 with the same id for one it has (recordings 152 and 153).
extension MinifluxProvider: StarredArchiving {
    public func starredArchive(page: ([ArchivedEntry]) throws -> Void) throws(SyncError) {
        try walkEntryObjects([("starred", "true")], "the starred articles") { (objects: [[String: Any]]) throws(SyncError) in
            try delivering(objects.compactMap(MinifluxWire.archived), to: page)
        }
    }

    public func importStarred(_ entry: ArchivedEntry, intoFeed feedServerID: String) throws(SyncError) -> Bool {
        var body: [String: Any] = ["url": entry.url ?? entry.externalID, "title": entry.title, "status": "read", "starred": true,
                                   "external_id": entry.externalID, "tags": entry.labels]
        if let content = entry.contentHTML { body["content"] = content }
        if let author = entry.author { body["author"] = author }
        if let published = entry.publishedAt { body["published_at"] = Int64(published.timeIntervalSince1970) }
        let response = try call("POST", "v1/feeds/\(feedServerID)/entries/import", json: body, "importing a starred article")
        return response.status == 201
    }
}

extension MinifluxWire {
    static func archived(_ object: [String: Any]) -> ArchivedEntry? {
        guard let entry = entry(object) else { return nil }
        let feed = object["feed"] as? [String: Any]
        func text(_ value: Any?) -> String? { (value as? String).flatMap { $0.isEmpty ? nil : $0 } }
        return ArchivedEntry(title: entry.title, url: entry.url, guid: nil, author: entry.author, contentHTML: entry.contentHTML,
                             publishedAt: entry.publishedAt, updatedAt: entry.updatedAt,
                             feedTitle: text(feed?["title"]) ?? entry.feedServerID, feedURL: text(feed?["feed_url"]),
                             siteURL: text(feed?["site_url"]), labels: object["tags"] as? [String] ?? [])
    }
}
