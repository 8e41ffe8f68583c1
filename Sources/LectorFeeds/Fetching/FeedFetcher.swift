import FoundationEssentials
import LectorHTTP

/// Credentials sent with one feed's requests, and only to that feed's host.
public struct FeedCredentials: Sendable, Equatable {
    public enum Scheme: Sendable, Equatable {
        case basic(user: String, password: String)
        case bearer(String)
    }

    public let scheme: Scheme
    /// The user consented (--allow-insecure, stored with the feed) to sending them over plain http.
    public var plainHTTPConsented = false

    public static func basic(user: String, password: String, plainHTTPConsented: Bool = false) -> FeedCredentials {
        FeedCredentials(scheme: .basic(user: user, password: password), plainHTTPConsented: plainHTTPConsented)
    }

    public static func bearer(_ token: String, plainHTTPConsented: Bool = false) -> FeedCredentials {
        FeedCredentials(scheme: .bearer(token), plainHTTPConsented: plainHTTPConsented)
    }

    public var header: String {
        switch scheme {
        case .basic(let user, let password): "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        case .bearer(let token): "Bearer \(token)"
        }
    }

    /// Puts the credentials on `request`, with the consent the client checks for plain http.
    public func apply(to request: inout HTTPRequest) {
        request.headers["Authorization"] = header
        request.plainHTTPConsented = plainHTTPConsented
    }
}

/// What a fetch found.
public enum FetchOutcome: Sendable, Equatable {
    /// The server said 304, or sent the same bytes as last time.
    case unchanged
    /// A new version of the feed.
    case updated(ParsedFeed)
    /// Backoff or the polling floor says not yet (automatic runs only).
    case skipped(until: Double)
}

/// Why a fetch failed.
public enum FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No HTTP response: the typed cause, so that a caller can advise on it (plain http for a
    /// TLS port that got no handshake, never for a certificate that is not trusted).
    case network(HTTPError)
    /// 401/403: the feed needs (other) credentials.
    case authentication(String)
    case http(status: Int, String)
    case parse(FeedParseError)
    /// The request was cancelled (Ctrl-C): it says nothing about the feed.
    case cancelled(String)

    public var description: String {
        switch self {
        case .network(let error): error.message
        case .authentication(let message), .cancelled(let message): message
        case .http(let status, let url): "\(url) answered HTTP \(status)"
        case .parse(let error): error.message
        }
    }
}

/// Fetches feeds the polite way: conditional requests (ETag, If-Modified-Since), a body hash
/// to skip unchanged bodies from servers without validators, per-feed exponential backoff with
/// jitter, and Retry-After honoured with a floor. Returns the new state either way.
public struct FeedFetcher: Sendable {
    let http: HTTPClient

    public init(http: HTTPClient) {
        self.http = http
    }

    /// Fetches `url`. `manual` fetches even inside backoff: a fetch the user asks for is never throttled.
    /// `userAgent`: the feed's own (`feed set FEED user-agent`), instead of Lector's.
    public func fetch(_ url: URL, state: FetchState, credentials: FeedCredentials? = nil, userAgent: String? = nil, manual: Bool,
                      now: Date = Date()) -> (outcome: Result<FetchOutcome, FetchError>, state: FetchState) {
        let time = now.timeIntervalSince1970
        if !manual, let next = state.nextFetchAt, next > time { return (.success(.skipped(until: next)), state) }
        var request = HTTPRequest.get(url)
        request.headers["Accept"] = "application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, */*;q=0.8"
        if let etag = state.etag { request.headers["If-None-Match"] = etag }
        if let lastModified = state.lastModified { request.headers["If-Modified-Since"] = lastModified }
        if let userAgent { request.headers["User-Agent"] = userAgent }
        // The client never forwards Authorization to another host on a redirect.
        credentials?.apply(to: &request)
        var next = state
        let response: HTTPResponse
        do { response = try http.sendAndWait(request) } catch {
            // Neither a failure nor a reason to wait: the feed was not asked at all.
            if case .cancelled = error { return (.failure(.cancelled(error.message)), state) }
            return failed(.network(error), state: state, now: time, retryAfter: nil)
        }
        next.movedTo = response.permanentRedirect?.absoluteString
        if response.status == 304 {
            next.failureCount = 0
            next.lastError = nil
            next.nextFetchAt = time + FetchPolicy.floor
            return (.success(.unchanged), next)
        }
        switch response.status {
        case 200..<300: break
        case 401, 403:
            return failed(.authentication("\(url.host ?? "the server") refused access to \(url.absoluteString) (HTTP \(response.status)): check the feed's login"),
                          state: state, now: time, retryAfter: nil)
        default:
            let retryAfter = response.retryAfter().map { Double($0.components.seconds) }
            return failed(.http(status: response.status, url.absoluteString), state: state, now: time, retryAfter: retryAfter)
        }
        next.etag = response.headers["ETag"]
        next.lastModified = response.headers["Last-Modified"]
        next.failureCount = 0
        next.lastError = nil
        next.nextFetchAt = time + FetchPolicy.floor
        let hash = ArticleIdentity.sha256Hex(response.body)
        next.bodyHash = hash
        if hash == state.bodyHash { return (.success(.unchanged), next) }
        do {
            let feed = try FeedParser.parse(response.body, url: response.url, contentType: response.headers["Content-Type"])
            return (.success(.updated(feed)), next)
        } catch {
            // A broken body is not a new version: keep the old hash so the next good one counts.
            var failure = failed(.parse(error), state: state, now: time, retryAfter: nil)
            failure.state.movedTo = next.movedTo
            if !FeedParser.looksLikeFeed(response.body) {
                failure.state.pageCandidates = FeedDiscovery.candidates(inHTML: response.body, pageURL: response.url).map { HTTPOrigin.withoutUserInfo($0.url).absoluteString }
            }
            return failure
        }
    }

    private func failed(_ error: FetchError, state: FetchState, now: Double,
                        retryAfter: Double?) -> (outcome: Result<FetchOutcome, FetchError>, state: FetchState) {
        var next = state
        next.failureCount += 1
        next.lastError = error.description
        // A server's Retry-After is stretched to the floor and cut to the backoff ceiling (24 h).
        let wait = retryAfter.map { min(max($0, FetchPolicy.retryAfterFloor), FetchPolicy.maximumBackoff) }
            ?? FetchPolicy.backoff(failures: next.failureCount)
        next.nextFetchAt = now + wait
        return (.failure(error), next)
    }
}
