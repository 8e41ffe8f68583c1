import FoundationEssentials
import LectorBasics
import LectorFeeds

/// `feed add --on-server`: TT-RSS's only discovery is subscribeToFeed, which looks and subscribes
/// in one step. A feed's own address is subscribed at once (code 1, 101) and is the one candidate;
/// the `subscribe` that follows finds it subscribed (code 0, 102) and files and fetches it. A page
/// linking to several feeds lists them and subscribes nothing (code 4, 106): the user picks one.
/// TT-RSS 26.08 cannot discover the single feed of a page that links to exactly one: it reads the
/// page itself as the feed and fails (code 6, 103), said as such.
extension TTRSSProvider {
    public func discoverOnServer(_ url: URL) throws(SyncError) -> [FeedCandidate]? {
        let address = url.absoluteString
        let answer = try subscribeCall(["feed_url": address], address)
        switch answer.code {
        case 0, 1:
            guard let id = answer.feedID, let feed = try feeds().first(where: { $0.serverID == String(id) }),
                  let feedURL = URL(string: feed.url) else {
                throw .protocolViolation("TT-RSS subscribed \(address) without listing the feed")
            }
            if answer.code == 1 { Self.discoveredSubscriptions.withLock { _ = $0.insert(discoveredKey(id)) } }
            return [FeedCandidate(url: feedURL, title: feed.title, type: "application/rss+xml")]
        case 3:
            return []
        case 4:
            return answer.feeds.compactMap { found in
                URL(string: found.url).map { FeedCandidate(url: $0, title: found.title.isEmpty ? nil : found.title, type: "application/rss+xml") }
            }
        case 6:
            throw .rejected("TT-RSS could not find the feed at \(address): it reads a page that links to exactly one feed as if it were "
                            + "the feed (code 6" + (answer.message.isEmpty ? "" : ", \(answer.message.prefix(120))")
                            + "); give the feed's own address, or add it without --on-server")
        default:
            throw Self.subscribeRefusal(answer, address)
        }
    }
}
