import FoundationEssentials
import LectorBasics

/// Reading TT-RSS's JSON into the one model (ids are JSON integers; special ones negative).
enum TTRSSWire {
    static func int(_ value: Any?) -> Int? {
        if let number = value as? Int { return number }
        if let number = value as? Double { return Int(exactly: number.rounded(.towardZero)) }
        return (value as? String).flatMap { Int($0) }
    }

    /// A real category (id > 0); Special (-1), Labels (-2) and Uncategorized (0) are not folders.
    static func folder(_ object: [String: Any]) -> RemoteFolder? {
        guard let id = int(object["id"]), id > 0, let title = object["title"] as? String else { return nil }
        return RemoteFolder(serverID: String(id), name: title)
    }

    /// A real feed of getFeeds (`cat_id` -3): category 0 is no folder.
    static func feed(_ object: [String: Any]) -> RemoteFeed? {
        guard let id = int(object["id"]), id > 0, let url = object["feed_url"] as? String else { return nil }
        let category = int(object["cat_id"]) ?? 0
        return RemoteFeed(serverID: String(id), title: object["title"] as? String ?? url, url: url, siteURL: nil,
                          folderServerID: category > 0 ? String(category) : nil)
    }

    /// A headline (getHeadlines) or an article (getArticle): both carry `unread` and `marked`.
    /// `updated` is the item's date in the feed, in Unix seconds (039).
    static func entry(_ object: [String: Any]) -> RemoteEntry? {
        guard let id = int(object["id"]), let feed = int(object["feed_id"]) else { return nil }
        let author = (object["author"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        let link = (object["link"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        return RemoteEntry(serverID: String(id), feedServerID: String(feed), url: link, title: object["title"] as? String ?? "",
                           author: author, summary: object["excerpt"] as? String, contentHTML: object["content"] as? String,
                           publishedAt: date(object["updated"]), updatedAt: nil,
                           read: (object["unread"] as? Bool).map { !$0 }, starred: object["marked"] as? Bool)
    }

    static func date(_ value: Any?) -> Date? {
        int(value).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    /// `[{"id":-1026,"caption":"Important",…}]` → caption: id.
    static func labels(_ content: Any) -> [String: Int] {
        var labels: [String: Int] = [:]
        for object in content as? [[String: Any]] ?? [] {
            if let id = int(object["id"]), let caption = object["caption"] as? String { labels[caption] = id }
        }
        return labels
    }

    /// The database id the web backend takes for a label whose API id is `apiID` (-1025 - id).
    static func labelDatabaseID(_ apiID: Int) -> Int { -1025 - apiID }
}
