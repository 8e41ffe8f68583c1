import FoundationEssentials
import LectorBasics

/// Miniflux's feed list says how often each feed failed to parse and why.
extension MinifluxProvider {
    public func feedErrors() throws(SyncError) -> [String: ServerFeedError] {
        guard let feeds = try getJSON("v1/feeds", [], "the feed list") as? [[String: Any]] else {
            throw .protocolViolation("Miniflux's feed list is not a list")
        }
        var errors: [String: ServerFeedError] = [:]
        for feed in feeds {
            guard let id = MinifluxWire.int64(feed["id"]), let count = MinifluxWire.int64(feed["parsing_error_count"]), count > 0 else { continue }
            errors[String(id)] = ServerFeedError(message: feed["parsing_error_message"] as? String ?? "", count: Int(count))
        }
        return errors
    }
}
