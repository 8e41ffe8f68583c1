import FoundationEssentials
import LectorBasics

/// Reading Feedbin's v2 JSON and headers into the one model.
enum FeedbinWire {
    static func int64(_ value: Any?) -> Int64? {
        if let number = value as? Int { return Int64(number) }
        if let number = value as? Double { return Int64(exactly: number.rounded(.towardZero)) }
        return (value as? String).flatMap { Int64($0) }
    }

    /// One subscription: its own id (for rename and delete) and the feed it points at.
    struct Subscription {
        var id: Int64
        var feed: RemoteFeed
    }

    static func subscription(_ object: [String: Any]) -> Subscription? {
        guard let id = int64(object["id"]), let feedID = int64(object["feed_id"]), let url = object["feed_url"] as? String else {
            return nil
        }
        let site = (object["site_url"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        let title = (object["title"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? url
        return Subscription(id: id, feed: RemoteFeed(serverID: String(feedID), title: title, url: url, siteURL: site, folderServerID: nil))
    }

    /// One tagging: a feed filed under a tag (folder) name.
    struct Tagging {
        var id: Int64
        var feedID: String
        var name: String
    }

    static func tagging(_ object: [String: Any]) -> Tagging? {
        guard let id = int64(object["id"]), let feedID = int64(object["feed_id"]), let name = object["name"] as? String else { return nil }
        return Tagging(id: id, feedID: String(feedID), name: name)
    }

    /// Feedbin entries carry no read or starred state: both stay nil, i.e. unknown until the sets arrive.
    static func entry(_ object: [String: Any]) -> RemoteEntry? {
        guard let id = int64(object["id"]), let feedID = int64(object["feed_id"]) else { return nil }
        func text(_ key: String) -> String? { (object[key] as? String).flatMap { $0.isEmpty ? nil : $0 } }
        return RemoteEntry(serverID: String(id), feedServerID: String(feedID), url: text("url"), title: text("title") ?? "",
                           author: text("author"), summary: text("summary"), contentHTML: text("content"),
                           publishedAt: date(object["published"]), updatedAt: nil, read: nil, starred: nil)
    }

    static func date(_ value: Any?) -> Date? {
        guard let text = value as? String else { return nil }
        return (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
            ?? (try? Date(text, strategy: Date.ISO8601FormatStyle()))
    }

    /// `since` as Feedbin wants it: ISO 8601 with microseconds, in UTC.
    static func timestamp(_ date: Date) -> String {
        let micros = Int64((date.timeIntervalSince1970 * 1_000_000).rounded(.down))
        let seconds = Date(timeIntervalSince1970: TimeInterval(micros / 1_000_000)).formatted(Date.ISO8601FormatStyle()).dropLast()
        return "\(seconds).\(String(zeroPadded: micros % 1_000_000, width: 6))Z"
    }

    /// The `rel="next"` target of a `Link` (or, as Feedbin's docs spell it, `Links`) header. Targets
    /// are read between `<` and `>` rather than by splitting on commas: a query may hold commas.
    static func nextLink(_ header: String?) -> String? {
        guard var rest = header?[...] else { return nil }
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let target = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            let parameters = rest[..<(rest.firstIndex(of: "<") ?? rest.endIndex)]
            let compact = parameters.replacingAll(" ", with: "").lowercased()
            if compact.contains("rel=\"next\"") || compact.contains("rel=next,") || compact.hasSuffix("rel=next") {
                return String(target)
            }
        }
        return nil
    }
}
