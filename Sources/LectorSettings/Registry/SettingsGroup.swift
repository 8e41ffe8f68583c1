/// The preference groups, in the order they are documented and exported.
public enum SettingsGroup: String, CaseIterable, Sendable, Codable {
    case sync, list, reader, appearance, dock, swipe, keys, summary, network, feed, mcp

    /// One line saying what the group holds, for docs and `settings list`.
    public var summary: String {
        switch self {
        case .sync: return "When and how much to synchronise."
        case .list: return "How article lists are sorted, filtered and laid out."
        case .reader: return "Typography and behaviour of the article reader."
        case .appearance: return "Colour theme."
        case .dock: return "The ordered actions of the reader dock."
        case .swipe: return "Actions on the leading and trailing swipe edges of an article row."
        case .keys: return "The keys of `lector browse`, one per action."
        case .summary: return "The AI summary provider, endpoint, model and prompt."
        case .network: return "How long a request to a feed or a server may take."
        case .feed: return "What `feed check` counts as unhealthy."
        case .mcp: return "What `lector mcp` lets an AI agent do."
        }
    }
}
