import Foundation

/// One HTTP request as the app describes it; the client adds User-Agent and enforces limits.
public struct HTTPRequest: Sendable, Equatable {
    /// The HTTP method, e.g. "GET" or "POST".
    public var method: String
    /// The absolute http(s) URL to request.
    public var url: URL
    /// Header fields sent as given (the client never logs them).
    public var headers: HTTPHeaders
    /// The request body, or nil for none.
    public var body: Data?
    /// Overall deadline for this request; nil uses the client's default.
    public var timeout: Duration?

    /// Creates a request; `timeout` overrides the client's overall deadline.
    public init(method: String = "GET", url: URL, headers: HTTPHeaders = [:], body: Data? = nil,
                timeout: Duration? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// A GET request for `url`.
    public static func get(_ url: URL, headers: HTTPHeaders = [:]) -> HTTPRequest {
        HTTPRequest(method: "GET", url: url, headers: headers)
    }

    /// A POST of an `application/x-www-form-urlencoded` body built from ordered fields.
    public static func postForm(_ url: URL, fields: [(String, String)], headers: HTTPHeaders = [:]) -> HTTPRequest {
        var request = HTTPRequest(method: "POST", url: url, headers: headers, body: Data(FormEncoding.encode(fields).utf8))
        request.headers["Content-Type"] = "application/x-www-form-urlencoded"
        return request
    }

    /// The host this request goes to, for messages ("?" when the URL has none).
    public var host: String { url.host ?? "?" }
}

/// Encodes `application/x-www-form-urlencoded` bodies.
public enum FormEncoding {
    private static let unreserved = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Percent-encodes one form component (everything but unreserved characters).
    public static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// Joins ordered fields as `k=v&k=v`, keys may repeat.
    public static func encode(_ fields: [(String, String)]) -> String {
        fields.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }
}
