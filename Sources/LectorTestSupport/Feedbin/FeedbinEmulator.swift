import Foundation
import Synchronization
import LectorBasics

/// An in-memory Feedbin API v2 (`/v2`): Basic auth with the e-mail, subscriptions (with their
/// own ids, distinct from feed ids), taggings, entries without read state, unread and starred
/// id lists, pagination through a `Link` header, tag rename and delete. It can serve reads from
/// a stale snapshot (a replica lagging behind the writes just made).
public final class FeedbinEmulator: Sendable {
    /// The feeds, tags (folders other than the default) and entries served.
    public let store: FeedStore
    private let account: EmulatedAccount
    private let snapshot = Mutex<FeedStore?>(nil)

    /// Subscription ids are the feed id plus this, so clients cannot confuse the two.
    public static let subscriptionIDOffset = 100
    /// Tagging ids are the feed id plus this.
    public static let taggingIDOffset = 1000

    /// Creates an emulator for one user (logs in with `account.email`).
    public init(store: FeedStore = FeedStore(), account: EmulatedAccount) {
        self.store = store
        self.account = account
    }

    /// While on, GETs answer from a copy of the store taken now; writes still change `store`
    /// but are not seen by reads until this is turned off.
    public func serveStaleReads(_ on: Bool) {
        let copy: FeedStore? = on ? FeedStore() : nil
        if let copy { let state = store.withState { $0 }; copy.withState { $0 = state } }
        snapshot.withLock { $0 = copy }
    }

    /// A handler to pass to `LoopbackServer`.
    public var handler: @Sendable (ServerRequest) -> ServerResponse { { [self] in respond(to: $0) } }

    /// Answers one request.
    public func respond(to request: ServerRequest) -> ServerResponse {
        let path = REST.segments(request)
        guard path.first == "v2", let last = path.last, last.hasSuffix(".json") else { return .notFound }
        guard let (user, password) = REST.basicCredentials(request), user == account.email, password == account.password else {
            return .empty(401)
        }
        if !request.body.isEmpty, request.header("Content-Type")?.lowercased().hasPrefix("application/json") != true {
            return .empty(415)
        }
        var segments = Array(path.dropFirst())
        segments[segments.count - 1] = String(last.dropLast(5))
        let response = route(request, segments)
        return request.method == "GET" ? Self.validated(response, for: request) : response
    }

    /// Feedbin GETs carry an ETag and answer 304 to a matching If-None-Match.
    private static func validated(_ response: ServerResponse, for request: ServerRequest) -> ServerResponse {
        guard response.status == 200 else { return response }
        let etag = "W/\"\(MD5.hex(of: response.bodyText))\""
        if request.header("If-None-Match") == etag { return .empty(304, headers: [(name: "ETag", value: etag)]) }
        var tagged = response
        tagged.headers.append((name: "ETag", value: etag))
        return tagged
    }

    private func route(_ request: ServerRequest, _ segments: [String]) -> ServerResponse {
        let route = REST.route(request.method, segments)
        let stale = request.method == "GET" ? snapshot.withLock({ $0 }) : nil
        let call = FeedbinCall(store: stale ?? store, request: request)
        let id = route.id.map { Int($0) }
        switch route.pattern {
        case "GET authentication": return .empty(200)
        case "GET subscriptions": return call.subscriptions()
        case "GET subscriptions/:id": return call.subscription(id)
        case "POST subscriptions": return call.subscribe()
        case "PATCH subscriptions/:id", "POST subscriptions/:id/update": return call.rename(id)
        case "DELETE subscriptions/:id": return call.unsubscribe(id)
        case "GET taggings": return call.taggings()
        case "POST taggings": return call.tag()
        case "DELETE taggings/:id": return call.untag(id)
        case "GET entries": return call.entries(feed: nil)
        case "GET feeds/:id/entries": return call.entries(feed: id)
        case "GET unread_entries": return call.ids(\.read, inverted: true)
        case "POST unread_entries": return call.setIDs(key: "unread_entries") { $0.read = false }
        case "DELETE unread_entries", "POST unread_entries/delete": return call.setIDs(key: "unread_entries") { $0.read = true }
        case "GET starred_entries": return call.ids(\.starred, inverted: false)
        case "POST starred_entries": return call.setIDs(key: "starred_entries") { $0.starred = true }
        case "DELETE starred_entries", "POST starred_entries/delete":
            return call.setIDs(key: "starred_entries") { $0.starred = false }
        case "POST tags": return call.renameTag()
        case "DELETE tags": return call.deleteTag()
        default: return .empty(404)
        }
    }

    /// Microseconds since 1970 from Feedbin's ISO 8601 `since` (fraction optional).
    static func micros(_ text: String) -> Int64? {
        var whole = text
        var fraction = "0"
        if let dot = text.firstIndex(of: ".") {
            let digits = text[text.index(after: dot)...].prefix { $0.isNumber }
            fraction = String((digits + "000000").prefix(6))
            whole = String(text[..<dot]) + "Z"
        }
        guard let date = ISO8601DateFormatter().date(from: whole), let micros = Int64(fraction) else { return nil }
        return Int64(date.timeIntervalSince1970) * 1_000_000 + micros
    }
}
