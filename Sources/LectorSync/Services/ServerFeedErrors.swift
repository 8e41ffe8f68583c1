import FoundationEssentials
import LectorBasics

/// What a service's own fetcher says about a feed, where its API tells.
public struct ServerFeedError: Sendable, Equatable {
    public var message: String
    /// Failed fetches in a row, as the server counts them.
    public var count: Int

    public init(message: String, count: Int) {
        self.message = message
        self.count = count
    }
}

// A provider whose API exposes its fetcher's errors per feed says so in its capabilities
// (`reportsFeedErrors`: Miniflux's parsing_error_count) and plays `FeedErrorReporting`.
// FreshRSS keeps an error flag too, but its Google Reader API does not expose it.
