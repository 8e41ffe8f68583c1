import LectorBasics

/// Addresses a server sends are held to the rule typed ones are (`WebAddressRule`) before the
/// store sees them: a feed whose address fails (`file:`, `javascript:`, `feed:`, a login in it)
/// is kept out — nothing of it is stored, so nothing later fetches, copies or exports it — and a
/// site address that fails is dropped from its feed. Each is said in one line.
public enum ServerAddresses {
    public static func checked(_ structure: RemoteStructure) -> (structure: RemoteStructure, keptOut: [String]) {
        var checked = structure
        var lines: [String] = []
        checked.feeds = structure.feeds.compactMap { feed in
            var feed = feed
            if let problem = WebAddressRule.problem(feed.url) {
                lines.append("feed '\(feed.title)' kept out: the address the server sent for it is not one Lector keeps (\(problem))")
                return nil
            }
            // An empty one is no address (older syncs stored it; a backup leaves it out).
            if let site = feed.siteURL, !site.isEmpty, let problem = WebAddressRule.problem(site) {
                lines.append("feed '\(feed.title)': the site address the server sent was left out (\(problem))")
                feed.siteURL = nil
            }
            return feed
        }
        return (checked, lines)
    }
}
