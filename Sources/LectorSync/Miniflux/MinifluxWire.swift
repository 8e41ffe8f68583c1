import FoundationEssentials
import LectorBasics

/// Reading Miniflux's REST JSON into the one model.
enum MinifluxWire {
    /// A JSON number or numeric string as Int64 (ids are database sequences).
    static func int64(_ value: Any?) -> Int64? {
        if let number = value as? Int { return Int64(number) }
        if let number = value as? Double { return Int64(exactly: number.rounded(.towardZero)) }
        return (value as? String).flatMap { Int64($0) }
    }

    static func folder(_ object: [String: Any]) -> RemoteFolder? {
        guard let id = int64(object["id"]), let title = object["title"] as? String else { return nil }
        return RemoteFolder(serverID: String(id), name: title)
    }

    static func feed(_ object: [String: Any]) -> RemoteFeed? {
        guard let id = int64(object["id"]), let url = object["feed_url"] as? String else { return nil }
        let category = (object["category"] as? [String: Any]).flatMap { int64($0["id"]) }
        let site = (object["site_url"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        return RemoteFeed(serverID: String(id), title: object["title"] as? String ?? url, url: url, siteURL: site,
                          folderServerID: category.map(String.init), settings: settings(object))
    }

    /// A feed object's server settings by Lector's key names: flags that are on, text that is not
    /// empty, a secret as the marker `set` (Miniflux sends it in clear; it goes no further).
    static func settings(_ object: [String: Any]) -> [FeedSettingKey: String] {
        var settings: [FeedSettingKey: String] = [:]
        for (key, field) in MinifluxService.fields {
            switch key.shape {
            case .flag: if object[field] as? Bool == true { settings[key] = "on" }
            case .secret: if let value = object[field] as? String, !value.isEmpty { settings[key] = FeedSettingKey.secretMarker }
            default: if let value = object[field] as? String, !value.isEmpty { settings[key] = value }
            }
        }
        if let user = object["username"] as? String, !user.isEmpty { settings[.serverLogin] = user }
        return settings
    }

    static func entry(_ object: [String: Any]) -> RemoteEntry? {
        guard let id = int64(object["id"]), let feedID = int64(object["feed_id"]) else { return nil }
        let status = object["status"] as? String
        let author = (object["author"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        let url = (object["url"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        return RemoteEntry(serverID: String(id), feedServerID: String(feedID), url: url,
                           title: object["title"] as? String ?? "", author: author, summary: nil,
                           contentHTML: object["content"] as? String, publishedAt: date(object["published_at"]),
                           updatedAt: date(object["changed_at"]),
                           read: status.map { $0 == "read" }, starred: object["starred"] as? Bool)
    }

    /// Miniflux writes RFC 3339, with or without fractional seconds.
    static func date(_ value: Any?) -> Date? {
        guard let text = value as? String else { return nil }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// "2.3.3" (or "v2.3.3", "2.3.3-rc1") → [2, 3, 3].
    static func versionNumbers(_ text: String) -> [Int] {
        let trimmed = text.hasPrefix("v") ? String(text.dropFirst()) : text
        return trimmed.split(separator: ".").map { part in Int(part.prefix { $0.isNumber }) ?? 0 }
    }

    /// Whether `version` is at least `minimum` (both dotted numbers).
    static func isAtLeast(_ version: [Int], _ minimum: [Int]) -> Bool {
        for index in 0..<max(version.count, minimum.count) {
            let have = index < version.count ? version[index] : 0
            let need = index < minimum.count ? minimum[index] : 0
            if have != need { return have > need }
        }
        return true
    }
}
