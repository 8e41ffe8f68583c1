import FoundationEssentials
import LectorBasics
import LectorHTTP
import Synchronization

/// Miniflux through its REST API (`/v1`). Entries carry their state; full unread and starred id
/// sets come from `/v1/entries/ids` (≥ 2.3.2) or, on older servers, from walking the filtered
/// entry list. Stars go through `PUT /v1/entries` where the server takes `starred` there
/// (≥ 2.3.2); older servers only have the bookmark *toggle*, so each entry's state is read first
/// and toggled at most once per call.
public final class MinifluxProvider: SyncProvider, Sendable {
    public var capabilities: ServiceCapabilities { MinifluxService().capabilities }
    /// The first version with `/v1/entries/ids` and `starred` in `PUT /v1/entries`.
    static let entryIDsVersion = [2, 3, 2]
    /// Entries per page; Miniflux refuses more than 1000 since 2.3.0.
    static let pageSize = 1_000
    /// Ids per page of `/v1/entries/ids`.
    static let idPageSize = 10_000

    let client: MinifluxClient
    var connection: ServiceConnection { client.connection }
    /// The server version, asked once; in a mutex because the protocol is Sendable.
    private let cachedVersion = Mutex<[Int]?>(nil)

    public init(connection: ServiceConnection, user: String?, secret: String) {
        client = MinifluxClient(connection, user: user, secret: secret)
    }

    public func login() throws(SyncError) -> ServerInfo {
        try client.me()
    }

    // MARK: State

    public func setRead(_ entryIDs: [String], read: Bool) throws(SyncError) {
        for batch in Self.numericIDs(entryIDs).chunked(into: capabilities.stateBatchLimit) where !batch.isEmpty {
            try call("PUT", "v1/entries", json: ["entry_ids": batch, "status": read ? "read" : "unread"], "marking entries")
        }
    }

    /// Miniflux's `mark-all-as-read` takes no time: it marks what was published before the
    /// server's now. Sent soon after the user asked, that is what they had; sent later (kept
    /// while offline), it would also mark what was published since, so then the scope's unread
    /// entries published before `before` are listed and marked by id.
    public func markAllRead(_ scope: RemoteReadScope, before: Date, stored: StoredScopeIDs) throws(SyncError) {
        guard Date().timeIntervalSince(before) > Self.scopeCallWindow else {
            switch scope {
            case .feed(let serverID): try call("PUT", "v1/feeds/\(serverID)/mark-all-as-read", "marking the feed read")
            case .folder(let folder, _): try call("PUT", "v1/categories/\(folder.serverID)/mark-all-as-read", "marking the category read")
            case .account:
                guard let me = try getJSON("v1/me", [], "/v1/me") as? [String: Any], let user = MinifluxWire.int64(me["id"]) else {
                    throw .protocolViolation("/v1/me did not give the user's id")
                }
                try call("PUT", "v1/users/\(user)/mark-all-as-read", "marking everything read")
            }
            return
        }
        let path = switch scope {
        case .feed(let serverID): "v1/feeds/\(serverID)/entries"
        case .folder(let folder, _): "v1/categories/\(folder.serverID)/entries"
        case .account: "v1/entries"
        }
        var ids: [String] = []
        try walkEntries([("status", "unread"), ("before", String(Int64(before.timeIntervalSince1970)))], "the unread entries to mark read",
                        path: path) { entries throws(SyncError) in ids += entries.map(\.serverID) }
        try setRead(ids, read: true)
    }

    /// How long after the user asked the scope call still marks only what they had.
    static let scopeCallWindow: TimeInterval = 60

    public func setStarred(_ entryIDs: [String], starred: Bool) throws(SyncError) {
        let ids = Self.numericIDs(entryIDs)
        guard !ids.isEmpty else { return }
        if try supportsEntryIDs() {
            for batch in ids.chunked(into: capabilities.stateBatchLimit) {
                try call("PUT", "v1/entries", json: ["entry_ids": batch, "starred": starred], "starring entries")
            }
            return
        }
        // The bookmark endpoint toggles: read first, toggle only what differs, and never retry
        // a toggle here — the next run reads the state again, so a lost answer cannot undo it.
        for id in ids {
            let response = try connection.send(client.authorized(.get(connection.url("v1/entries/\(id)"))))
            if response.status == 404 { continue }  // Gone from the server: nothing left to star.
            try require(response, "reading an entry before starring it")
            guard let object = try connection.json(response, "the entry") as? [String: Any], let current = object["starred"] as? Bool else {
                throw .protocolViolation("Miniflux described entry \(id) without its starred state")
            }
            if current != starred { try call("PUT", "v1/entries/\(id)/bookmark", "starring an entry") }
        }
    }

    // MARK: Pull

    public func structure() throws(SyncError) -> RemoteStructure {
        let categories = try getJSON("v1/categories", [], "the category list") as? [[String: Any]]
        let feeds = try getJSON("v1/feeds", [], "the feed list") as? [[String: Any]]
        guard let categories, let feeds else { throw .protocolViolation("Miniflux answered the category or feed list with something else") }
        return RemoteStructure(folders: categories.compactMap(MinifluxWire.folder).sorted { $0.name < $1.name },
                               feeds: feeds.compactMap(MinifluxWire.feed))
    }

    /// Walks entries in id order with `after_entry_id`: ids are a database sequence, so unlike
    /// offset paging nothing is skipped when state changes while walking.
    public func entries(since: Date?, deliver: (RemoteEntryPage) throws -> Void) throws(SyncError) {
        var filters: [(String, String)] = []
        if let since { filters.append(("published_after", String(Int64(since.timeIntervalSince1970)))) }
        try walkEntries(filters, "the entry list") { entries throws(SyncError) in
            do { try deliver(RemoteEntryPage(entries: entries)) } catch let error as SyncError { throw error } catch {
                throw .storing(error)
            }
        }
    }

    public func entries(withIDs ids: [String]) throws(SyncError) -> [RemoteEntry] {
        var entries: [RemoteEntry] = []
        for id in Self.numericIDs(ids) {
            let response = try connection.send(client.authorized(.get(connection.url("v1/entries/\(id)"))))
            if response.status == 404 { continue }
            try require(response, "an entry")
            guard let object = try connection.json(response, "an entry") as? [String: Any], let entry = MinifluxWire.entry(object) else {
                throw .protocolViolation("Miniflux answered entry \(id) with something that is not an entry")
            }
            entries.append(entry)
        }
        return entries
    }

    public func unreadIDs() throws(SyncError) -> RemoteIDSet {
        try supportsEntryIDs() ? try idSet([("status", "unread")], "the unread list") : try walkedIDSet([("status", "unread")], "the unread list")
    }

    public func starredIDs() throws(SyncError) -> RemoteIDSet {
        try supportsEntryIDs() ? try idSet([("starred", "true")], "the starred list") : try walkedIDSet([("starred", "true")], "the starred list")
    }

    /// `/v1/entries/ids` pages by offset, which shifts when the set changes mid-walk: a set
    /// whose size disagrees with the server's total is returned as partial, never as complete.
    private func idSet(_ filters: [(String, String)], _ what: String) throws(SyncError) -> RemoteIDSet {
        var ids = Set<String>()
        var offset = 0
        var total = 0
        var pages = 0
        repeat {
            let query = filters + [("limit", String(Self.idPageSize)), ("offset", String(offset))]
            guard let object = try getJSON("v1/entries/ids", query, what) as? [String: Any],
                  let pageTotal = MinifluxWire.int64(object["total"]), let list = object["entry_ids"] as? [Any] else {
                throw .protocolViolation("Miniflux answered \(what) with something that is not an id list")
            }
            total = Int(pageTotal)
            if list.isEmpty { break }
            for value in list { if let id = MinifluxWire.int64(value) { ids.insert(String(id)) } }
            offset += list.count
            pages += 1
            if pages > 100_000 { throw .protocolViolation("\(what) never ends") }
        } while offset < total
        return ids.count == total ? .complete(ids) : .partial(ids)
    }

    /// Servers before 2.3.2 have no id listing: walk the filtered entries instead.
    private func walkedIDSet(_ filters: [(String, String)], _ what: String) throws(SyncError) -> RemoteIDSet {
        var ids = Set<String>()
        try walkEntries(filters, what) { entries throws(SyncError) in ids.formUnion(entries.map(\.serverID)) }
        return .complete(ids)
    }

    /// Every entry matching `filters`, page by page in ascending id order; any failed page fails the walk.
    private func walkEntries(_ filters: [(String, String)], _ what: String, path: String = "v1/entries",
                             _ page: ([RemoteEntry]) throws(SyncError) -> Void) throws(SyncError) {
        try walkEntryObjects(filters, what, path: path) { list throws(SyncError) in
            let entries = list.compactMap(MinifluxWire.entry)
            guard entries.count == list.count else { throw .protocolViolation("Miniflux sent entries without an id or feed in \(what)") }
            if !entries.isEmpty { try page(entries) }
        }
    }

    /// The feed's entries through `GET /v1/feeds/{id}/entries` (recording miniflux/124), each
    /// with its status and star.
    public func feedEntries(_ feedServerID: String, keepingUnknown unknown: ([String]) throws(SyncError) -> [String],
                            deliver: (RemoteEntryPage) throws -> Void) throws(SyncError) -> Bool {
        try walkEntries([], "the feed's entries", path: "v1/feeds/\(feedServerID)/entries") { entries throws(SyncError) in
            do { try deliver(RemoteEntryPage(entries: entries)) } catch let error as SyncError { throw error } catch { throw .storing(error) }
        }
        return true
    }

    /// The entry objects as the server sends them, page by page in ascending id order.
    func walkEntryObjects(_ filters: [(String, String)], _ what: String, path: String = "v1/entries",
                          _ page: ([[String: Any]]) throws(SyncError) -> Void) throws(SyncError) {
        var after: Int64 = 0
        while true {
            var query = filters + [("order", "id"), ("direction", "asc"), ("limit", String(Self.pageSize))]
            if after > 0 { query.append(("after_entry_id", String(after))) }
            guard let object = try getJSON(path, query, what) as? [String: Any], let list = object["entries"] as? [[String: Any]] else {
                throw .protocolViolation("Miniflux answered \(what) with something that is not an entry list")
            }
            if !list.isEmpty { try page(list) }
            guard list.count >= Self.pageSize else { return }
            let last = list.compactMap { MinifluxWire.int64($0["id"]) }.max() ?? after
            guard last > after else { throw .protocolViolation("\(what) does not advance: the server ignores after_entry_id") }
            after = last
        }
    }

    // MARK: Version

    /// Whether the server has `/v1/entries/ids` and `starred` in `PUT /v1/entries`. A server
    /// without `/v1/version` (before 2.0.49) is old.
    func supportsEntryIDs() throws(SyncError) -> Bool {
        if let known = cachedVersion.withLock({ $0 }) { return MinifluxWire.isAtLeast(known, Self.entryIDsVersion) }
        let response = try connection.send(client.authorized(.get(connection.url("v1/version"))))
        var version = [0]
        // An unreadable version body counts as an old server: the id-less walk works on every version.
        if response.isSuccess, let object = try? connection.json(response, "the version") as? [String: Any],
           let text = object["version"] as? String {
            version = MinifluxWire.versionNumbers(text)
        } else if response.status != 404 {
            try require(response, "the version")
        }
        cachedVersion.withLock { $0 = version }
        return MinifluxWire.isAtLeast(version, Self.entryIDsVersion)
    }

    // MARK: HTTP

    static func numericIDs(_ ids: [String]) -> [Int] {
        var seen = Set<Int>()
        return ids.compactMap(Int.init).filter { seen.insert($0).inserted }
    }

    func getJSON(_ path: String, _ query: [(String, String)], _ what: String) throws(SyncError) -> Any {
        let response = try connection.send(client.authorized(.get(connection.url(path, query: query))))
        try require(response, what)
        return try connection.json(response, what)
    }

    /// Sends a JSON request and requires a 2xx.
    @discardableResult
    func call(_ method: String, _ path: String, json: [String: Any]? = nil, _ what: String) throws(SyncError) -> HTTPResponse {
        let response = try connection.send(jsonRequest(method, path, json))
        try require(response, what)
        return response
    }

    func jsonRequest(_ method: String, _ path: String, _ json: [String: Any]?) -> HTTPRequest {
        var request = HTTPRequest(method: method, url: connection.url(path))
        // Our own dictionaries of strings, numbers and arrays always serialise.
        if let json, let body = JSONObject.data(json) {
            request.body = body
            request.headers["Content-Type"] = "application/json"
        }
        return client.authorized(request)
    }

    /// Like `ServiceConnection.require`, but a refusal carries Miniflux's own `error_message`.
    func require(_ response: HTTPResponse, _ what: String) throws(SyncError) {
        if (400..<500).contains(response.status), response.status != 401, response.status != 403, let message = Self.errorMessage(response) {
            throw .rejected("Miniflux refused \(what): \(message)")
        }
        try connection.require(response, what)
    }

    /// nil when the refusal carries no JSON message: the caller then reports the status instead.
    static func errorMessage(_ response: HTTPResponse) -> String? {
        (try? JSONObject.parse(response.body) as? [String: Any])?["error_message"] as? String
    }
}
