import FoundationEssentials
import LectorBasics
import LectorFeeds
import LectorHTTP

/// A FreshRSS feed's server settings: the `frss:` attributes of `subscription/export`, changed
/// by a `subscription/import` of an OPML that holds that one feed (freshrss-admin 05–14). The
/// import merges: an attribute left out stays, an empty one clears, and a list of lines (HTTP
/// headers, mark-read filters) merges by position and never gets shorter (admin 11, 12). An
/// empty list clears neither (lector fixture freshrss/05–08): the headers are replaced by the
/// new list padded with empty lines to the old one's length, which the export leaves out
/// (09, 10); the read filters drop empty lines, so FreshRSS 1.24.3's API cannot remove a read
/// filter the new list does not overwrite — only its web page can. Every list change is
/// therefore read back from the export, and what stayed is an error naming it (`SyncError.kept`).
/// FreshRSS also un-mutes a feed it imports and refreshes its due feeds; its mute itself is
/// not in the API.
extension GReaderProvider {
    public func feedSettings(_ feed: FeedSettingsTarget) throws(SyncError) -> [FeedSettingKey: String] {
        let outlines = try exportedOutlines()
        let key = URL(string: feed.reference.url).map(canonicalFeedKey)
        guard let outline = outlines.first(where: { $0.xmlURL == feed.reference.url })
            ?? outlines.first(where: { URL(string: $0.xmlURL).map(canonicalFeedKey) == key }) else {
            throw .rejected("the server's subscription export does not list \(feed.reference.url)")
        }
        return Self.settings(of: outline)
    }

    /// One export: every feed's settings by the address the export gives it.
    public func everyFeedSettings() throws(SyncError) -> [String: [FeedSettingKey: String]]? {
        Dictionary(try exportedOutlines().map { ($0.xmlURL, Self.settings(of: $0)) }, uniquingKeysWith: { first, _ in first })
    }

    private func exportedOutlines() throws(SyncError) -> [OPMLDocument.Feed] {
        let response = try send(try currentSession().authorized(.get(connection.url("reader/api/0/subscription/export"))),
                                "exporting the subscriptions")
        do { return try OPMLDocument.parse(response.body).feeds } catch {
            throw .protocolViolation("the server's subscription export is not OPML (\(error))")
        }
    }

    private static func settings(of outline: OPMLDocument.Feed) -> [FeedSettingKey: String] {
        let attributes = outline.extensions[FreshRSSService.opmlNamespace] ?? [:]
        var settings: [FeedSettingKey: String] = [:]
        for (key, name) in FreshRSSService.fields {
            guard let value = attributes[name], !value.isEmpty else { continue }
            settings[key] = key.shape == .secret ? FeedSettingKey.secretMarker : value
        }
        return settings
    }

    public func changeFeedSettings(_ feed: FeedSettingsTarget, _ changes: [FeedSettingChange]) throws(SyncError) {
        var attributes: [String: String] = [:]
        var lists: [String: [String]] = [:]
        for change in changes {
            guard let name = FreshRSSService.fields[change.key] else { continue }
            if change.key.shape == .lines {
                lists[name] = Self.lines(change.value ?? "")
            } else {
                attributes[name] = change.value ?? ""
            }
        }
        var had: [String: String] = [:]
        if !lists.isEmpty { had = try exportedAttributes(feed) }
        for (name, wanted) in lists {
            attributes[name] = Self.importValue(name, wanted: wanted, padTo: Self.lines(had[name] ?? "").count)
        }
        try importOutline(feed, attributes)
        guard !lists.isEmpty else { return }
        // Read back: a header list that kept lines beyond the padding (empty lines the export does
        // not show) is padded further; what still stays is said, never reported gone.
        var padding = 0
        for _ in 0..<3 {
            let now = try exportedAttributes(feed)
            let stayed = lists.filter { name, wanted in Set(Self.lines(now[name] ?? "")) != Set(wanted) }
            guard !stayed.isEmpty else { return }
            guard let headers = stayed[Self.headersName] else { throw Self.kept(stayed, now, feed) }
            padding = max(padding * 2, Self.lines(now[Self.headersName] ?? "").count + headers.count + 8)
            try importOutline(feed, [Self.headersName: Self.importValue(Self.headersName, wanted: headers, padTo: padding)])
        }
        let now = try exportedAttributes(feed)
        let stayed = lists.filter { name, wanted in Set(Self.lines(now[name] ?? "")) != Set(wanted) }
        if !stayed.isEmpty { throw Self.kept(stayed, now, feed) }
    }

    static let headersName = "CURLOPT_HTTPHEADER"

    /// The non-empty lines of a list value.
    static func lines(_ value: String) -> [String] {
        value.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.trimmingBlanks.isEmpty }
    }

    /// The value an import carries for list `name`: the read filters as they are (an empty list
    /// is sent empty, which changes nothing there: the read-back says so); the headers padded
    /// with empty lines to `padTo`, so that every old line is overwritten.
    static func importValue(_ name: String, wanted: [String], padTo: Int) -> String {
        guard name == headersName else { return wanted.joined(separator: "\n") }
        return (wanted + Array(repeating: "", count: max(0, padTo - wanted.count))).joined(separator: "\n")
    }

    static func kept(_ stayed: [String: [String]], _ now: [String: String], _ feed: FeedSettingsTarget) -> SyncError {
        let names = Dictionary(FreshRSSService.fields.map { ($0.value, $0.key.rawValue) }, uniquingKeysWith: { first, _ in first })
        let parts = stayed.keys.sorted().map { name in
            let extra = Self.lines(now[name] ?? "").filter { !(stayed[name] ?? []).contains($0) }
            return "\(names[name] ?? name): \(extra.map { "'\($0)'" }.joined(separator: ", "))"
        }
        return .kept("FreshRSS kept lines its API cannot remove from '\(feed.title)' (\(parts.joined(separator: "; "))): "
                     + "remove them on the feed's page in FreshRSS (Filter actions), then run the command again")
    }

    /// The feed's `frss:` attributes as the export gives them now.
    private func exportedAttributes(_ feed: FeedSettingsTarget) throws(SyncError) -> [String: String] {
        let outlines = try exportedOutlines()
        let key = URL(string: feed.reference.url).map(canonicalFeedKey)
        guard let outline = outlines.first(where: { $0.xmlURL == feed.reference.url })
            ?? outlines.first(where: { URL(string: $0.xmlURL).map(canonicalFeedKey) == key }) else {
            throw .rejected("the server's subscription export does not list \(feed.reference.url)")
        }
        return outline.extensions[FreshRSSService.opmlNamespace] ?? [:]
    }

    private func importOutline(_ feed: FeedSettingsTarget, _ attributes: [String: String]) throws(SyncError) {
        var outline = OPMLDocument.Feed(title: feed.title, xmlURL: feed.reference.url, folder: feed.reference.folder?.name)
        outline.extensions[FreshRSSService.opmlNamespace] = attributes
        let body = OPMLDocument(title: "Lector", feeds: [outline]).xmlData(prefixes: [FreshRSSService.opmlNamespace: "frss"])
        let request = HTTPRequest(method: "POST", url: connection.url("reader/api/0/subscription/import"),
                                  headers: ["Content-Type": "application/xml"], body: body)
        _ = try send(try currentSession().authorized(request), "changing the feed's settings")
    }
}
