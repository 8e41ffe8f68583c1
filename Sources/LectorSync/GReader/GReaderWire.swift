import FoundationEssentials

/// Reading the JSON GReader servers send into the one model.
enum GReaderWire {
    static let readTag = "user/-/state/com.google/read"
    static let starredTag = "user/-/state/com.google/starred"
    static let readingList = "user/-/state/com.google/reading-list"

    /// `user/1/label/X` → `user/-/label/X` (Miniflux puts the user number in).
    static func normalizeLabel(_ id: String) -> String {
        let parts = id.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "user", parts[2] == "label" else { return id }
        return labelPrefix + parts[3]
    }

    static let labelPrefix = "user/-/label/"

    /// The stream id of the folder (label) called `name`.
    static func labelID(_ name: String) -> String { labelPrefix + name }

    static func labelName(_ id: String) -> String? {
        let normalized = normalizeLabel(id)
        return normalized.hasPrefix(labelPrefix) ? String(normalized.dropFirst(labelPrefix.count)) : nil
    }

    /// FreshRSS replaces some characters in names with full-width look-alikes; map them back.
    static func unescapeFreshRSS(_ text: String) -> String {
        let map: [Character: Character] = ["＆": "&", "＜": "<", "＞": ">", "？": "?", "＼": "\\", "／": "/", "，": ",", "；": ";"]
        return String(text.map { map[$0] ?? $0 })
    }

    static func structure(subscriptions: Any, tags: Any) -> RemoteStructure {
        let subscriptionList = (subscriptions as? [String: Any])?["subscriptions"] as? [[String: Any]] ?? []
        var folders: [String: RemoteFolder] = [:]
        var feeds: [RemoteFeed] = []
        for subscription in subscriptionList {
            guard let id = subscription["id"] as? String else { continue }
            let category = (subscription["categories"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
                .map(normalizeLabel).first { $0.hasPrefix(labelPrefix) }
            if let category, let name = labelName(category) {
                folders[category] = RemoteFolder(serverID: category, name: unescapeFreshRSS(name))
            }
            feeds.append(RemoteFeed(serverID: id, title: unescapeFreshRSS(subscription["title"] as? String ?? id),
                                    url: subscription["url"] as? String ?? String(id.dropFirst("feed/".count)),
                                    siteURL: (subscription["htmlUrl"] as? String).flatMap { $0.isEmpty ? nil : $0 }, folderServerID: category,
                                    serverPriority: subscription["frss:priority"] as? String))
        }
        // Folders without feeds exist only where the server lists them as such; user labels are
        // `type=tag` (freshrss-admin 28).
        var labels: [String] = []
        for tag in (tags as? [String: Any])?["tags"] as? [[String: Any]] ?? [] {
            if let id = (tag["id"] as? String).map(normalizeLabel), let name = labelName(id), tag["type"] as? String == "tag" {
                labels.append(unescapeFreshRSS(name))
            }
            guard let id = (tag["id"] as? String).map(normalizeLabel), let name = labelName(id),
                  tag["type"] as? String == "folder", folders[id] == nil else { continue }
            folders[id] = RemoteFolder(serverID: id, name: unescapeFreshRSS(name))
        }
        return RemoteStructure(folders: folders.values.sorted { $0.name < $1.name }, feeds: feeds, labels: labels)
    }

    /// What `subscription/quickadd` answers (FreshRSS, Miniflux):
    /// `{"numResults":1,"query":FINAL FEED URL,"streamId":"feed/N","streamName":TITLE}`, or HTTP
    /// 200 with `{"numResults":0,"error":REASON}` (no feed there, already subscribed).
    static func quickAdd(_ json: Any, requested: String, host: String) throws(SyncError) -> (serverID: String, url: String, title: String) {
        let object = json as? [String: Any]
        guard let streamID = object?["streamId"] as? String, (object?["numResults"] as? Int ?? 0) > 0 else {
            let reason = object?["error"] as? String ?? "the server found no feed there"
            throw .rejected("\(host) did not subscribe to \(requested): \(reason)")
        }
        let url = object?["query"] as? String ?? (streamID.hasPrefix("feed/") ? String(streamID.dropFirst("feed/".count)) : requested)
        return (streamID, url, unescapeFreshRSS(object?["streamName"] as? String ?? url))
    }

    static func entries(_ json: Any) -> [RemoteEntry] {
        ((json as? [String: Any])?["items"] as? [[String: Any]] ?? []).compactMap(entry)
    }

    static func entry(_ item: [String: Any]) -> RemoteEntry? {
        guard let rawID = item["id"] as? String, case let id = GReaderItemID.key(rawID),
              let feedID = (item["origin"] as? [String: Any])?["streamId"] as? String else { return nil }
        let categories = Set((item["categories"] as? [String] ?? []).map(normalizeState))
        let link = ((item["canonical"] as? [[String: Any]])?.first?["href"] as? String)
            ?? ((item["alternate"] as? [[String: Any]])?.first?["href"] as? String)
        let summary = (item["summary"] as? [String: Any])?["content"] as? String
        let content = (item["content"] as? [String: Any])?["content"] as? String
        func date(_ key: String) -> Date? {
            (item[key] as? Double ?? (item[key] as? Int).map(Double.init) ?? (item[key] as? String).flatMap(Double.init)).map { Date(timeIntervalSince1970: $0) }
        }
        return RemoteEntry(serverID: id, feedServerID: feedID, url: link,
                           title: unescapeFreshRSS(item["title"] as? String ?? ""),
                           author: (item["author"] as? String).map(unescapeFreshRSS),
                           summary: content == nil ? nil : summary, contentHTML: content ?? summary,
                           publishedAt: date("published"), updatedAt: date("updated"),
                           read: categories.contains(readTag), starred: categories.contains(starredTag))
    }

    /// `user/1234/state/com.google/read` → `user/-/state/com.google/read`.
    static func normalizeState(_ id: String) -> String {
        let parts = id.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "user" else { return id }
        return "user/-/" + parts[2]
    }
}
