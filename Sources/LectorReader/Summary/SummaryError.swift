import LectorHTTP

/// Why no complete summary came back. An `.incomplete` summary must not be cached.
public enum SummaryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Summaries are not set up: `setting` (e.g. `summary.provider`) needs a value; `reason` says why.
    case notConfigured(setting: String, reason: String)
    /// The endpoint refused the key (HTTP 401 or 403).
    case authentication(status: Int)
    /// No answer arrived: the connection failed, timed out or was refused.
    case network(HTTPError)
    /// The endpoint answered with an error status; `message` comes from its JSON error body.
    case server(status: Int, message: String)
    /// The stream broke off after `partial` had arrived; `reason` says how.
    case incomplete(partial: String, reason: String)
    /// The response grew past the body cap (in bytes).
    case tooLarge(limit: Int)

    /// The text that arrived before the failure (empty unless `.incomplete`).
    public var partialText: String {
        if case .incomplete(let partial, _) = self { return partial }
        return ""
    }

    /// One line a user can act on; never the key, the prompt or the partial text.
    public var message: String {
        switch self {
        case .notConfigured(let setting, let reason):
            return "Summaries are not set up: \(reason). Set it with `settings set \(setting) VALUE`."
        case .authentication(let status):
            return "The summary endpoint refused the API key (HTTP \(status)). Store a valid key for it in the keyring."
        case .network(let error):
            return error.message
        case .server(let status, let message):
            let detail = message.isEmpty ? "" : ": \(message)"
            return "The summary endpoint answered HTTP \(status)\(detail)."
        case .incomplete(_, let reason):
            return "The summary is incomplete: \(reason). The text shown so far was not saved; try again."
        case .tooLarge(let limit):
            return "The summary response grew past the \(limit)-byte limit and was stopped."
        }
    }

    /// Same as `message`.
    public var description: String { message }
}
