/// Lector's exit codes: the one table of error kinds. Stable: scripts depend on them; docs/exit-codes.md,
/// `lector help` and the man page show this table (a test compares docs/exit-codes.md with it), and
/// `--json` failure records name the kind by `name`.
public enum ExitStatus: Int32, CaseIterable, Sendable {
    case ok = 0
    case failure = 1
    case usage = 2
    case notFound = 3
    case conflict = 4
    case authentication = 5
    case network = 6
    case partial = 7
    case interrupted = 130

    /// One line for help and docs.
    public var meaning: String {
        switch self {
        case .ok: "success"
        case .failure: "failure (anything not covered below: a store error, bad input file, …)"
        case .usage: "usage error: unknown command or option, missing or malformed argument"
        case .notFound: "not found: no such account, feed, folder, article or setting, or no such API at the address given"
        case .conflict: "conflict: the thing already exists, or the change clashes with current state"
        case .authentication: "authentication or keyring failure: wrong password, no Secret Service, locked keyring, a login refused over plain http"
        case .network: "network failure: the server could not be reached or answered with an error"
        case .partial: "partly done: some of the work succeeded and some failed (sync, opml import, feed apply, account copy); the failures are listed"
        case .interrupted: "interrupted by Ctrl-C"
        }
    }

    /// The kind's stable name in JSON (`"kind": "network"`).
    public var name: String {
        switch self {
        case .ok: "ok"
        case .failure: "failure"
        case .usage: "usage"
        case .notFound: "not-found"
        case .conflict: "conflict"
        case .authentication: "authentication"
        case .network: "network"
        case .partial: "partial"
        case .interrupted: "interrupted"
        }
    }
}
