import FoundationEssentials
import LectorBasics
import LectorStore

/// How bad a finding is; the check's table is sorted by it, worst first.
public enum HealthSeverity: Int, Sendable, Comparable, CaseIterable {
    case ok = 0, info, warning, error

    public var name: String {
        switch self {
        case .ok: "ok"
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        }
    }

    public static func < (lhs: HealthSeverity, rhs: HealthSeverity) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Why a check calls a feed gone, decided from what the server answered (its status code), never
/// from the text of an error; `description` is how it is shown.
public enum GoneReason: Sendable, Equatable, CustomStringConvertible {
    /// 410 Gone: the server says the feed was removed for good; gone at the first look.
    case removed(message: String?)
    /// `status` (404) over `checks` checks in a row.
    case notFound(status: Int, message: String?, checks: Int)
    /// The host name no longer resolves while other hosts answer.
    case unresolvable(message: String?)

    public var description: String {
        switch self {
        case .removed(let message): message ?? "HTTP 410 Gone"
        case .notFound(let status, let message, let checks): "\(message ?? "HTTP \(status)") (\(checks) checks in a row)"
        case .unresolvable(let message): message ?? "the host name does not resolve"
        }
    }
}

/// One thing a check found about a feed.
public enum HealthFinding: Sendable, Equatable {
    /// 404 over several checks, a 410 at once, or the host name does not resolve while other hosts answer.
    case gone(GoneReason)
    /// The fetch fails (not yet "gone"); `checks` failures in a row.
    case failing(reason: String, checks: Int)
    /// A permanent redirect (301/308): the feed lives at `to` now.
    case moved(to: URL)
    /// The address answers a web page, not a feed; discovery's candidates on that page.
    case notAFeed(candidates: [URL])
    /// No new entry for longer than `feed.stale-after`; `newest` is the newest entry's date.
    case stale(newest: Double?)
    /// The same canonical feed is subscribed elsewhere too ("account / folder / title").
    case duplicate(of: [String])
    /// The service's own fetcher reports errors (Miniflux parsing errors).
    case serverReports(ServerFeedError)
    /// The feed is paused (`feed pause`): not fetched until resumed.
    case paused

    public var severity: HealthSeverity {
        switch self {
        case .gone, .notAFeed: .error
        case .failing(_, let checks): checks >= 3 ? .error : .warning
        case .moved, .duplicate, .serverReports: .warning
        case .stale, .paused: .info
        }
    }

    /// The finding's name in JSON.
    public var kind: String {
        switch self {
        case .gone: "gone"
        case .failing: "failing"
        case .moved: "moved"
        case .notAFeed: "not-a-feed"
        case .stale: "stale"
        case .duplicate: "duplicate"
        case .serverReports: "server-error"
        case .paused: "paused"
        }
    }
}

/// The health of one subscription.
public struct FeedHealth: Sendable, Equatable {
    public var feed: Feed
    public var account: Account
    public var folderName: String?
    /// The last fetch that worked (a sync's or a check's), seconds since 1970.
    public var lastSuccessAt: Double?
    /// The last error and since when the feed has been failing.
    public var lastError: String?
    public var failingSince: Double?
    /// False when the feed's server asked (Retry-After) not to be asked again yet: the findings
    /// then come from the last fetch or check.
    public var requested: Bool
    public var findings: [HealthFinding]

    public var severity: HealthSeverity { findings.map(\.severity).max() ?? .ok }
}
