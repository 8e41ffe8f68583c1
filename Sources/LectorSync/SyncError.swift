import LectorHTTP
import LectorStore

/// Why a sync or an administration call failed, phrased for the person at the terminal.
public enum SyncError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server rejected the credential.
    case authentication(String)
    /// The server answered 5xx: it failed at `doing`; trying again later may succeed.
    case serverFailed(host: String, status: Int, doing: String)
    /// Fever answered a star or unstar without applying it to `count` items (its saved flag
    /// toggles; another client may have changed it meanwhile): the change stays queued.
    case marksUnconfirmed(count: Int, starred: Bool)
    /// The request got no HTTP response (refused, timed out, a failed TLS handshake or an
    /// untrusted certificate): the typed cause, so that the CLI can advise on it.
    case transport(HTTPError)
    /// The server asked us to wait (429/503 with Retry-After), in seconds.
    case rateLimited(retryAfter: Double?, String)
    /// The server answered, but not in a way this provider understands.
    case protocolViolation(String)
    /// The service cannot do this (e.g. Fever has no structure editing).
    case unsupported(String)
    /// The server refused the request (unknown feed, already subscribed, …).
    case rejected(String)
    /// The server took the change but kept some of what was to go, as reading it back showed
    /// (FreshRSS: lines of a feed's list that its API cannot remove).
    case kept(String)
    /// The local store failed; the typed cause is kept so the CLI can name it (a full disk, a
    /// busy store) and pick the exit code from it.
    case store(StoreError)
    /// Another Lector process is syncing this account and did not finish within the wait.
    case alreadySyncing(account: String, pid: Int32)

    public var description: String {
        switch self {
        case .serverFailed(let host, let status, let doing):
            "\(host) failed (\(doing): HTTP \(status)); try again later"
        case .marksUnconfirmed(let count, let starred):
            "the server did not confirm the \(starred ? "star" : "unstar") of \(count) item(s) (Fever's saved flag may toggle, or another client changed it meanwhile): it will be sent again on the next sync"
        case .authentication(let message), .protocolViolation(let message),
             .unsupported(let message), .rejected(let message), .kept(let message):
            message
        case .transport(let error):
            error.message
        case .store(let error):
            error.description
        case .rateLimited(let retryAfter, let message):
            retryAfter.map { "\(message) (the server asks to wait \(Int($0)) s)" } ?? message
        case .alreadySyncing(let account, let pid):
            "already syncing: another Lector process (pid \(pid)) is syncing '\(account)'; your changes stay queued for the next sync"
        }
    }

    /// True when trying again later may succeed without the user changing anything.
    public var isTransient: Bool {
        switch self {
        case .serverFailed, .marksUnconfirmed, .transport, .rateLimited, .alreadySyncing: true
        default: false
        }
    }

    /// True when a write that failed this way may still have been applied by the server: it
    /// refused a repeat of a change made already, or its answer broke or came back unreadable.
    /// A rate limit or a rejected login is an answer given before anything was done.
    public var mayHideAnAppliedChange: Bool {
        switch self {
        case .rejected, .serverFailed, .protocolViolation: true
        // Only a request that reached the server: not one refused at connect, unresolved, stopped
        // at the TLS handshake — nor one the user cancelled, after which nothing more is asked.
        case .transport(let cause):
            switch cause {
            case .timedOut, .connectionLost, .bodyTooLarge, .badResponse, .tooManyRedirects: true
            case .invalidURL, .cannotConnect, .offline, .tls, .cancelled, .insecureSecret, .libraryMissing: false
            }
        case .authentication, .rateLimited, .unsupported, .store, .alreadySyncing, .marksUnconfirmed, .kept: false
        }
    }

    /// Wraps whatever a store write threw while syncing, keeping a StoreError (or a SQLite
    /// error) typed and passing a SyncError on unchanged, also from inside a write.
    public static func storing(_ error: any Error) -> SyncError {
        switch StoreError.unwrapped(error) {
        case let error as SyncError: error
        case let error as StoreError: .store(error)
        default: .store(.failed("\(error)"))
        }
    }
}
