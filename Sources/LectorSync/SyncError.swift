/// Why a sync or an administration call failed, phrased for the person at the terminal.
public enum SyncError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server rejected the credential.
    case authentication(String)
    /// The server could not be reached, or the connection broke.
    case network(String)
    /// The server asked us to wait (429/503 with Retry-After), in seconds.
    case rateLimited(retryAfter: Double?, String)
    /// The server answered, but not in a way this provider understands.
    case protocolViolation(String)
    /// The service cannot do this (e.g. Fever has no structure editing).
    case unsupported(String)
    /// The server refused the request (unknown feed, already subscribed, …).
    case rejected(String)
    /// The local store failed.
    case store(String)

    public var description: String {
        switch self {
        case .authentication(let message), .network(let message), .protocolViolation(let message),
             .unsupported(let message), .rejected(let message), .store(let message):
            message
        case .rateLimited(let retryAfter, let message):
            retryAfter.map { "\(message) (the server asks to wait \(Int($0)) s)" } ?? message
        }
    }

    /// True when trying again later may succeed without the user changing anything.
    public var isTransient: Bool {
        switch self {
        case .network, .rateLimited: true
        default: false
        }
    }
}
