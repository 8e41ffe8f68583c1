import FoundationEssentials

/// A complete HTTP response; any status (including 304 and 4xx/5xx) arrives here, not as an error.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code, e.g. 200 or 304.
    public var status: Int
    /// Response header fields with case-insensitive lookup.
    public var headers: HTTPHeaders
    /// The body (empty for 304 and HEAD).
    public var body: Data
    /// The URL that produced this response, after redirects.
    public var url: URL
    /// Where the redirects followed led when every one of them was permanent (301/308): the
    /// resource lives there now. Nil without redirects, or when one was temporary.
    public var permanentRedirect: URL?

    /// Creates a response value.
    public init(status: Int, headers: HTTPHeaders, body: Data, url: URL, permanentRedirect: URL? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.permanentRedirect = permanentRedirect
    }

    /// True for 2xx statuses.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// True for 304 Not Modified.
    public var isNotModified: Bool { status == 304 }

    /// The body decoded as UTF-8 (lossy).
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The delay a 429/503 asks for through `Retry-After`, if present and valid.
    public func retryAfter(now: Date = Date()) -> Duration? {
        headers["Retry-After"].flatMap { RetryAfter.parse($0, now: now) }
    }

    /// The validators to send next time to get a 304 when nothing changed.
    public var validators: HTTPValidators {
        HTTPValidators(etag: headers["ETag"], lastModified: headers["Last-Modified"])
    }
}
