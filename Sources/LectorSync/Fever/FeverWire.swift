import FoundationEssentials
import LectorBasics

/// Reading the JSON Fever servers send into the one model. FreshRSS sends ids as strings and
/// Miniflux as numbers; both are read, and ids are kept as decimal strings.
enum FeverWire {
    /// A number or a numeric string as a 64-bit id; nil for anything else.
    static func id(_ value: Any?) -> Int64? {
        if let text = value as? String { return Int64(text.trimmingBlanks) }
        return value as? Int64 ?? (value as? Int).map(Int64.init)
    }

    /// `"1,2,3"` → ["1", "2", "3"]; empty entries and non-numbers are dropped.
    static func idList(_ value: Any?) -> [String] {
        guard let text = value as? String else {
            // Some servers send a bare number when the set has one member.
            return id(value).map { [String($0)] } ?? []
        }
        return text.split(separator: ",").compactMap { Int64($0.trimmingBlanks).map(String.init) }
    }

    /// Groups become folders; a feed goes to the first group that lists it (group 0, "Kindling",
    /// is every feed and not a folder).
    static func structure(groups: [String: Any], feeds: [String: Any]) -> RemoteStructure {
        var folders: [RemoteFolder] = []
        for group in groups["groups"] as? [[String: Any]] ?? [] {
            guard let id = id(group["id"]), id > 0 else { continue }
            folders.append(RemoteFolder(serverID: String(id), name: GReaderWire.unescapeFreshRSS(group["title"] as? String ?? String(id))))
        }
        let known = Set(folders.map(\.serverID))
        var folderOfFeed: [String: String] = [:]
        for link in (groups["feeds_groups"] ?? feeds["feeds_groups"]) as? [[String: Any]] ?? [] {
            guard let group = id(link["group_id"]).map(String.init), known.contains(group) else { continue }
            for feed in idList(link["feed_ids"]) where folderOfFeed[feed] == nil { folderOfFeed[feed] = group }
        }
        let remoteFeeds = (feeds["feeds"] as? [[String: Any]] ?? []).compactMap { feed -> RemoteFeed? in
            guard let id = id(feed["id"]).map(String.init) else { return nil }
            let url = feed["url"] as? String ?? ""
            let site = (feed["site_url"] as? String).flatMap { $0.isEmpty ? nil : $0 }
            return RemoteFeed(serverID: id, title: GReaderWire.unescapeFreshRSS(feed["title"] as? String ?? url), url: url,
                              siteURL: site, folderServerID: folderOfFeed[id])
        }
        return RemoteStructure(folders: folders.sorted { $0.name < $1.name }, feeds: remoteFeeds)
    }

    /// The `items` member of an answer.
    static func items(_ object: [String: Any]) throws(SyncError) -> [FeverItem] {
        guard let list = object["items"] as? [[String: Any]] else {
            throw .protocolViolation("the Fever answer has no items list")
        }
        return list.compactMap(FeverItem.init)
    }
}

/// One Fever item: the entry and the state it carries.
struct FeverItem {
    let id: Int64
    let entry: RemoteEntry

    /// When the server received the item, where its id says: FreshRSS's ids are the µs time of
    /// receipt (as its Google Reader ids are); Miniflux's are small serial numbers.
    var receivedAt: Date? {
        // From 10^15 µs on (September 2001): no serial number reaches that.
        id >= 1_000_000_000_000_000 ? Date(timeIntervalSince1970: TimeInterval(id / 1_000_000)) : nil
    }

    /// The time the article-age limit judges: receipt where known, as FreshRSS's Google Reader
    /// API does (`ot`), else publication, as Miniflux's does.
    var ageTime: Date? { receivedAt ?? entry.publishedAt }

    init?(_ item: [String: Any]) {
        guard let id = FeverWire.id(item["id"]), let feed = FeverWire.id(item["feed_id"]) else { return nil }
        self.id = id
        func flag(_ key: String) -> Bool { FeverWire.id(item[key]) == 1 }
        let author = (item["author"] as? String).flatMap { $0.isEmpty ? nil : GReaderWire.unescapeFreshRSS($0) }
        let url = (item["url"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        entry = RemoteEntry(serverID: String(id), feedServerID: String(feed), url: url,
                            title: GReaderWire.unescapeFreshRSS(item["title"] as? String ?? ""), author: author, summary: nil,
                            contentHTML: item["html"] as? String,
                            publishedAt: FeverWire.id(item["created_on_time"]).map { Date(timeIntervalSince1970: TimeInterval($0)) },
                            updatedAt: nil, read: flag("is_read"), starred: flag("is_saved"))
    }
}
