import FoundationEssentials
import LectorBasics

/// A feed's server settings through `GET`/`PUT /v1/feeds/{id}` (every field, miniflux 044–106),
/// and fetching now through `PUT /v1/feeds/{id}/refresh` and `PUT /v1/feeds/refresh` (107, 108).
extension MinifluxProvider {
    public func feedSettings(_ feed: FeedSettingsTarget) throws(SyncError) -> [FeedSettingKey: String] {
        guard let object = try getJSON("v1/feeds/\(try Self.feedID(feed.reference))", [], "the feed's settings") as? [String: Any] else {
            throw .protocolViolation("Miniflux answered the feed's settings with something else")
        }
        return MinifluxWire.settings(object)
    }

    /// One `PUT` with every change; Miniflux refuses a bad rule or address with its own message.
    public func changeFeedSettings(_ feed: FeedSettingsTarget, _ changes: [FeedSettingChange]) throws(SyncError) {
        var body: [String: Any] = [:]
        for change in changes {
            if change.key == .serverLogin {
                body["username"] = change.value ?? ""
                body["password"] = change.password ?? ""
                continue
            }
            guard let field = MinifluxService.fields[change.key] else { continue }
            if change.key.shape == .flag {
                body[field] = change.value.flatMap(FeedSettingKey.flag) ?? false
            } else {
                body[field] = change.value ?? ""
            }
        }
        try call("PUT", "v1/feeds/\(try Self.feedID(feed.reference))", json: body, "changing the feed's settings")
    }

    public func refreshOnServer(_ feeds: [RemoteFeedReference]?) throws(SyncError) -> Bool {
        guard let feeds else {
            try call("PUT", "v1/feeds/refresh", "refreshing every feed")
            return true
        }
        for feed in feeds {
            let response = try connection.send(jsonRequest("PUT", "v1/feeds/\(try Self.feedID(feed))/refresh", nil))
            if response.status >= 500, let message = Self.errorMessage(response) {
                throw .rejected("Miniflux could not fetch \(feed.url): \(message)")
            }
            try require(response, "refreshing \(feed.url)")
        }
        return true
    }
}
