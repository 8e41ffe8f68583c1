import FoundationEssentials
import LectorFeeds

/// Discovery done by the server: `POST /v1/discover {"url"}` (miniflux 030–034). Miniflux answers
/// the feeds it found, `[{"title", "url", "type"}]`; 404 when it found none; 500 with the fetcher's
/// message when it could not fetch the address.
extension MinifluxProvider {
    public func discoverOnServer(_ url: URL) throws(SyncError) -> [FeedCandidate]? {
        let response = try connection.send(jsonRequest("POST", "v1/discover", ["url": url.absoluteString]))
        if response.status == 404 { return [] }
        if response.status >= 500, let message = Self.errorMessage(response) {
            throw .rejected("Miniflux could not fetch \(url.absoluteString): \(message)")
        }
        try require(response, "discovering feeds at \(url.absoluteString)")
        guard let found = try connection.json(response, "the feeds Miniflux found") as? [[String: Any]] else {
            throw .protocolViolation("Miniflux answered the discovery with something else")
        }
        return found.compactMap { object in
            guard let address = object["url"] as? String, let feedURL = URL(string: address) else { return nil }
            return FeedCandidate(url: feedURL, title: object["title"] as? String, type: Self.mediaType(object["type"] as? String))
        }
    }

    /// Miniflux names a found feed's format (`rss`, `atom`, `json`); candidates carry a media type.
    static func mediaType(_ format: String?) -> String {
        switch format {
        case "atom": "application/atom+xml"
        case "json": "application/feed+json"
        default: "application/rss+xml"
        }
    }
}
