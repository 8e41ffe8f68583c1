import FoundationEssentials

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
    /// Whether 3xx answers are followed (false: the 3xx itself is returned).
    public var followRedirects: Bool

    /// Creates a request; `timeout` overrides the client's overall deadline.
    public init(method: String = "GET", url: URL, headers: HTTPHeaders = [:], body: Data? = nil,
                timeout: Duration? = nil, followRedirects: Bool = true) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.followRedirects = followRedirects
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
