import LectorAccounts
import LectorFeeds

/// What a command that does many things (a sync of several accounts and feeds, an OPML import)
/// reports per item, so a script can trust it: each failure with its feed, its cause and the kind
/// of error (an `ExitStatus` name), and one exit status for the whole run.
struct FailureJSON: Encodable, Sendable, Equatable {
    /// The feed's title, or null when the failure is not about one feed (an account's login).
    let feed: String?
    /// The feed's address, when the failure is about one feed.
    let url: String?
    /// One sanitised line saying why.
    let cause: String
    /// The error kind: `network`, `not-found`, `authentication`, `usage`, `failure`, …
    let kind: String
    /// The exit code of that kind.
    let exitCode: Int32

    init(feed: String?, url: String?, cause: String, status: ExitStatus) {
        self.feed = feed
        self.url = url
        self.cause = TerminalText.sanitize(cause)
        self.kind = status.name
        self.exitCode = status.rawValue
    }

    init(feed: String?, url: String?, error: CLIError) {
        self.init(feed: feed, url: url, cause: error.description, status: error.exitStatus)
    }

    enum CodingKeys: String, CodingKey {
        case feed, url, cause, kind
        case exitCode = "exit_code"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(feed, forKey: .feed)
        try container.encode(url, forKey: .url)
        try container.encode(cause, forKey: .cause)
        try container.encode(kind, forKey: .kind)
        try container.encode(exitCode, forKey: .exitCode)
    }

    /// A feed a sync could not fetch, or an account it could not sync.
    init(_ failure: SyncFailure) {
        let error: CLIError = switch failure.cause {
        case .fetch(let cause): CLIError(cause)
        case .notAWebAddress: .usage("'\(failure.url ?? "")' is not a web address")
        case .account(let cause): CLIError(cause)
        }
        self.init(feed: failure.feed, url: failure.url, error: error)
    }
}

/// The outcome of one item of a run (an account of a sync, a feed of an import): the core's.
typealias Outcome = RunOutcome

enum RunStatus {
    /// The exit status of a run: 0 when nothing failed; the failures' own kind when everything
    /// that ran failed the same way; `partial` (7) when some work succeeded or kinds differ.
    static func of(outcomes: [Outcome], failures: [FailureJSON]) -> ExitStatus {
        guard !failures.isEmpty else { return .ok }
        let ran = outcomes.filter { $0 != .skipped }
        let kinds = Set(failures.map(\.exitCode))
        if ran.allSatisfy({ $0 == .failed }), kinds.count == 1, let code = kinds.first, let status = ExitStatus(rawValue: code) {
            return status
        }
        return .partial
    }
}
