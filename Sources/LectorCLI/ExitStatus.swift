/// Lector's exit codes. Stable: scripts depend on them; documented in the README and the man page.
public enum ExitStatus: Int32, CaseIterable, Sendable {
    case ok = 0
    case failure = 1
    case usage = 2
    case notFound = 3
    case conflict = 4
    case authentication = 5
    case network = 6
    case interrupted = 130

    /// One line for help and docs.
    public var meaning: String {
        switch self {
        case .ok: "success"
        case .failure: "failure (anything not covered below: a store error, bad input file, …)"
        case .usage: "usage error: unknown command or option, missing or malformed argument"
        case .notFound: "not found: no such account, feed, folder, article or setting"
        case .conflict: "conflict: the thing already exists, or the change clashes with current state"
        case .authentication: "authentication or keyring failure: wrong password, no Secret Service, locked keyring"
        case .network: "network failure: the server could not be reached or answered with an error"
        case .interrupted: "interrupted by Ctrl-C"
        }
    }
}
