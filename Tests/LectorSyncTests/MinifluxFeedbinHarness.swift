import Foundation
import LectorBasics
import LectorHTTP
import LectorStore
import LectorSync
import LectorTestSupport
import Testing

/// Faults aimed at one endpoint. The loopback server's own faults hit "the next N requests",
/// whatever they are; a sync makes many, so these pick the request by method and path.
final class EndpointFaults: @unchecked Sendable {
    enum Fault {
        /// Answer with this status instead of asking the emulator.
        case status(Int)
        /// Let the emulator apply the request, then stall longer than the client waits: the
        /// change is made but its answer never arrives.
        case applyThenStall(TimeInterval)
    }

    private struct Rule {
        let method: String
        let pathContains: String
        let fault: Fault
        var skip: Int
        var remaining: Int
    }

    private let lock = NSLock()
    private var rules: [Rule] = []

    /// Applies `fault` to `count` matching requests, after letting `skip` of them through.
    func add(_ method: String, _ pathContains: String, _ fault: Fault, skip: Int = 0, count: Int = 1) {
        lock.withLock { rules.append(Rule(method: method, pathContains: pathContains, fault: fault, skip: skip, remaining: count)) }
    }

    func wrap(_ handler: @escaping @Sendable (ServerRequest) -> ServerResponse) -> @Sendable (ServerRequest) -> ServerResponse {
        { [self] request in
            switch match(request) {
            case nil: return handler(request)
            case .status(let status)?: return .text("injected failure", status: status)
            case .applyThenStall(let seconds)?:
                let response = handler(request)
                Thread.sleep(forTimeInterval: seconds)
                return response
            }
        }
    }

    private func match(_ request: ServerRequest) -> Fault? {
        lock.withLock {
            guard let index = rules.firstIndex(where: {
                $0.remaining > 0 && $0.method == request.method && request.path.contains($0.pathContains)
            }) else { return nil }
            if rules[index].skip > 0 {
                rules[index].skip -= 1
                return nil
            }
            rules[index].remaining -= 1
            return rules[index].fault
        }
    }
}

/// Runs blocking network work on a thread of its own. Providers and the engine block until the
/// server answers (HTTPClient.sendAndWait runs the request as a task); blocking the test's
/// cooperative-pool thread instead starves that task when tests run in parallel on few cores.
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// One remote account in a real SQLite store in a temporary directory, synced through the real
/// engine against an emulator behind a real loopback server.
final class ServiceSyncFixture: @unchecked Sendable {
    let directory: String
    let store: Store
    let account: Account
    let server: LoopbackServer
    let faults = EndpointFaults()
    let provider: any SyncProvider

    /// `apiPath` is the account's base path on the server ("/" for Miniflux, "/v2/" for Feedbin).
    init(kind: AccountKind, username: String?, apiPath: String, handler: @escaping @Sendable (ServerRequest) -> ServerResponse,
         deadline: Duration = .seconds(3),
         provider make: (ServiceConnection) -> any SyncProvider) throws {
        directory = NSTemporaryDirectory() + "lector-sync-\(kind.rawValue)-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        store = try Store(path: directory + "/lector.sqlite")
        server = try LoopbackServer(handler: faults.wrap(handler))
        let base = server.url(apiPath)
        account = try store.accounts.insert(kind: kind, name: "remote", url: base.absoluteString, username: username)
        let http = HTTPClient(configuration: HTTPClientConfiguration(deadline: deadline, idleTimeout: deadline))
        provider = make(ServiceConnection(base: base, http: http))
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A full sync run through the real engine (off the cooperative pool).
    @discardableResult
    func sync(since: Date? = nil) async throws -> SyncReport {
        try await offPool { [self] in try SyncEngine(store: store, account: account, provider: provider).run(since: since) }
    }

    /// A provider call (administration, another client's change), off the cooperative pool.
    func remote<T: Sendable>(_ body: @escaping @Sendable (any SyncProvider) throws -> T) async throws -> T {
        try await offPool { [provider] in try body(provider) }
    }

    /// The local article id of a server entry id.
    func articleID(_ serverID: Int64) throws -> Int64? {
        try store.database.queryFirst("SELECT id FROM articles WHERE account_id = ? AND server_id = ?", account.id, String(serverID)) {
            $0.int64(0)
        }
    }

    /// Local read and starred state of a server entry, nil when the store lacks it.
    func state(_ serverID: Int64) throws -> (read: ReadState, starred: Bool)? {
        guard let id = try articleID(serverID) else { return nil }
        return try store.articles.state(of: id)
    }

    func markRead(_ serverIDs: [Int64], _ state: ReadState = .read) throws {
        try store.states.setRead(serverIDs.compactMap { try articleID($0) }, to: state)
    }

    func star(_ serverIDs: [Int64], _ starred: Bool = true) throws {
        try store.states.setStarred(serverIDs.compactMap { try articleID($0) }, to: starred)
    }

    var pendingIntents: [PendingIntent] { (try? store.intents.all(accountID: account.id)) ?? [] }

    var articleCount: Int { (try? store.articles.count(accountID: account.id)) ?? -1 }

    /// Local feeds as (url, title, folder name or nil at the root), sorted by URL.
    func localFeeds() throws -> [FeedShape] {
        try store.feeds.list(accountID: account.id).map { FeedShape(url: $0.feed.url, title: $0.feed.title, folder: $0.folderName) }
            .sorted { $0.url < $1.url }
    }

    func localFolderNames() throws -> [String] {
        try store.folders.list(accountID: account.id).map(\.folder.name).sorted()
    }

    /// Requests the server received whose path contains `fragment`.
    func requests(_ method: String, _ fragment: String) -> [ServerRequest] {
        server.requests.filter { $0.method == method && $0.path.contains(fragment) }
    }
}

/// A feed as both sides can describe it.
struct FeedShape: Equatable, CustomStringConvertible {
    var url: String
    var title: String
    var folder: String?
    var description: String { "\(title) <\(url)> in \(folder ?? "(root)")" }
}

/// The emulated server's structure in the same shape: `rootFolderID` is the folder that means
/// "no folder" (Feedbin's untagged feeds), nil where every feed has a real one (Miniflux).
func serverFeeds(_ store: FeedStore, rootFolderID: Int?) -> [FeedShape] {
    let folders = store.folders
    return store.feeds.map { feed in
        FeedShape(url: feed.feedURL, title: feed.title,
                  folder: feed.folderID == rootFolderID ? nil : folders.first { $0.id == feed.folderID }?.name)
    }.sorted { $0.url < $1.url }
}

/// The body of a logged JSON request, parsed.
func jsonBody(_ request: ServerRequest) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: request.body) as? [String: Any]) ?? [:]
}

/// The ids a logged state request carried under `key`.
func entryIDs(in request: ServerRequest, key: String) -> Set<Int64> {
    Set((jsonBody(request)[key] as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.int64Value })
}

extension FeedStore {
    /// The server's copy of one entry.
    func item(_ id: Int64) -> EmulatedItem? { items.first { $0.id == id } }
}

/// The scenario both services share: an article read with no connection stays read, locally and
/// on the server, through a sync against a stale snapshot that still lists it unread.
/// `serveStaleReads` switches the emulator's stale snapshot; `afterPush` checks how the read was sent.
func checkReadOnTheTrain(_ fixture: ServiceSyncFixture, server: FeedStore, serveStaleReads: (Bool) -> Void,
                         read id: Int64, untouched other: Int64, afterPush: () -> Void = {}) async throws {
    try await fixture.sync()
    #expect(try fixture.state(id)?.read == .unread, "the first sync brings the entry in unread")

    fixture.server.inject(.dropConnection)
    try fixture.markRead([id])
    await #expect(throws: SyncError.self, "offline, the sync must fail") { try await fixture.sync() }
    #expect(try fixture.state(id)?.read == .read, "a failed sync must not undo the local read")
    #expect(fixture.pendingIntents.count == 1, "the read waits in the queue")

    fixture.server.clearFaults()
    fixture.server.clearLog()
    serveStaleReads(true)
    try await fixture.sync()
    #expect(server.item(id)?.read == true, "the push reached the server")
    #expect(try fixture.state(id)?.read == .read, "the stale snapshot (still unread) must not undo the read")
    #expect(fixture.pendingIntents.isEmpty, "the acknowledged read left the queue")
    afterPush()

    serveStaleReads(false)
    try await fixture.sync()
    #expect(try fixture.state(id)?.read == .read, "once the server caught up it agrees")
    #expect(try fixture.state(other)?.read == .unread, "other entries keep the server's state")
}

/// The scenario both services share: entries another client reads or stars on the server change
/// locally after the next sync; untouched ones keep their state.
func checkAnotherClientChanges(_ fixture: ServiceSyncFixture, other: any SyncProvider,
                               read: [Int64], starred: Int64, untouched: Int64) async throws {
    try await fixture.sync()
    try await offPool {
        try other.setRead(read.map(String.init), read: true)
        try other.setStarred([String(starred)], starred: true)
    }
    try await fixture.sync()
    for id in read { #expect(try fixture.state(id)?.read == .read, "entry \(id) read elsewhere → read here") }
    #expect(try fixture.state(untouched)?.read == .unread, "untouched entries stay unread")
    #expect(try fixture.state(starred)?.starred == true, "starred elsewhere → starred here")
}

/// The scenario both services share: a star given with no connection stays queued, and reaches
/// the server once the connection is back.
func checkStarInATunnel(_ fixture: ServiceSyncFixture, server: FeedStore, entry id: Int64) async throws {
    try await fixture.sync()
    fixture.server.inject(.dropConnection)
    try fixture.star([id])
    await #expect(throws: SyncError.self, "no connection: the sync fails") { try await fixture.sync() }
    #expect(server.item(id)?.starred == false, "nothing reached the server yet")

    fixture.server.clearFaults()
    try await fixture.sync()
    #expect(server.item(id)?.starred == true, "the star reached the server")
    #expect(try fixture.state(id)?.starred == true, "still starred locally")
    #expect(fixture.pendingIntents.isEmpty, "nothing left to send")
}
