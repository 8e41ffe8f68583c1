/// A status as people read it: "HTTP 410 Gone", "HTTP 503 Service Unavailable" (RFC 9110's
/// reason phrases for the statuses a feed server answers with; the bare number for the rest).
public enum HTTPStatusText {
    public static func named(_ status: Int) -> String {
        reasons[status].map { "HTTP \(status) \($0)" } ?? "HTTP \(status)"
    }

    private static let reasons: [Int: String] = [
        400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
        406: "Not Acceptable", 408: "Request Timeout", 410: "Gone", 429: "Too Many Requests",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
    ]
}
