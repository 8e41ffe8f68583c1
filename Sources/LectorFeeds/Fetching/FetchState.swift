import FoundationEssentials
import Glibc

/// What Lector remembers about fetching one feed, to be polite to its server: validators for
/// conditional requests, a hash of the last body for servers without validators, and backoff.
public struct FetchState: Sendable, Equatable {
    public var etag: String?
    public var lastModified: String?
    public var bodyHash: String?
    /// Not before this time (seconds since 1970), unless the user asks.
    public var nextFetchAt: Double?
    public var failureCount: Int
    public var lastError: String?
    /// What this fetch met that is worth a health finding, not remembered between fetches: where
    /// permanent redirects led, and the feeds on a web page answered instead of the feed.
    public var movedTo: String?
    public var pageCandidates: [String]?

    public init(etag: String? = nil, lastModified: String? = nil, bodyHash: String? = nil, nextFetchAt: Double? = nil,
                failureCount: Int = 0, lastError: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
        self.bodyHash = bodyHash
        self.nextFetchAt = nextFetchAt
        self.failureCount = failureCount
        self.lastError = lastError
    }
}

/// The politeness rules, in one place.
public enum FetchPolicy {
    /// Automatic fetches of a feed never repeat inside this window.
    public static let floor: Double = 15 * 60
    /// A Retry-After shorter than this is stretched to it.
    public static let retryAfterFloor: Double = 5 * 60
    /// Backoff never waits longer than this.
    public static let maximumBackoff: Double = 24 * 3_600

    /// Exponential backoff with ±20 % jitter after `failures` consecutive failures, so a fleet
    /// of clients does not return to a struggling server in step.
    public static func backoff(failures: Int, jitter: Double = Double.random(in: 0.8...1.2)) -> Double {
        let exponent = Double(min(failures, 12))
        return min(floor * pow(2, exponent - 1), maximumBackoff) * jitter
    }
}
