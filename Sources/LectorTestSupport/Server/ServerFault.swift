/// Misbehaviour the loopback server can be told to show, for testing clients under failure.
public enum ServerFault: Sendable {
    /// Read the request, then close the connection without answering.
    case dropConnection
    /// Let the handler act on a request whose path ends with `pathSuffix`, then close the
    /// connection without answering: a change the server made whose answer was lost.
    case loseAnswer(pathSuffix: String)
    /// Wait this long before answering.
    case delay(Duration)
    /// Send the body `chunkBytes` at a time with `interval` between chunks.
    case trickle(chunkBytes: Int, interval: Duration)
    /// Answer with this status, headers and body instead of asking the handler.
    case respond(status: Int, headers: [(name: String, value: String)] = [], body: String = "")
    /// Replace the body with `bytes` bytes; without a declared length the body ends at close.
    case oversizedBody(bytes: Int, declareLength: Bool)
    /// Remove the Authorization header before the handler (and the log) see the request,
    /// like a reverse proxy in front of FreshRSS that drops it.
    case stripAuthorization

    /// A 429 with `Retry-After: <seconds>`.
    public static func tooManyRequests(retryAfter: String) -> ServerFault {
        .respond(status: 429, headers: [(name: "Retry-After", value: retryAfter)], body: "Too Many Requests")
    }
}

/// The faults in force, each with how many more requests it applies to (nil = until cleared).
struct FaultSchedule {
    private var entries: [(fault: ServerFault, remaining: Int?)] = []

    mutating func add(_ fault: ServerFault, count: Int?) {
        entries.append((fault, count))
    }

    mutating func clear() { entries.removeAll() }

    /// The faults for the next request; counted faults are used up.
    mutating func next() -> [ServerFault] {
        let current = entries.map(\.fault)
        entries = entries.compactMap { entry in
            guard let remaining = entry.remaining else { return entry }
            return remaining > 1 ? (entry.fault, remaining - 1) : nil
        }
        return current
    }
}
