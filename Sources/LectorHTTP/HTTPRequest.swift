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
    /// Marks a secret the headers do not show (a password or API key in the body or query).
    /// Credential headers and a password in the URL count without it (see `sendsSecret`).
    public var carriesSecret = false
    /// The user consented to sending this request's secret over plain http to its host
    /// (`--allow-insecure`, stored with the account or feed). See `PlainHTTPRule`.
    public var plainHTTPConsented = false

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

    /// Whether this request carries a secret: marked by the caller, or a credential header, or a
    /// password in the URL.
    public var sendsSecret: Bool {
        carriesSecret || url.password != nil || RedirectPolicy.credentialHeaders.contains { headers[$0] != nil }
    }

    /// The host this request goes to, for messages ("?" when the URL has none).
    public var host: String { url.host ?? "?" }
}
