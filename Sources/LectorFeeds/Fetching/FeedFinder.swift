import FoundationEssentials
import LectorHTTP

/// Finding the feeds behind a URL the user typed: the URL itself when it is a feed, else the
/// page's `<link rel="alternate">` feeds, else its feed-looking links, else the well-known
/// paths at the site root and the page's folder (redirects there are ignored: they usually
/// land on the home page).
public struct FeedFinder: Sendable {
    let http: HTTPClient

    public init(http: HTTPClient) {
        self.http = http
    }

    /// A candidate and, when it was fetched to check it, its parsed feed and what the fetch
    /// taught about the server (validators, body hash) so the first sync can be conditional.
    public struct Found: Sendable, Equatable {
        public var candidate: FeedCandidate
        public var feed: ParsedFeed?
        public var fetchState: FetchState?

        /// A candidate found elsewhere (a server's own discovery): not fetched here.
        public init(candidate: FeedCandidate, feed: ParsedFeed? = nil, fetchState: FetchState? = nil) {
            self.candidate = candidate
            self.feed = feed
            self.fetchState = fetchState
        }
    }

    public func find(_ url: URL, credentials: FeedCredentials? = nil) throws(FetchError) -> [Found] {
        let page = try get(url, credentials: credentials)
        if FeedParser.looksLikeFeed(page.body) {
            let feed = try parse(page)
            return [Found(candidate: FeedCandidate(url: page.url, title: feed.title, type: feed.format.rawValue), feed: feed,
                          fetchState: Self.state(after: page))]
        }
        let declared = FeedDiscovery.candidates(inHTML: page.body, pageURL: page.url)
        if !declared.isEmpty { return declared.map { Found(candidate: $0, feed: nil, fetchState: nil) } }
        var found: [Found] = []
        var tried = Set<String>()
        for candidate in FeedDiscovery.anchorCandidates(inHTML: page.body, pageURL: page.url) + FeedDiscovery.probeURLs(for: page.url) {
            guard tried.insert(candidate.absoluteString).inserted, found.count < 10 else { continue }
            // Guessed addresses: most do not exist or are not feeds. One that fails is skipped, not an error.
            guard let response = try? get(candidate, credentials: nil), response.url == candidate,
                  FeedParser.looksLikeFeed(response.body), let feed = try? parse(response) else { continue }
            found.append(Found(candidate: FeedCandidate(url: candidate, title: feed.title, type: feed.format.rawValue), feed: feed,
                               fetchState: Self.state(after: response)))
        }
        return found
    }

    /// Fetches and parses one feed URL (the check before subscribing).
    public func load(_ url: URL, credentials: FeedCredentials? = nil) throws(FetchError) -> Found {
        let response = try get(url, credentials: credentials)
        let feed = try parse(response)
        return Found(candidate: FeedCandidate(url: response.url, title: feed.title, type: feed.format.rawValue), feed: feed,
                     fetchState: Self.state(after: response))
    }

    /// The fetch state a successful response leaves behind.
    static func state(after response: HTTPResponse) -> FetchState {
        FetchState(etag: response.headers["ETag"], lastModified: response.headers["Last-Modified"],
                   bodyHash: ArticleIdentity.sha256Hex(response.body),
                   nextFetchAt: Date().timeIntervalSince1970 + FetchPolicy.floor)
    }

    private func get(_ url: URL, credentials: FeedCredentials?) throws(FetchError) -> HTTPResponse {
        var request = HTTPRequest.get(url)
        credentials?.apply(to: &request)
        let response: HTTPResponse
        do { response = try http.sendAndWait(request) } catch { throw .network(error) }
        switch response.status {
        case 200..<300: return response
        case 401, 403: throw .authentication("\(url.host ?? "the server") refused access to \(url.absoluteString) (HTTP \(response.status))")
        default: throw .http(status: response.status, url.absoluteString)
        }
    }

    private func parse(_ response: HTTPResponse) throws(FetchError) -> ParsedFeed {
        do { return try FeedParser.parse(response.body, url: response.url, contentType: response.headers["Content-Type"]) }
        catch { throw .parse(error) }
    }
}
