import Foundation
import LectorBasics
import LectorHTTP
import LectorStore
import LectorSync
import LectorTestSupport

/// A FreshRSS emulator (GReader or Fever API over one `FeedStore`) on a real loopback server, a
/// real SQLite store in a temporary directory, an account pointing at the server, and the
/// provider and engine under test. Shared by the GReader and Fever scenario and property tests.
final class FreshRSSBench {
    enum API { case greader, fever, miniflux, feedbin }

    static let user = EmulatedAccount(username: "alice", password: "api-secret")
    /// The client refuses answers larger than this; `RequestTamper.loseAnswer` sends one bigger.
    static let maxBodyBytes = 256 * 1024

    let api: API
    let feeds: FeedStore
    let greader: GReaderEmulator?
    let fever: FeverEmulator?
    let miniflux: MinifluxEmulator?
    let feedbin: FeedbinEmulator?
    let tamper = RequestTamper()
    let server: LoopbackServer
    let directory: URL
    let store: Store
    let account: Account
    let http = HTTPClient(configuration: HTTPClientConfiguration(deadline: .seconds(10), idleTimeout: .seconds(10),
                                                                 maxBodyBytes: FreshRSSBench.maxBodyBytes))
    private(set) var provider: any SyncProvider

    /// Feeds "Feed 1…" in folders "Tech" and "News", each with `itemsPerFeed` unread items whose
    /// ids are 1_700_000_000_000_000 + n (FreshRSS-style µs ids).
    init(_ api: API, feedCount: Int = 2, itemsPerFeed: Int = 3) throws {
        self.api = api
        feeds = FeedStore()
        let handler: @Sendable (ServerRequest) -> ServerResponse
        greader = api == .greader ? GReaderEmulator(store: feeds, accounts: [Self.user]) : nil
        fever = api == .fever ? FeverEmulator(store: feeds, accounts: [Self.user]) : nil
        miniflux = api == .miniflux ? MinifluxEmulator(store: feeds, account: Self.user, apiKey: "unused-token") : nil
        feedbin = api == .feedbin ? FeedbinEmulator(store: feeds, account: Self.user) : nil
        handler = greader?.handler ?? fever?.handler ?? miniflux?.handler ?? feedbin!.handler
        let tamper = self.tamper
        server = try LoopbackServer { request in tamper.handle(request, next: handler) }
        var next: Int64 = 1
        for index in 0..<feedCount {
            let feed = feeds.addFeed(title: "Feed \(index + 1)", feedURL: "https://site\(index + 1).example/feed.xml",
                                     siteURL: "https://site\(index + 1).example/", folder: index % 2 == 0 ? "Tech" : "News")
            for _ in 0..<itemsPerFeed {
                feeds.addItem(id: Self.itemID(next), feed: feed, title: "Item \(next)", url: "https://site\(index + 1).example/\(next)",
                              content: "<p>Body \(next)</p>", published: 1_700_000_000 + next)
                next += 1
            }
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lector-sync-\(UUID().uuidString)")
        store = try Store(path: directory.appendingPathComponent("lector.sqlite").path)
        // Account URLs keep the trailing slash AccountEndpoint gives them.
        let (kind, path, user): (AccountKind, String, String) = switch api {
        case .greader: (.freshrss, GReaderEmulator.basePath, Self.user.username)
        case .fever: (.fever, FeverEmulator.path, Self.user.username)
        case .miniflux: (.miniflux, "", Self.user.username)
        case .feedbin: (.feedbin, "/v2", Self.user.email)
        }
        account = try store.accounts.insert(kind: kind, name: "remote", url: server.baseURL.absoluteString + path + "/", username: user)
        provider = try Providers.make(for: account, secret: Self.user.password, http: http)
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    static func itemID(_ n: Int64) -> Int64 { 1_700_000_000_000_000 + n }

    /// A fresh provider, as a new Lector process would build (no cached session or token).
    func renewProvider() throws {
        provider = try Providers.make(for: account, secret: Self.user.password, http: http)
    }

    /// One full engine run.
    @discardableResult
    func sync(progress: @escaping (SyncProgress) -> Void = { _ in }) throws(SyncError) -> SyncReport {
        try SyncEngine(store: store, account: account, provider: provider, progress: progress).run(since: nil)
    }

    /// One push-only run.
    @discardableResult
    func push() throws(SyncError) -> SyncReport {
        try SyncEngine(store: store, account: account, provider: provider).push()
    }

    // MARK: Local side

    /// Every article of the account, by server id.
    func localArticles() throws -> [String: ArticleRow] {
        let list = try store.articles.list(ArticleQuery(accountID: account.id, newestFirst: false, limit: Int.max))
        return Dictionary(uniqueKeysWithValues: list.map { ($0.serverID, $0) })
    }

    func articleID(_ item: Int64) throws -> Int64 {
        guard let article = try localArticles()[String(item)] else { throw BenchError("item \(item) is not in the store") }
        return article.id
    }

    func local(_ item: Int64) throws -> (read: ReadState, starred: Bool)? {
        try localArticles()[String(item)].map { ($0.read, $0.starred) }
    }

    func markRead(_ items: [Int64], _ read: Bool) throws {
        try store.states.setRead(try items.map(articleID), to: read ? .read : .unread)
    }

    func star(_ items: [Int64], _ starred: Bool) throws {
        try store.states.setStarred(try items.map(articleID), to: starred)
    }

    func pendingIntents() throws -> [PendingIntent] { try store.intents.all(accountID: account.id) }

    // MARK: Server side

    func remote(_ item: Int64) -> EmulatedItem? { feeds.items.first { $0.id == item } }

    /// Another client changes an item directly on the server.
    func otherClient(_ item: Int64, read: Bool? = nil, starred: Bool? = nil) {
        feeds.changeItemAsAnotherClient(item, read: read, starred: starred)
    }

    func freezeReads() { greader?.freezeReads(); fever?.freezeReads(); miniflux?.serveStaleReads(true); feedbin?.serveStaleReads(true) }
    func thawReads() { greader?.thawReads(); fever?.thawReads(); miniflux?.serveStaleReads(false); feedbin?.serveStaleReads(false) }

    /// Requests whose path or body mention `text`, in order.
    func requests(containing text: String) -> [ServerRequest] {
        server.requests.filter { ($0.query ?? "").contains(text) || $0.bodyText.contains(text) || $0.path.contains(text) }
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Sits in front of an emulator and misbehaves on chosen requests: lets the server apply a write
/// and then loses the answer, fails before the server sees it, or rate-limits.
final class RequestTamper: @unchecked Sendable {
    enum Outcome: Sendable, CustomStringConvertible {
        /// The connection breaks before the server acts (the request never arrives).
        case dropBefore
        /// The server acts, then the answer is lost (the client's connection is aborted).
        case loseAnswer
        /// The server acts, the answer is lost, and every later request is lost too until `clear`.
        case loseAnswerThenUnreachable
        /// The server answers this status without acting.
        case status(Int)
        /// 429 with Retry-After, without acting.
        case rateLimited
        /// FreshRSS's answer to an expired write token: 401 with `Google-Bad-Token: true`.
        case badWriteToken
        /// The server acts and answers, but the answer arrives this many seconds late.
        case lateAnswer(TimeInterval)
        /// The server does not act, and answers this status this many seconds late.
        case lateFailure(TimeInterval, status: Int)
        /// The server acts and answers; the answer is changed on the way (a buggy proxy or server).
        case rewrite(@Sendable (ServerResponse) -> ServerResponse)

        var description: String {
            switch self {
            case .dropBefore: "drop before"
            case .loseAnswer: "lose answer"
            case .loseAnswerThenUnreachable: "lose answer, then every request"
            case .status(let code): "HTTP \(code)"
            case .rateLimited: "429"
            case .badWriteToken: "bad token"
            case .lateAnswer(let seconds): "answer \(seconds) s late"
            case .rewrite: "rewritten answer"
            case .lateFailure(let seconds, let status): "HTTP \(status) \(seconds) s late"
            }
        }
    }

    private struct Rule {
        let matches: @Sendable (ServerRequest) -> Bool
        var skip: Int
        let outcome: Outcome
        var once = true
    }

    private let lock = NSLock()
    private var rules: [Rule] = []

    /// Applies `outcome` to the request after `skip` matching ones (once).
    func on(skip: Int = 0, _ outcome: Outcome, where matches: @escaping @Sendable (ServerRequest) -> Bool = { _ in true }) {
        lock.withLock { rules.append(Rule(matches: matches, skip: skip, outcome: outcome)) }
    }

    /// Applies `outcome` to every request until `clear` (the server is unreachable).
    func onEvery(_ outcome: Outcome) {
        lock.withLock { rules.append(Rule(matches: { _ in true }, skip: 0, outcome: outcome, once: false)) }
    }

    /// Applies `outcome` to every matching request until `clear`.
    func onEvery(_ outcome: Outcome, where matches: @escaping @Sendable (ServerRequest) -> Bool) {
        lock.withLock { rules.append(Rule(matches: matches, skip: 0, outcome: outcome, once: false)) }
    }

    func clear() { lock.withLock { rules.removeAll() } }

    func handle(_ request: ServerRequest, next: (ServerRequest) -> ServerResponse) -> ServerResponse {
        let outcome: Outcome? = lock.withLock {
            guard let index = rules.firstIndex(where: { $0.matches(request) }) else { return nil }
            if rules[index].skip > 0 { rules[index].skip -= 1; return nil }
            return rules[index].once ? rules.remove(at: index).outcome : rules[index].outcome
        }
        switch outcome {
        case nil: return next(request)
        case .dropBefore: return Self.unreadable
        case .loseAnswer:
            _ = next(request)
            return Self.unreadable
        case .loseAnswerThenUnreachable:
            _ = next(request)
            onEvery(.dropBefore)
            return Self.unreadable
        case .status(let code): return ServerResponse(status: code, body: Data("failure injected".utf8))
        case .rateLimited: return ServerResponse(status: 429, headers: [(name: "Retry-After", value: "1")], body: Data("slow down".utf8))
        case .badWriteToken:
            return ServerResponse(status: 401, headers: [(name: "Google-Bad-Token", value: "true")], body: Data("Unauthorized!".utf8))
        case .lateAnswer(let seconds):
            let answer = next(request)
            Thread.sleep(forTimeInterval: seconds)
            return answer
        case .lateFailure(let seconds, let status):
            Thread.sleep(forTimeInterval: seconds)
            return ServerResponse(status: status, body: Data("failure injected".utf8))
        case .rewrite(let change):
            return change(next(request))
        }
    }

    /// An answer bigger than the client accepts: it aborts the connection on the headers, so the
    /// client sees a broken transfer, exactly as when the connection drops.
    private static var unreadable: ServerResponse {
        ServerResponse(status: 200, body: Data(count: FreshRSSBench.maxBodyBytes + 1))
    }
}
