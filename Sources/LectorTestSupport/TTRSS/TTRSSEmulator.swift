import Foundation
import Synchronization

/// An in-memory Tiny Tiny RSS (26.08, API level 23) answering as the recordings in
/// `fixtures/ttrss` do: `POST /api/` with JSON bodies, errors as HTTP 200 with `status` 1 (and
/// HTTP 500 with an empty body where PHP crashes), sessions with login throttling, and the web
/// backend (`/index.php` for the CSRF token, `/backend.php`) for categories, feed edits and
/// labels. Categories are the store's folders: folder 1 is Uncategorized (category 0), folder
/// `n` is category `n - 1`. Faults beyond the loopback server's: expired sessions, API access
/// switched off, a changed password, a web backend that refuses, a crash on one op.
public final class TTRSSEmulator: Sendable {
    public let store: FeedStore
    public let version: String
    let base: Mutex<String>
    let extra: Mutex<Extra>
    private let snapshot = Mutex<FeedStore?>(nil)

    struct User {
        var password: String
        var apiEnabled: Bool
        /// Bumped by a password change: every older session then fails with seq -1 (169).
        var generation = 0
    }

    struct Session {
        var user: String
        var generation: Int
        var csrf: String
    }

    struct Extra {
        var users: [String: User] = [:]
        var sessions: [String: Session] = [:]
        /// When each user's last failed login was, on the emulator's clock (`advanceClock`): the
        /// throttle is the user's (an unknown user's failure in 004 does not hold back 007).
        var lastFailure: [String: TimeInterval] = [:]
        var clockOffset: TimeInterval = 0
        var labels: [(id: Int, caption: String)] = []
        var nextLabelID = 1
        /// The "minute" each article was stored in: later fetches sort first (039).
        var entered: [Int64: Int] = [:]
        var batch = 0
        var published: Set<Int64> = []
        var notes: [Int64: String] = [:]
        var scores: [Int64: Int] = [:]
        /// When each article was last marked read or unread, as a sequence (recently read, 085).
        var lastRead: [Int64: Int] = [:]
        var readSequence = 0
        /// Feeds subscribed but not fetched yet: no articles until updateFeed (112–115).
        var unfetched: Set<Int> = []
        /// Pages the server can fetch, by address: the feeds each links to (103, 106, 107); nil
        /// for a document that is neither a page nor a feed (110).
        var pages: [String: [(url: String, title: String)]?] = [:]
        var backendRefused = false
        /// Sub-categories: folder id → its parent's folder id (`parent_cat`; project 026–036).
        var parents: [Int: Int] = [:]
        var crashingOps: Set<String> = []
        var calls: [String] = []
    }

    /// `user` with `password`, API access on. More users with `addUser`.
    public init(store: FeedStore = FeedStore(defaultFolderName: "Uncategorized"), user: String = "tester", password: String,
                version: String = "26.08-b72ea117") {
        self.store = store
        self.version = version
        base = Mutex("http://127.0.0.1")
        var extra = Extra()
        extra.users[user.lowercased()] = User(password: password, apiEnabled: true)
        self.extra = Mutex(extra)
    }

    // MARK: Setting up and faults

    public func addUser(_ name: String, password: String, apiEnabled: Bool) {
        extra.withLock { $0.users[name.lowercased()] = User(password: password, apiEnabled: apiEnabled) }
    }

    /// Switches API access of `user` (`update.php --user-enable-api`, 166).
    public func setAPIEnabled(_ on: Bool, user: String = "tester") {
        extra.withLock { $0.users[user.lowercased()]?.apiEnabled = on }
    }

    /// A new password: every session of the user fails from now on (169), the old one is refused (170).
    public func changePassword(_ password: String, user: String = "tester") {
        extra.withLock {
            $0.users[user.lowercased()]?.password = password
            $0.users[user.lowercased()]?.generation += 1
        }
    }

    /// While on, the calls that only read answer from a copy of the store taken now; changes
    /// still reach `store` but are not seen by reads until this is turned off (a lagging replica).
    public func serveStaleReads(_ on: Bool) {
        let copy: FeedStore? = on ? FeedStore() : nil
        if let copy { let state = store.withState { $0 }; copy.withState { $0 = state } }
        snapshot.withLock { $0 = copy }
    }

    static let readingOps: Set<String> = ["getcategories", "getfeeds", "getheadlines", "getarticle", "getunread", "getlabels"]

    /// Forgets every session, as garbage collection of expired sessions does: each sid then gets NOT_LOGGED_IN.
    public func expireSessions() {
        extra.withLock { $0.sessions.removeAll() }
    }

    /// Moves the emulator's clock on (the 5-second login throttle, 002/003).
    public func advanceClock(by seconds: TimeInterval) {
        extra.withLock { $0.clockOffset += seconds }
    }

    /// While on, `/index.php` and `/backend.php` answer 404: a server whose web backend is not reachable.
    public func refuseWebBackend(_ on: Bool) {
        extra.withLock { $0.backendRefused = on }
    }

    /// While set, these ops (lowercased) crash: HTTP 500 with an empty body, as PHP does (104, 138).
    public func crash(ops: Set<String>) {
        extra.withLock { $0.crashingOps = Set(ops.map { $0.lowercased() }) }
    }

    /// Puts the category `name` inside `parent` (both folders of the store), as TT-RSS's own
    /// dialog or an OPML import does; the API cannot (151).
    public func nestFolder(_ name: String, under parent: String) {
        let ids = store.withState { state in
            (state.folders.first { $0.name == name }?.id, state.folders.first { $0.name == parent }?.id)
        }
        guard let child = ids.0, let parentID = ids.1, child != parentID else { return }
        extra.withLock { $0.parents[child] = parentID }
    }

    /// The folder ids inside `folder`, at any depth (`Feeds::_get_child_cats`).
    func descendants(of folder: Int) -> [Int] {
        let parents = extra.withLock { $0.parents }
        var found: [Int] = []
        var queue = [folder]
        while let next = queue.popLast() {
            let children = parents.filter { $0.value == next }.map(\.key).sorted().filter { !found.contains($0) }
            found += children
            queue += children
        }
        return found
    }

    /// A web page that links to `feeds` (address, title): discovery by subscribeToFeed.
    public func addPage(_ url: String, feeds: [(url: String, title: String)]) {
        extra.withLock { $0.pages[url] = .some(feeds) }
    }

    /// A document the server can fetch that is no feed (an image, 110).
    public func addNonFeed(_ url: String) {
        extra.withLock { $0.pages[url] = .some(nil) }
    }

    /// The ops called so far, in order (lowercased; web backend calls as `web:<op>.<method>`).
    public var calls: [String] { extra.withLock { $0.calls } }

    /// Stores an article as TT-RSS would have fetched it (ids as given).
    @discardableResult
    public func addArticle(id: Int64, feed: Int, title: String, url: String, content: String = "", author: String? = nil,
                           updated: Int64, read: Bool = false, starred: Bool = false, labels: [String] = []) -> Int64 {
        let batch = extra.withLock { $0.batch }
        store.addItem(id: id, feed: feed, title: title, url: url, content: content, author: author, published: updated, read: read,
                      starred: starred, labels: labels)
        extra.withLock { $0.entered[id] = batch }
        return id
    }

    /// Later articles are stored in a later "minute" and list before the earlier ones.
    public func nextFetchMinute() { extra.withLock { $0.batch += 1 } }

    /// A label the server has (`Pref_Labels` add); returns its API id (-1025 - database id).
    @discardableResult
    public func addLabel(_ caption: String) -> Int {
        extra.withLock { state in
            if let existing = state.labels.first(where: { $0.caption == caption }) { return -1025 - existing.id }
            let id = state.nextLabelID
            state.nextLabelID += 1
            state.labels.append((id, caption))
            return -1025 - id
        }
    }

    public var labels: [String] { extra.withLock { $0.labels.map(\.caption) } }

    /// A handler to pass to `LoopbackServer`; `baseURL` is what `icons_url` is built on.
    public func handler(baseURL: String) -> @Sendable (ServerRequest) -> ServerResponse {
        base.withLock { $0 = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL }
        return { [self] in respond(to: $0) }
    }

    public var handler: @Sendable (ServerRequest) -> ServerResponse { { [self] in respond(to: $0) } }

    public func respond(to request: ServerRequest) -> ServerResponse {
        let path = request.decodedPath
        if path.hasSuffix("/api/") || path.hasSuffix("/api") { return api(request) }
        if path.hasSuffix("/index.php") { return index(request) }
        if path.hasSuffix("/backend.php") { return backend(request) }
        return .text("Not Found", status: 404)
    }

    var now: TimeInterval { Date().timeIntervalSince1970 + extra.withLock { $0.clockOffset } }

    // MARK: The envelope

    static func reply(_ seq: JSONValue, _ content: JSONValue) -> ServerResponse {
        .json(.object([("seq", seq), ("status", .int(0)), ("content", content)]), contentType: "application/json", style: .phpDefault)
    }

    static func failure(_ seq: JSONValue, _ code: String, extra: [(String, JSONValue)] = []) -> ServerResponse {
        .json(.object([("seq", seq), ("status", .int(1)), ("content", .object([("error", .string(code))] + extra))]),
              contentType: "application/json", style: .phpDefault)
    }

    static let crash = ServerResponse(status: 500, headers: [(name: "Content-Type", value: "application/json")])

    private func api(_ request: ServerRequest) -> ServerResponse {
        let type = request.header("Content-Type")?.lowercased() ?? ""
        guard request.method == "POST", type.hasPrefix("application/json") || type.hasPrefix("text/json") else {
            return Self.failure(.int(-1), "INCORRECT_USAGE")
        }
        guard let body = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] else {
            return Self.failure(.null, "NOT_LOGGED_IN")
        }
        let seq: JSONValue = .int(Int64(TTRSSCall.int(body["seq"]) ?? 0))
        let op = (body["op"] as? String ?? "").lowercased()
        extra.withLock { $0.calls.append(op) }
        if extra.withLock({ $0.crashingOps.contains(op) }) { return Self.crash }
        switch op {
        case "login": return login(body, seq: seq)
        case "isloggedin":
            let live = (body["sid"] as? String).map { sid in extra.withLock { $0.sessions[sid] != nil } } ?? false
            return Self.reply(seq, .object([("status", .bool(live))]))
        default: break
        }
        guard let sid = body["sid"] as? String, let session = extra.withLock({ $0.sessions[sid] }) else {
            return Self.failure(.null, "NOT_LOGGED_IN")
        }
        guard let user = extra.withLock({ $0.users[session.user] }), user.generation == session.generation else {
            return Self.failure(.int(-1), "NOT_LOGGED_IN")
        }
        if op == "logout" {
            extra.withLock { _ = $0.sessions.removeValue(forKey: sid) }
            return Self.reply(seq, .object([("status", .string("OK"))]))
        }
        guard user.apiEnabled else { return Self.failure(.null, "API_DISABLED") }
        let stale = Self.readingOps.contains(op) ? snapshot.withLock { $0 } : nil
        return TTRSSCall(emulator: self, store: stale ?? store, body: body, seq: seq).answer(op)
    }

    private func login(_ body: [String: Any], seq: JSONValue) -> ServerResponse {
        let name = (body["user"] as? String ?? "").lowercased()
        let password = body["password"] as? String ?? ""
        return extra.withLock { state in
            // The throttle runs on the emulator's own clock, moved only by `advanceClock`: a
            // loaded machine's pause between two logins must not lift it (the full suite did).
            let clock = state.clockOffset
            // API access is checked before the password (005, 006).
            if let user = state.users[name], !user.apiEnabled { return Self.failure(seq, "API_DISABLED") }
            let throttled = state.lastFailure[name].map { clock - $0 < 5 } ?? false
            guard !throttled, let user = state.users[name], user.password == password else {
                if state.users[name] != nil { state.lastFailure[name] = clock }
                return Self.failure(seq, "LOGIN_ERROR")
            }
            let sid = Self.token(26, alphabet: Array("0123456789abcdefghijklmnopqrstuv"))
            state.sessions[sid] = Session(user: name, generation: user.generation, csrf: Self.token(32, alphabet: Array("0123456789abcdef")))
            let feeds = store.feeds.count
            let config: JSONValue = .object([("custom_sort_types", .array([])), ("daemon_is_running", .bool(false)),
                                             ("icons_url", .string(base.withLock { $0 } + "/public.php")), ("num_feeds", .number(feeds))])
            return Self.reply(seq, .object([("session_id", .string(sid)), ("config", config), ("api_level", .int(23))]))
        }
    }

    static func token(_ length: Int, alphabet: [Character]) -> String {
        String((0..<length).map { _ in alphabet.randomElement()! })
    }

    /// The session of a web request's `ttrss_sid` cookie.
    func webSession(_ request: ServerRequest) -> (sid: String, session: Session)? {
        let cookies = (request.header("Cookie") ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let sid = cookies.first(where: { $0.hasPrefix("ttrss_sid=") })?.dropFirst("ttrss_sid=".count) else { return nil }
        return extra.withLock { state in state.sessions[String(sid)].map { (String(sid), $0) } }
    }
}
