import FoundationEssentials

/// A feed advertised by an HTML page.
public struct FeedCandidate: Sendable, Equatable, Hashable {
    /// Absolute feed URL.
    public var url: URL
    /// The link's title attribute, if any.
    public var title: String?
    /// The advertised MIME type (lower-cased).
    public var type: String

    /// Creates a candidate.
    public init(url: URL, title: String?, type: String) {
        self.url = url
        self.title = title
        self.type = type
    }
}
