import FoundationEssentials
import LectorBasics

/// Maps JSON Feed 1.0/1.1 (and scripting.com's RSS-in-JSON) onto `ParsedFeed`.
enum JSONFeedParser {
    /// Objects a document may hold: the kept items, each with room for an author and attachments.
    static let objectLimit = FeedParser.itemLimit * 8

    static func parse(_ data: Data, url: URL?) throws(FeedParseError) -> ParsedFeed {
        if data.withUnsafeBytes({ JSONObjectCount.exceeds(objectLimit, in: $0) }) {
            throw .tooManyObjects(limit: objectLimit)
        }
        let object: Any
        do {
            object = try JSONObject.parse(data)
        } catch {
            throw .malformedJSON
        }
        guard let root = object as? [String: Any] else { throw .notAFeed(rootElement: "JSON value") }
        if let rss = root["rss"] as? [String: Any], let channel = rss["channel"] as? [String: Any] {
            return rssInJSON(channel, url: url)
        }
        let version = root["version"] as? String ?? ""
        guard version.contains("jsonfeed.org") || root["items"] is [Any] else { throw .notAFeed(rootElement: "JSON object") }
        let base = (root["feed_url"] as? String).flatMap(URL.init(string:)) ?? url
        let feedAuthors = authors(in: root)
        let items = Array((root["items"] as? [Any] ?? []).lazy.compactMap { $0 as? [String: Any] }.prefix(FeedParser.itemLimit).map { item in
            jsonItem(item, base: base, feedAuthors: feedAuthors)
        })
        return ParsedFeed(format: .json, title: string(root["title"]) ?? "",
                          link: string(root["home_page_url"]).map { URLResolver.resolve($0, against: base) },
                          selfLink: string(root["feed_url"]), description: string(root["description"]),
                          language: string(root["language"]), items: items)
    }

    private static func jsonItem(_ item: [String: Any], base: URL?, feedAuthors: [String]) -> FeedItem {
        let draft = ItemDraft()
        draft.explicitID = idString(item["id"])
        draft.title = string(item["title"])
        draft.link = (string(item["url"]) ?? string(item["external_url"])).map { URLResolver.resolve($0, against: base) }
        draft.setPublished(string(item["date_published"]).flatMap(FeedDateParser.parse), rank: 0)
        draft.setUpdated(string(item["date_modified"]).flatMap(FeedDateParser.parse), rank: 0)
        draft.summary = string(item["summary"])
        if let html = string(item["content_html"]) {
            draft.content = HTMLURLRewriter.rewrite(html, base: draft.link.flatMap(URL.init(string:)) ?? base)
        } else {
            draft.content = string(item["content_text"])
        }
        for name in authors(in: item) { draft.addAuthor(name) }
        for case let a as [String: Any] in item["attachments"] as? [Any] ?? [] {
            guard let u = string(a["url"]) else { continue }
            let size = a["size_in_bytes"] as? Int ?? (a["size_in_bytes"] as? Double).flatMap { Int(exactly: $0.rounded()) }
            draft.addEnclosure(url: URLResolver.resolve(u, against: base), type: string(a["mime_type"]),
                               length: size.map(String.init))
        }
        draft.imageURL = (string(item["image"]) ?? string(item["banner_image"])).map { URLResolver.resolve($0, against: base) }
        return draft.finish(inheritedAuthors: feedAuthors)
    }

    /// JSON Feed 1.1 `authors[]`, falling back to 1.0's `author`.
    private static func authors(in object: [String: Any]) -> [String] {
        var list = (object["authors"] as? [Any] ?? []).compactMap { authorName($0) }
        if list.isEmpty, let legacy = object["author"].flatMap(authorName) { list = [legacy] }
        return list
    }

    private static func authorName(_ value: Any) -> String? {
        if let s = value as? String { return s.trimmed.isEmpty ? nil : s.trimmed }
        guard let d = value as? [String: Any] else { return nil }
        return string(d["name"]) ?? string(d["url"])
    }

    private static func rssInJSON(_ channel: [String: Any], url: URL?) -> ParsedFeed {
        let rawItems: [Any] = channel["item"] as? [Any] ?? (channel["item"].map { [$0] } ?? [])
        let items = rawItems.compactMap { $0 as? [String: Any] }.map { item -> FeedItem in
            let draft = ItemDraft()
            if let guid = item["guid"] as? [String: Any] {
                draft.explicitID = idString(guid["#value"])
            } else {
                draft.explicitID = idString(item["guid"])
            }
            draft.title = string(item["title"])
            draft.link = string(item["link"]).map { URLResolver.resolve($0, against: url) }
            draft.setPublished(string(item["pubDate"]).flatMap(FeedDateParser.parse), rank: 0)
            draft.summary = string(item["description"])
            if let author = string(item["author"]) { draft.addAuthor(rssAuthorName(author)) }
            if let e = item["enclosure"] as? [String: Any], let u = string(e["url"]) {
                draft.addEnclosure(url: u, type: string(e["type"]), length: idString(e["length"]))
            }
            return draft.finish(inheritedAuthors: [])
        }
        return ParsedFeed(format: .rss, title: string(channel["title"]) ?? "", link: string(channel["link"]),
                          description: string(channel["description"]), language: string(channel["language"]), items: items)
    }

    private static func string(_ value: Any?) -> String? {
        guard let s = value as? String else { return nil }
        let t = s.trimmed
        return t.isEmpty ? nil : t
    }

    /// Ids may be numbers in the wild; JSON Feed says strings, so coerce.
    private static func idString(_ value: Any?) -> String? {
        if let s = value as? String { return s.trimmed.isEmpty ? nil : s.trimmed }
        if let n = value as? Int { return String(n) }
        if let d = value as? Double { return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d) }
        return nil
    }
}
