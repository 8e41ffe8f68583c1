import FoundationEssentials
import LectorBasics
import LectorHTTP

/// Feedbin API v2. Entries carry no state, so they arrive unknown and the unread and starred
/// sets settle them; folders are tags attached to feeds by taggings (a feed may have none: the
/// root level); subscriptions have ids of their own, distinct from the feed ids entries use.
public final class FeedbinProvider: SyncProvider, Sendable {
    public var capabilities: ServiceCapabilities { FeedbinService().capabilities }
    /// Entries per page (Feedbin's maximum).
    static let pageSize = 100
    /// The unread-list size a 2013 report saw as a silent cap (feedbin-api #4).
    static let suspectedCap = 1_000

    let client: FeedbinClient
    var connection: ServiceConnection { client.connection }

    public init(connection: ServiceConnection, user: String, password: String) {
        client = FeedbinClient(connection, user: user, password: password)
    }

    public func login() throws(SyncError) -> ServerInfo {
        try client.checkAuth()
    }

    // MARK: State

    /// Uses the POST forms of the delete endpoints: some HTTP stacks drop a DELETE's body.
    /// Ids the server leaves out of its answer are ones the user lost access to: not retried.
    public func setRead(_ entryIDs: [String], read: Bool) throws(SyncError) {
        try changeSet(entryIDs, key: "unread_entries", path: read ? "unread_entries/delete.json" : "unread_entries.json",
                      read ? "marking entries read" : "marking entries unread")
    }

    public func setStarred(_ entryIDs: [String], starred: Bool) throws(SyncError) {
        try changeSet(entryIDs, key: "starred_entries", path: starred ? "starred_entries.json" : "starred_entries/delete.json",
                      starred ? "starring entries" : "unstarring entries")
    }

    /// Feedbin has no mark-all call: of the unread set, the ids the store holds in the scope
    /// from before `before`, and those it does not hold whose entry (looked up 100 at a time) is
    /// in the scope and was stored by Feedbin (`created_at`) before then, are marked by id. An
    /// unread list that may be capped is taken again after its ids are marked, until it is
    /// complete or has nothing left to mark.
    public func markAllRead(_ scope: RemoteReadScope, before: Date, stored: StoredScopeIDs) throws(SyncError) {
        let feeds: Set<String>? = switch scope {
        case .feed(let serverID): [serverID]
        case .folder(_, let feedServerIDs): Set(feedServerIDs)
        case .account: nil
        }
        while true {
            let (unread, complete) = switch try unreadIDs() {
            case .complete(let ids): (ids, true)
            case .partial(let ids): (ids, false)
            }
            let sorted = try stored(unread.sorted())
            let marked = sorted.covered + (try entries(sorted.unknown, inFeeds: feeds, storedBefore: before))
            try setRead(marked, read: true)
            if complete || marked.isEmpty { return }
        }
    }

    /// Those of `ids` whose entry is in one of `feeds` (nil: any) and was stored before `time`.
    private func entries(_ ids: [String], inFeeds feeds: Set<String>?, storedBefore time: Date) throws(SyncError) -> [String] {
        var found: [String] = []
        for batch in ids.chunked(into: capabilities.contentsBatchLimit) {
            let url = connection.url("entries.json", query: [("ids", batch.joined(separator: ",")), ("per_page", String(Self.pageSize))])
            try pages(url, "the unread entries to mark read") { json throws(SyncError) in
                guard let list = json as? [[String: Any]] else { throw .protocolViolation("Feedbin answered with something that is not an entry list") }
                for object in list {
                    guard let id = FeedbinWire.int64(object["id"]), let feed = FeedbinWire.int64(object["feed_id"]),
                          feeds?.contains(String(feed)) ?? true, let stored = FeedbinWire.date(object["created_at"]), stored <= time else { continue }
                    found.append(String(id))
                }
            }
        }
        return found
    }

    private func changeSet(_ entryIDs: [String], key: String, path: String, _ what: String) throws(SyncError) {
        var seen = Set<Int>()
        let ids = entryIDs.compactMap(Int.init).filter { seen.insert($0).inserted }
        for batch in ids.chunked(into: capabilities.stateBatchLimit) where !batch.isEmpty {
            try call("POST", path, json: [key: batch], what)
        }
    }

    // MARK: Pull

    public func structure() throws(SyncError) -> RemoteStructure {
        let subscriptions = try subscriptionList()
        let taggings = try taggingList()
        var folderOf: [String: String] = [:]
        for tagging in taggings.sorted(by: { $0.name < $1.name }) where folderOf[tagging.feedID] == nil {
            folderOf[tagging.feedID] = tagging.name
        }
        let folders = Set(taggings.map(\.name)).sorted().map { RemoteFolder(serverID: $0, name: $0) }
        let feeds = subscriptions.map { subscription -> RemoteFeed in
            var feed = subscription.feed
            feed.folderServerID = folderOf[feed.serverID]
            return feed
        }
        return RemoteStructure(folders: folders, feeds: feeds)
    }

    /// Pages follow the `Link` header's `next` until there is none.
    public func entries(since: Date?, deliver: (RemoteEntryPage) throws -> Void) throws(SyncError) {
        var query = [("per_page", String(Self.pageSize))]
        if let since { query.append(("since", FeedbinWire.timestamp(since))) }
        try pages(connection.url("entries.json", query: query), "the entry list") { json throws(SyncError) in
            let entries = try Self.entries(json)
            guard !entries.isEmpty else { return }
            do { try deliver(RemoteEntryPage(entries: entries)) } catch let error as SyncError { throw error } catch {
                throw .storing(error)
            }
        }
    }

    public func entries(withIDs ids: [String]) throws(SyncError) -> [RemoteEntry] {
        var entries: [RemoteEntry] = []
        let numeric = ids.compactMap { Int64($0) }.map(String.init)
        for batch in numeric.chunked(into: capabilities.contentsBatchLimit) where !batch.isEmpty {
            let url = connection.url("entries.json", query: [("ids", batch.joined(separator: ",")), ("per_page", String(Self.pageSize))])
            try pages(url, "entry contents") { json throws(SyncError) in entries += try Self.entries(json) }
        }
        return entries
    }

    public func unreadIDs() throws(SyncError) -> RemoteIDSet {
        try idSet("unread_entries.json", "the unread list")
    }

    public func starredIDs() throws(SyncError) -> RemoteIDSet {
        try idSet("starred_entries.json", "the starred list")
    }

    /// The whole set in one answer. A list of exactly the size once seen as a silent cap is
    /// taken as partial: it then marks nothing read, where a wrong "complete" would.
    private func idSet(_ path: String, _ what: String) throws(SyncError) -> RemoteIDSet {
        guard let list = try getJSON(connection.url(path), what) as? [Any] else {
            throw .protocolViolation("Feedbin answered \(what) with something that is not an id list")
        }
        let ids = list.compactMap(FeedbinWire.int64)
        guard ids.count == list.count else { throw .protocolViolation("Feedbin sent something that is not an id in \(what)") }
        let set = Set(ids.map(String.init))
        return ids.count == Self.suspectedCap ? .partial(set) : .complete(set)
    }

    static func entries(_ json: Any) throws(SyncError) -> [RemoteEntry] {
        guard let list = json as? [[String: Any]] else { throw .protocolViolation("Feedbin answered with something that is not an entry list") }
        let entries = list.compactMap(FeedbinWire.entry)
        guard entries.count == list.count else { throw .protocolViolation("Feedbin sent entries without an id or feed") }
        return entries
    }

    // MARK: Lists

    func subscriptionList() throws(SyncError) -> [FeedbinWire.Subscription] {
        var subscriptions: [FeedbinWire.Subscription] = []
        try pages(connection.url("subscriptions.json"), "the subscription list") { json throws(SyncError) in
            guard let list = json as? [[String: Any]] else { throw .protocolViolation("Feedbin answered the subscription list with something else") }
            subscriptions += list.compactMap(FeedbinWire.subscription)
        }
        return subscriptions
    }

    func taggingList() throws(SyncError) -> [FeedbinWire.Tagging] {
        var taggings: [FeedbinWire.Tagging] = []
        try pages(connection.url("taggings.json"), "the tagging list") { json throws(SyncError) in
            guard let list = json as? [[String: Any]] else { throw .protocolViolation("Feedbin answered the tagging list with something else") }
            taggings += list.compactMap(FeedbinWire.tagging)
        }
        return taggings
    }

    // MARK: HTTP

    /// GETs `first` and every page its `Link: <…>; rel="next"` chain leads to; any failed page
    /// fails the whole walk. Links are followed only on the account's own server, since every
    /// request carries the password.
    func pages(_ first: URL, _ what: String, _ page: (Any) throws(SyncError) -> Void) throws(SyncError) {
        var next: URL? = first
        var visited = Set<String>()
        while let url = next {
            guard visited.insert(url.absoluteString).inserted else { throw .protocolViolation("\(what) links back to a page already read") }
            let response = try connection.send(client.authorized(.get(url)))
            try connection.require(response, what)
            try page(try connection.json(response, what))
            next = try FeedbinWire.nextLink(response.headers["Link"] ?? response.headers["Links"]).map { link throws(SyncError) in
                guard let target = URL(string: link, relativeTo: url)?.absoluteURL, Self.sameOrigin(target, connection.base) else {
                    throw .protocolViolation("\(what) points its next page at another server: not followed")
                }
                return target
            }
        }
    }

    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased() && a.port == b.port
    }

    func getJSON(_ url: URL, _ what: String) throws(SyncError) -> Any {
        let response = try connection.send(client.authorized(.get(url)))
        try connection.require(response, what)
        return try connection.json(response, what)
    }

    /// Sends a JSON request (Feedbin answers 415 without the exact content type) and requires a 2xx.
    @discardableResult
    func call(_ method: String, _ path: String, json: [String: Any]? = nil, _ what: String) throws(SyncError) -> HTTPResponse {
        let response = try connection.send(jsonRequest(method, path, json))
        try connection.require(response, what)
        return response
    }

    func jsonRequest(_ method: String, _ path: String, _ json: [String: Any]?, followRedirects: Bool = true) -> HTTPRequest {
        var request = HTTPRequest(method: method, url: connection.url(path), followRedirects: followRedirects)
        // Our own dictionaries of strings, numbers and arrays always serialise.
        if let json, let body = JSONObject.data(json) {
            request.body = body
            request.headers["Content-Type"] = "application/json; charset=utf-8"
        }
        return client.authorized(request)
    }
}
