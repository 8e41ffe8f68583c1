import FoundationEssentials
import LectorBasics
import LectorFeeds
import LectorHTTP

/// What one polite request (conditional, redirects followed hop by hop so a permanent one is
/// seen) found at a feed's address.
public struct FeedProbe: Sendable, Equatable, Codable {
    public enum Result: String, Sendable, Codable {
        /// `gone`: 404, nothing at the address (it may come back: gone only after several checks);
        /// `removed`: 410, the server says the feed was taken away for good (gone at once).
        case feed, notModified, page, unreadable, gone, removed, httpError, unresolvable, networkError
    }

    public var result: Result
    /// The HTTP status of the last hop, when there was one.
    public var status: Int?
    /// Where the redirects that were all permanent (301/308) lead, when there were any.
    public var movedTo: String?
    /// The newest entry's date in the feed, when it was fetched and parsed.
    public var newest: Double?
    /// Feed candidates on the web page found instead of a feed.
    public var candidates: [String]
    public var message: String?
    /// Seconds the server asked not to be asked again (Retry-After on a 429 or 503), stretched
    /// to the fetch policy's floor and cut to its ceiling.
    public var retryAfter: Double?
    /// Requests made (one per hop).
    public var requests: Int

    /// Requests the feed at `url` with the validators of its last fetch.
    static func run(_ url: URL, etag: String?, lastModified: String?, credentials: FeedCredentials?, http: HTTPClient) -> FeedProbe {
        var probe = FeedProbe(result: .networkError, status: nil, movedTo: nil, newest: nil, candidates: [], message: nil, retryAfter: nil, requests: 0)
        var current = url
        var allPermanent = true
        for _ in 0..<6 {
            var request = HTTPRequest.get(current)
            request.followRedirects = false
            request.headers["Accept"] = "application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, */*;q=0.8"
            if let etag { request.headers["If-None-Match"] = etag }
            if let lastModified { request.headers["If-Modified-Since"] = lastModified }
            // Credentials only ever go to the feed's own origin.
            if let credentials, HTTPOrigin.same(url, current) { credentials.apply(to: &request) }
            probe.requests += 1
            let response: HTTPResponse
            do { response = try http.sendAndWait(request) } catch {
                if case .offline = error { probe.result = .unresolvable } else { probe.result = .networkError }
                probe.message = error.message
                return probe
            }
            probe.status = response.status
            // A login in the Location is the server's, not the user's: dropped, never shown or kept.
            if [301, 302, 303, 307, 308].contains(response.status), let location = response.headers["Location"],
               let next = URL(string: location, relativeTo: current).map({ HTTPOrigin.withoutUserInfo($0.absoluteURL) }),
               ["http", "https"].contains(next.scheme?.lowercased() ?? "") {
                allPermanent = allPermanent && [301, 308].contains(response.status)
                if allPermanent { probe.movedTo = next.absoluteString }
                current = next
                continue
            }
            switch response.status {
            case 304:
                probe.result = .notModified
            case 200..<300:
                if FeedParser.looksLikeFeed(response.body) {
                    // A parse failure is the finding itself (.unreadable below), not an error to raise.
                    if let feed = try? FeedParser.parse(response.body, url: response.url, contentType: response.headers["Content-Type"]) {
                        probe.result = .feed
                        probe.newest = feed.items.compactMap { ($0.published ?? $0.updated)?.timeIntervalSince1970 }.max()
                    } else {
                        probe.result = .unreadable
                        probe.message = "\(current.absoluteString) could not be read as a feed"
                    }
                } else {
                    probe.result = .page
                    probe.candidates = FeedDiscovery.candidates(inHTML: response.body, pageURL: current).map { HTTPOrigin.withoutUserInfo($0.url).absoluteString }
                }
            case 404, 410:
                probe.result = response.status == 410 ? .removed : .gone
                probe.message = "\(current.absoluteString) answered \(HTTPStatusText.named(response.status))"
            default:
                probe.result = .httpError
                probe.message = "\(current.absoluteString) answered \(HTTPStatusText.named(response.status))"
                probe.retryAfter = response.retryAfter().map { min(max(Double($0.components.seconds), FetchPolicy.retryAfterFloor), FetchPolicy.maximumBackoff) }
            }
            return probe
        }
        probe.result = .networkError
        probe.message = "\(url.host ?? "the server") redirected too many times"
        return probe
    }

    static func authorization(_ credentials: FeedCredentials) -> String {
        switch credentials.scheme {
        case .basic(let user, let password): "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        case .bearer(let token): "Bearer \(token)"
        }
    }
}
