import Foundation
import LectorTestSupport

/// Feed servers behind HTTP authentication, shared by the feed-login tests.
enum LoginFeedServers {
    /// A members-only feed: one article for the right Basic login, 401 and a challenge otherwise.
    static func membersOnly(user: String, secret: String) throws -> LoopbackServer {
        let expected = "Basic " + Data("\(user):\(secret)".utf8).base64EncodedString()
        return try LoopbackServer { request in
            guard request.header("Authorization") == expected else {
                return .text("who are you", status: 401, headers: [("WWW-Authenticate", "Basic realm=\"members\"")])
            }
            return .text(FeedSite.rss("Members Only", items: ["Secret post"]), headers: [("Content-Type", "application/rss+xml")])
        }
    }

    /// A feed that asks for a login and, once it has one, redirects (with `status`) to `elsewhere` —
    /// another port, so another origin — which serves the feed to anyone.
    static func redirectingAfterLogin(status: Int = 302) throws -> (home: LoopbackServer, elsewhere: LoopbackServer) {
        let elsewhere = try LoopbackServer { _ in .text(FeedSite.rss("Moved", items: ["Here"]), headers: [("Content-Type", "application/rss+xml")]) }
        let home = try LoopbackServer { request in
            request.header("Authorization") == nil
                ? .text("who are you", status: 401)
                : ServerResponse(status: status, headers: [("Location", elsewhere.url("/feed.xml").absoluteString)])
        }
        return (home, elsewhere)
    }
}
