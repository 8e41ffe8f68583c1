import Foundation
import LectorFeeds
import LectorHTTP
import LectorStore
import LectorAccounts
import LectorSync
import LectorTestSupport
import Testing

/// `feed add`'s candidates: Lector looks at the site itself, and hands the search to a server
/// that can discover feeds only when Lector cannot reach the site at all — never when the site
/// answered, and never for a feed with a login (which would have to go to the server).
@Suite("Feed candidates")
struct FeedCandidatesTests {
    /// A closed loopback port: connecting fails at once, as a site only the server can reach.
    static let unreachable = "http://127.0.0.1:1/feed.xml"

    static func bench(_ api: FreshRSSBench.API) throws -> (FreshRSSBench, AccountAdministrator) {
        let bench = try FreshRSSBench(api)
        bench.feeds.addRemoteFeed(LectorTestSupport.RemoteFeed(feedURL: unreachable, title: "Behind the server"))
        try bench.sync()
        return (bench, AccountAdministrator(store: bench.store, account: bench.account, provider: bench.provider))
    }

    @Test("Miniflux: a site Lector cannot reach is looked for by the server (POST /v1/discover), and said to be")
    func unreachableSiteGoesToTheServer() async throws {
        try await offPool {
            let (bench, admin) = try Self.bench(.miniflux)
            let (found, byServer) = try admin.feedCandidates(at: URL(string: Self.unreachable)!, finder: FeedFinder(http: bench.http),
                                                             credentials: nil, onServer: false)
            #expect(byServer, "the server was not asked though Lector could not reach the site")
            #expect(found.map(\.candidate.url.absoluteString) == [Self.unreachable], "the server's candidates: \(found)")
        }
    }

    @Test("Miniflux: a site that answers (a 404 is an answer) is not handed to the server")
    func answeringSiteStaysWithLector() async throws {
        try await offPool {
            let (bench, admin) = try Self.bench(.miniflux)
            let missing = URL(string: bench.server.baseURL.absoluteString + "/no-such-feed.xml")!
            #expect {
                try admin.feedCandidates(at: missing, finder: FeedFinder(http: bench.http), credentials: nil, onServer: false)
            } throws: { error in
                guard case .site(.http(status: 404, _))? = error as? FeedLookupError else { return false }
                return true
            }
        }
    }

    @Test("Miniflux: a feed with a login is never handed to the server, even when Lector cannot reach it")
    func feedWithLoginStaysWithLector() async throws {
        try await offPool {
            let (bench, admin) = try Self.bench(.miniflux)
            let login = FeedCredentials.basic(user: "reader", password: "feed-secret")
            #expect {
                try admin.feedCandidates(at: URL(string: Self.unreachable)!, finder: FeedFinder(http: bench.http), credentials: login, onServer: false)
            } throws: { error in
                guard case .site(.network)? = error as? FeedLookupError else { return false }
                return true
            }
            #expect(!bench.server.requests.contains { $0.path.hasSuffix("/discover") }, "the server was asked about a feed with a login")
        }
    }

    @Test("FreshRSS cannot discover: an unreachable site is Lector's network error; --on-server is refused")
    func kindWithoutDiscoveryFails() async throws {
        try await offPool {
            let (bench, admin) = try Self.bench(.greader)
            let url = URL(string: Self.unreachable)!
            #expect {
                try admin.feedCandidates(at: url, finder: FeedFinder(http: bench.http), credentials: nil, onServer: false)
            } throws: { error in
                guard case .site(.network)? = error as? FeedLookupError else { return false }
                return true
            }
            #expect {
                try admin.feedCandidates(at: url, finder: FeedFinder(http: bench.http), credentials: nil, onServer: true)
            } throws: { error in
                guard case .server(.administration(.unsupported))? = error as? FeedLookupError else { return false }
                return true
            }
        }
    }
}
