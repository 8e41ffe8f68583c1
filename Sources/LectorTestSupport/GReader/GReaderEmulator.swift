import Foundation
import Synchronization

/// An in-memory FreshRSS Google Reader API at `/api/greader.php`, answering like FreshRSS 1.24
/// (status codes, bodies and content types as in the recorded fixtures).
public final class GReaderEmulator: Sendable {
    /// The path prefix FreshRSS serves the API under.
    public static let basePath = "/api/greader.php"
    /// The feeds, folders and items served.
    public let store: FeedStore
    private struct Settings {
        var accounts: [EmulatedAccount]
        var enabled = true
        var minifluxMarks = false
    }

    private let settings: Mutex<Settings>
    private let stale = StaleReads()

    /// Creates an emulator for `accounts` over `store`.
    public init(store: FeedStore = FeedStore(), accounts: [EmulatedAccount]) {
        self.store = store
        settings = Mutex(Settings(accounts: accounts))
    }

    /// Adds a user.
    public func addAccount(_ account: EmulatedAccount) { settings.withLock { $0.accounts.append(account) } }

    /// Switches the whole API on or off (off: every call answers 503, like `api_enabled = false`).
    public func setAPIEnabled(_ on: Bool) { settings.withLock { $0.enabled = on } }

    /// Answers `mark-all-as-read` as Miniflux's Google Reader API does (miniflux-greader 72–83):
    /// see `GReaderCall.markAllAsRead`.
    public func setMarksAsMiniflux(_ on: Bool) { settings.withLock { $0.minifluxMarks = on } }

    /// From now on answers reads from a copy of the data as it is now, while writes still change
    /// the live data: the stale snapshot a server behind a cache or replica serves.
    public func freezeReads() { stale.freeze(store) }

    /// Answers reads from the live data again.
    public func thawReads() { stale.thaw() }

    /// Endpoints that only read, and so are served from a frozen snapshot when there is one.
    static let readEndpoints: Set<String> = ["subscription/list", "subscription/export", "tag/list", "unread-count",
                                             "stream/items/ids", "stream/items/contents"]

    /// A handler to pass to `LoopbackServer`.
    public var handler: @Sendable (ServerRequest) -> ServerResponse { { [self] in respond(to: $0) } }

    /// Answers one request.
    public func respond(to request: ServerRequest) -> ServerResponse {
        guard request.path.hasPrefix(Self.basePath) else { return .notFound }
        let rest = String(request.path.dropFirst(Self.basePath.count))
        if request.method == "OPTIONS" {
            return ServerResponse(status: 204, headers: FreshRSSReply.cors + [(name: "Content-type", value: "text/html; charset=UTF-8")])
        }
        guard settings.withLock({ $0.enabled }) else { return FreshRSSReply.error(503) }
        let params = GReaderParams(request)
        switch rest {
        case "", "/":
            return FreshRSSReply.html("OK")
        case "/check/compatibility":
            return request.header("Authorization") == nil
                ? FreshRSSReply.plain("FAIL get HTTP Authorization header! Wrong Web server configuration.")
                : FreshRSSReply.plain("PASS")
        case "/accounts/ClientLogin":
            return clientLogin(params)
        default:
            let api = "/reader/api/0/"
            guard rest.hasPrefix(api) else { return FreshRSSReply.error(400) }
            guard let account = authenticate(request) else { return FreshRSSReply.unauthorized }
            let endpoint = String(rest.dropFirst(api.count))
            let reads = Self.readEndpoints.contains(endpoint) || endpoint.hasPrefix("stream/contents")
            var call = GReaderCall(store: reads ? stale.store(or: store) : store, account: account, request: request, params: params)
            call.marksAsMiniflux = settings.withLock { $0.minifluxMarks }
            return call.run(endpoint)
        }
    }

    private func clientLogin(_ params: GReaderParams) -> ServerResponse {
        let user = params.value("Email") ?? ""
        let password = params.value("Passwd") ?? ""
        guard user.wholeMatch(of: /[0-9a-zA-Z_][0-9a-zA-Z_.@\-]{0,38}/) != nil else { return FreshRSSReply.error(400) }
        guard let account = settings.withLock({ $0.accounts.first { $0.username == user } }), account.password == password else {
            return FreshRSSReply.unauthorized
        }
        let auth = account.greaderAuth
        return FreshRSSReply.plain("SID=\(auth)\nLSID=null\nAuth=\(auth)\n")
    }

    private func authenticate(_ request: ServerRequest) -> EmulatedAccount? {
        guard let header = request.header("Authorization"), header.hasPrefix("GoogleLogin auth=") else { return nil }
        let auth = String(header.dropFirst("GoogleLogin auth=".count))
        guard let slash = auth.firstIndex(of: "/") else { return nil }
        let user = String(auth[..<slash])
        return settings.withLock { $0.accounts.first { $0.username == user && $0.greaderAuth == auth } }
    }
}

/// PHP `$_REQUEST`-style parameters: query first, then the form body; keys may repeat.
struct GReaderParams {
    let query: [(name: String, value: String)]
    let form: [(name: String, value: String)]

    init(_ request: ServerRequest) {
        query = request.queryItems
        form = request.formItems
    }

    func value(_ name: String) -> String? { values(name).first }

    func values(_ name: String) -> [String] {
        (form + query).filter { $0.name == name }.map(\.value)
    }

    func formValues(_ name: String) -> [String] { form.filter { $0.name == name }.map(\.value) }
}
