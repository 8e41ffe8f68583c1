import Foundation
import Synchronization

/// An in-memory Miniflux REST API (`/v1`): X-Auth-Token or Basic auth, categories and feeds
/// CRUD (deleting a category deletes its feeds), entries with filters and paging, status
/// updates and the non-idempotent bookmark toggle. Servers before 2.3.2 (per `version`) have no
/// `/v1/entries/ids` and ignore `starred` in `PUT /v1/entries`. Reads can come from a stale
/// snapshot (a replica lagging behind the writes just made).
public final class MinifluxEmulator: Sendable {
    /// The feeds, categories and entries served; the default folder is Miniflux's first category.
    public let store: FeedStore
    /// The version `/v1/version` reports.
    public let version: String
    private let account: EmulatedAccount
    private let apiKey: String
    private let snapshot = Mutex<FeedStore?>(nil)

    /// Creates an emulator for one user with an API key.
    public init(store: FeedStore = FeedStore(defaultFolderName: "All"), account: EmulatedAccount, apiKey: String,
                version: String = "2.3.3") {
        self.store = store
        self.account = account
        self.apiKey = apiKey
        self.version = version
    }

    /// While on, GETs answer from a copy of the store taken now; writes still change `store`
    /// but are not seen by reads until this is turned off.
    public func serveStaleReads(_ on: Bool) {
        let copy: FeedStore? = on ? FeedStore() : nil
        if let copy { let state = store.withState { $0 }; copy.withState { $0 = state } }
        snapshot.withLock { $0 = copy }
    }

    /// Whether this version has `/v1/entries/ids` and `starred` in `PUT /v1/entries` (2.3.2).
    var hasEntryIDs: Bool {
        let parts = version.split(separator: ".").map { Int($0.prefix { $0.isNumber }) ?? 0 } + [0, 0, 0]
        return (parts[0], parts[1], parts[2]) >= (2, 3, 2)
    }

    /// A handler to pass to `LoopbackServer`.
    public var handler: @Sendable (ServerRequest) -> ServerResponse { { [self] in respond(to: $0) } }

    /// Answers one request.
    public func respond(to request: ServerRequest) -> ServerResponse {
        let path = REST.segments(request)
        guard path.first == "v1" else { return Self.error("Not Found", 404) }
        guard authorized(request) else {
            return REST.json(.object([("error_message", .string("access unauthorized"))]), status: 401,
                             headers: [(name: "WWW-Authenticate", value: "Basic realm=\"Restricted\"")])
        }
        let stale = request.method == "GET" ? snapshot.withLock({ $0 }) : nil
        let call = MinifluxCall(store: stale ?? store, request: request, account: account, acceptsStarredField: hasEntryIDs)
        let route = REST.route(request.method, Array(path.dropFirst()))
        let id = route.id
        switch route.pattern {
        case "GET me": return call.me()
        case "GET version":
            return REST.json(.object([("version", .string(version)), ("commit", .string("emulator")),
                                      ("build_date", .string("2026-01-01T00:00:00Z")), ("go_version", .string("go1.23")),
                                      ("compiler", .string("gc")), ("arch", .string("amd64")), ("os", .string("linux"))]))
        case "GET categories": return call.categories()
        case "POST categories": return call.createCategory()
        case "PUT categories/:id": return call.updateCategory(id.map { Int($0) })
        case "DELETE categories/:id": return call.deleteCategory(id.map { Int($0) })
        case "GET categories/:id/feeds": return call.feeds(category: id.map { Int($0) } ?? -1)
        case "GET categories/:id/entries": return call.entries(scope: .category(id.map { Int($0) } ?? -1))
        case "PUT categories/:id/mark-all-as-read": return call.markAllRead(category: id.map { Int($0) })
        case "GET feeds": return call.feeds(category: nil)
        case "POST feeds": return call.createFeed()
        case "GET feeds/:id": return call.feed(id.map { Int($0) })
        case "PUT feeds/:id": return call.updateFeed(id.map { Int($0) })
        case "DELETE feeds/:id": return call.deleteFeed(id.map { Int($0) })
        case "GET feeds/:id/entries": return call.entries(scope: .feed(id.map { Int($0) } ?? -1))
        case "PUT feeds/:id/refresh": return call.refreshFeed(id.map { Int($0) })
        case "PUT feeds/refresh": return call.refreshAllFeeds()
        case "POST discover": return call.discover()
        case "PUT feeds/:id/mark-all-as-read": return call.markAllRead(feed: id.map { Int($0) })
        case "POST feeds/:id/entries/import": return call.importEntry(id.map { Int($0) })
        case "PUT users/:id": return call.updateUser(id.map { Int($0) } ?? -1)
        case "PUT users/:id/mark-all-as-read": return call.markAllRead(user: id.map { Int($0) } ?? -1)
        case "GET entries": return call.entries(scope: .all)
        case "GET entries/ids": return hasEntryIDs ? call.entryIDs() : Self.error("Not Found", 404)
        case "PUT entries": return call.updateEntries()
        case "GET entries/:id": return call.entry(id)
        case "PUT entries/:id/bookmark", "PUT entries/:id/star": return call.toggleStar(id)
        default: return Self.error("Not Found", 404)
        }
    }

    private func authorized(_ request: ServerRequest) -> Bool {
        if let token = request.header("X-Auth-Token") { return token == apiKey }
        guard let (user, password) = REST.basicCredentials(request) else { return false }
        return user == account.username && password == account.password
    }

    static func error(_ message: String, _ status: Int) -> ServerResponse {
        REST.json(.object([("error_message", .string(message))]), status: status)
    }
}
