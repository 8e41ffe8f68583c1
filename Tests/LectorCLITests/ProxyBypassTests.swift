import Foundation
import Testing
import LectorTestSupport

/// With `http_proxy`/`ALL_PROXY` set, a request to this machine never goes through the proxy:
/// a plain-http secret that Lector sends only because its host is this machine must not reach a
/// proxy host in clear. Issue 39, P8.
@Suite("Loopback requests never go through a proxy", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct ProxyBypassTests {
    static let secret = "feed-secret-over-http"

    @Test("feed add and sync of a loopback feed behind a login go straight to it, never to the environment's proxy")
    func loopbackSkipsTheProxy() throws {
        let expected = "Basic " + Data("alice:\(Self.secret)".utf8).base64EncodedString()
        let feeds = try LoopbackServer { request in
            if request.path == "/members.xml", request.header("Authorization") != expected {
                return .text("who are you", status: 401, headers: [("WWW-Authenticate", "Basic realm=\"members\"")])
            }
            return .text(FeedSite.rss("Feed \(request.path)", items: ["one", "two"]), headers: [("Content-Type", "application/rss+xml")])
        }
        // A proxy that records what reaches it and forwards nothing.
        let proxy = try LoopbackServer { _ in .text("proxy says no", status: 502) }
        let home = TestHome()
        var environment = home.environment
        for name in ["http_proxy", "https_proxy", "ALL_PROXY", "all_proxy"] { environment[name] = proxy.baseURL.absoluteString }
        func lector(_ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
            try runProcess(TestBinary.path, arguments, environment: environment, stdin: stdin)
        }
        #expect(try lector(["account", "add", "local", "--name", "Mine"]).status == 0)
        let added = try lector(["feed", "add", feeds.url("/members.xml").absoluteString, "--login", "alice", "--password-stdin"],
                               stdin: Self.secret + "\n")
        #expect(added.status == 0, "the feed is added straight from this machine: \(added.stderr)")
        #expect(try lector(["feed", "add", feeds.url("/open.xml").absoluteString]).status == 0, "an open loopback feed too")
        let synced = try lector(["sync"])
        #expect(synced.status == 0, "sync: \(synced.stdout)\(synced.stderr)")
        #expect(proxy.requests.isEmpty, "nothing reached the proxy: \(proxy.requests.map { "\($0.method) \($0.path) \($0.headers)" })")
        #expect(feeds.requests.contains { $0.path == "/members.xml" && $0.header("Authorization") == expected },
                "the feed server had the login itself")
    }
}
