import FoundationEssentials
import LectorBasics
import LectorFeeds
import LectorHTTP

/// A FreshRSS feed's server settings: the `frss:` attributes of `subscription/export`, changed
/// by a `subscription/import` of an OPML that holds that one feed (freshrss-admin 05–14). The
/// import merges: an attribute left out stays, an empty one clears, and a list of lines (HTTP
/// headers, mark-read filters) merges line by line and never gets shorter — so a list is
/// cleared by one import and written by a second. FreshRSS also un-mutes a feed it imports and
/// refreshes its due feeds; its mute itself is not in the API.
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
        let attributes = outline.extensions[OPMLDocument.freshRSSNamespace] ?? [:]
        var settings: [FeedSettingKey: String] = [:]
        for (key, name) in FeedSettingMap.freshRSS {
            guard let value = attributes[name], !value.isEmpty else { continue }
            settings[key] = key.shape == .secret ? FeedSettingKey.secretMarker : value
        }
        return settings
    }

    public func changeFeedSettings(_ feed: FeedSettingsTarget, _ changes: [FeedSettingChange]) throws(SyncError) {
        var first: [String: String] = [:]
        var second: [String: String] = [:]
        for change in changes {
            guard let name = FeedSettingMap.freshRSS[change.key] else { continue }
            let value = change.value ?? ""
            if change.key.shape == .lines {
                first[name] = ""
                if !value.isEmpty { second[name] = value }
            } else {
                first[name] = value
            }
        }
        try importOutline(feed, first)
        if !second.isEmpty { try importOutline(feed, second) }
    }

    private func importOutline(_ feed: FeedSettingsTarget, _ attributes: [String: String]) throws(SyncError) {
        var outline = OPMLDocument.Feed(title: feed.title, xmlURL: feed.reference.url, folder: feed.reference.folder?.name)
        outline.extensions[OPMLDocument.freshRSSNamespace] = attributes
        let body = OPMLDocument(title: "Lector", feeds: [outline]).xmlData()
        let request = HTTPRequest(method: "POST", url: connection.url("reader/api/0/subscription/import"),
                                  headers: ["Content-Type": "application/xml"], body: body)
        _ = try send(try currentSession().authorized(request), "changing the feed's settings")
    }
}
