import FoundationEssentials
import LectorBasics
import LectorHTTP
import LectorStore
import Synchronization

/// Tiny Tiny RSS through its JSON API (`/api/`), and its web backend for what the API cannot do
/// (TTRSSWebBackend.swift). Headlines carry their unread and starred state but no change time:
/// a sync walks what is new by `since_id` (ids grow as TT-RSS stores articles), in pages of 200
/// (the API's cap, 046–050), and re-reads the unread and starred id sets for the state of
/// everything else. Categories are folders (one per feed, 0 is none); labels are Lector labels.
public final class TTRSSProvider: SyncProvider, Sendable {
    public var capabilities: ServiceCapabilities { TTRSSService().capabilities }
    /// Headlines per page: TT-RSS caps `limit` at 200 (0 or more also means 200).
    static let pageSize = 200

    let client: TTRSSClient
    var connection: ServiceConnection { client.connection }
    /// The highest article id the store holds, set by `sync` before the engine runs: the walk
    /// asks only for what is newer (`since_id`, 051). Nil: walk everything.
    private let knownUpTo = Mutex<Int?>(nil)
    /// Feeds `discoverOnServer` subscribed (TT-RSS discovers only by subscribing), for the
    /// `subscribe` that follows to file and fetch. Kept for the process, not the provider: the
    /// account core builds a provider per verb, so discovery and subscription meet different ones.
    static let discoveredSubscriptions = Mutex<Set<String>>([])

    /// The key of feed `id` of this account in `discoveredSubscriptions`.
    func discoveredKey(_ id: Int) -> String { "\(connection.base.absoluteString)|\(user)|\(id)" }

    public init(connection: ServiceConnection, user: String, password: String) {
        client = TTRSSClient(connection, user: user, password: password)
    }

    public func login() throws(SyncError) -> ServerInfo {
        let login = try client.login()
        let version = (try? client.call("getVersion", [:], "the version") as? [String: Any])?["version"] as? String
        return ServerInfo(name: "Tiny Tiny RSS" + (version.map { " \($0)" } ?? "") + " (API level \(login.apiLevel))", user: user)
    }

    var user: String { client.user }

    public func sync(_ account: Account, in store: Store, manual: Bool, since: Date?,
                     progress: @escaping (SyncProgress) -> Void) throws(SyncError) -> AccountSyncResult {
        let highest = try { () throws(SyncError) -> Int? in
            do { return try store.sync.highestNumericServerID(accountID: account.id).map { Int($0) } } catch { throw .storing(error) }
        }()
        knownUpTo.withLock { $0 = highest }
        defer { knownUpTo.withLock { $0 = nil } }
        return .pulled(try SyncEngine(store: store, account: account, provider: self, progress: progress).run(since: since))
    }

    // MARK: State

    /// updateArticle `field` 2 (unread), `mode` 0/1 (064, 065); unknown ids are OK with 0 updated (074).
    public func setRead(_ entryIDs: [String], read: Bool) throws(SyncError) {
        try update(entryIDs, field: 2, mode: read ? 0 : 1, "marking articles \(read ? "read" : "unread")")
    }

    /// updateArticle `field` 0 (starred), `mode` 0/1: a set, never the toggle (mode 2), so a retry
    /// cannot undo it (066, 067).
    public func setStarred(_ entryIDs: [String], starred: Bool) throws(SyncError) {
        try update(entryIDs, field: 0, mode: starred ? 1 : 0, starred ? "starring articles" : "unstarring articles")
    }

    private func update(_ entryIDs: [String], field: Int, mode: Int, _ what: String) throws(SyncError) {
        // One id that is not a number refuses the whole call (075): only numbers are sent.
        for batch in Self.numericIDs(entryIDs).chunked(into: capabilities.stateBatchLimit) where !batch.isEmpty {
            _ = try client.call("updateArticle", ["article_ids": batch.map(String.init).joined(separator: ","), "field": field, "mode": mode], what)
        }
    }

    /// catchupFeed marks the feed's, category's (`is_cat`) or everything's (-4) unread articles
    /// (094, 095, 097), those older than the age limit included. It takes no time: sent soon after
    /// the user asked it marks what they had; sent later (kept while offline) it would mark what
    /// arrived since, so then the scope's unread articles are listed and those the store held
    /// before, or dated before `before`, are marked by id.
    public func markAllRead(_ scope: RemoteReadScope, before: Date, stored: StoredScopeIDs) throws(SyncError) {
        let (feedID, isCategory): (Int, Bool) = switch scope {
        case .feed(let serverID): (Int(serverID) ?? 0, false)
        case .folder(let folder, _): (Int(folder.serverID) ?? 0, true)
        case .account: (-4, false)
        }
        guard Date().timeIntervalSince(before) > Self.scopeCallWindow else {
            _ = try client.call("catchupFeed", ["feed_id": feedID, "is_cat": isCategory, "mode": "all"], "marking everything read")
            return
        }
        var dates: [String: Date] = [:]
        // A folder holds its sub-categories' feeds (include_nested, 033), as catchupFeed's category does (035).
        try walkAllHeadlines(["feed_id": feedID, "is_cat": isCategory, "include_nested": isCategory, "view_mode": "unread"],
                             "the unread articles to mark read") { page throws(SyncError) in
            for object in page { if let entry = TTRSSWire.entry(object) { dates[entry.serverID] = entry.publishedAt ?? .distantPast } }
        }
        let sorted = try stored(Array(dates.keys))
        let older = sorted.unknown.filter { (dates[$0] ?? .distantFuture) < before }
        try setRead(sorted.covered + older, read: true)
    }

    /// How long after the user asked the scope call still marks only what they had.
    static let scopeCallWindow: TimeInterval = 60

    // MARK: Pull

    /// Folders are the top-level categories; a sub-category's feeds are filed under the top-level
    /// one above it (TTRSSNestedCategories.swift).
    public func structure() throws(SyncError) -> RemoteStructure {
        let folders = try categories()
        let feeds = try feedsInTopLevelFolders(topLevel: folders)
        let labels = try labelIDs().keys.sorted()
        return RemoteStructure(folders: folders.sorted { $0.name < $1.name }, feeds: feeds, labels: labels)
    }

    /// Every article newer than the store's newest (`since_id`), in pages of 200, newest feed date
    /// first; with an age limit the walk stops at the first article dated before it.
    public func entries(since: Date?, deliver: (RemoteEntryPage) throws -> Void) throws(SyncError) {
        var parameters: [String: Any] = ["feed_id": -4, "view_mode": "all_articles", "show_content": true, "order_by": "feed_dates"]
        if let known = knownUpTo.withLock({ $0 }) { parameters["since_id"] = known }
        try walkHeadlines(parameters, "the article list") { objects throws(SyncError) in
            let entries = objects.compactMap(TTRSSWire.entry)
            guard entries.count == objects.count else { throw .protocolViolation("TT-RSS sent articles without an id or feed") }
            let kept = since.map { limit in entries.filter { ($0.publishedAt ?? .distantFuture) >= limit } } ?? entries
            if !kept.isEmpty {
                do { try deliver(RemoteEntryPage(entries: kept)) } catch let error as SyncError { throw error } catch { throw .storing(error) }
            }
            return kept.count == entries.count
        }
    }

    /// Article ids are TT-RSS's entry ids, shared by every user of the server: a feed subscribed
    /// now can bring articles stored long ago for someone else, below `since_id` (checked on the
    /// real server: an article's id is its entry's). So after the walk by `since_id`, the unread
    /// list's ids within the age limit that the store lacks are fetched by id.
    public func entries(since: Date?, keepingUnknown unknown: ([String]) throws(SyncError) -> [String],
                        deliver: (RemoteEntryPage) throws -> Void) throws(SyncError) {
        try entries(since: since, deliver: deliver)
        guard knownUpTo.withLock({ $0 }) != nil else { return }  // A walk from the start saw them all.
        var missing: [String] = []
        try walkAllHeadlines(["feed_id": -4, "view_mode": "unread"], "the unread list") { objects throws(SyncError) in
            let recent = objects.compactMap(TTRSSWire.entry).filter { entry in since.map { (entry.publishedAt ?? .distantFuture) >= $0 } ?? true }
            if !recent.isEmpty { missing += try unknown(recent.map(\.serverID)) }
        }
        let found = try entries(withIDs: missing)
        guard !found.isEmpty else { return }
        do { try deliver(RemoteEntryPage(entries: found)) } catch let error as SyncError { throw error } catch { throw .storing(error) }
    }

    /// getArticle takes a comma-separated list and leaves out ids it does not have (061, 062).
    public func entries(withIDs ids: [String]) throws(SyncError) -> [RemoteEntry] {
        var entries: [RemoteEntry] = []
        for batch in Self.numericIDs(ids).chunked(into: capabilities.contentsBatchLimit) where !batch.isEmpty {
            let list = try client.call("getArticle", ["article_id": batch.map(String.init).joined(separator: ",")], "articles") as? [[String: Any]]
            guard let list else { throw .protocolViolation("TT-RSS answered getArticle with something else") }
            entries += list.compactMap(TTRSSWire.entry)
        }
        return entries
    }

    public func unreadIDs() throws(SyncError) -> RemoteIDSet { try idSet(view: "unread", "the unread list", counted: true) }

    public func starredIDs() throws(SyncError) -> RemoteIDSet { try idSet(view: "marked", "the starred list", counted: false) }

    /// Offset paging shifts when the set changes mid-walk, and an article skipped that way must
    /// not be marked read: when the unread count (getUnread, 087) differs before and after, the
    /// set is partial.
    private func idSet(view: String, _ what: String, counted: Bool) throws(SyncError) -> RemoteIDSet {
        let before = counted ? try unreadCount() : nil
        var ids = Set<String>()
        try walkHeadlines(["feed_id": -4, "view_mode": view], what) { objects throws(SyncError) in
            for object in objects { if let id = TTRSSWire.int(object["id"]) { ids.insert(String(id)) } }
            return true
        }
        if counted, try unreadCount() != before { return .partial(ids) }
        return .complete(ids)
    }

    private func unreadCount() throws(SyncError) -> Int? {
        TTRSSWire.int((try client.call("getUnread", [:], "the unread count") as? [String: Any])?["unread"])
    }

    /// Walks getHeadlines with `parameters` by `skip`, 200 at a time, until a short page or
    /// `page` returns false (the walk has gone far enough).
    func walkHeadlines(_ parameters: [String: Any], _ what: String,
                       _ page: ([[String: Any]]) throws(SyncError) -> Bool) throws(SyncError) {
        var skip = 0
        while true {
            let call = parameters.merging(["limit": Self.pageSize, "skip": skip]) { $1 }
            guard let list = try client.call("getHeadlines", call, what) as? [[String: Any]] else {
                throw .protocolViolation("TT-RSS answered \(what) with something that is not a list")
            }
            let goOn = list.isEmpty ? false : try page(list)
            guard goOn, list.count >= Self.pageSize else { return }
            skip += list.count
            if skip > 50_000_000 { throw .protocolViolation("\(what) never ends") }
        }
    }

    func walkAllHeadlines(_ parameters: [String: Any], _ what: String,
                          _ page: ([[String: Any]]) throws(SyncError) -> Void) throws(SyncError) {
        try walkHeadlines(parameters, what) { (list: [[String: Any]]) throws(SyncError) -> Bool in
            try page(list)
            return true
        }
    }

    static func numericIDs(_ ids: [String]) -> [Int] {
        var seen = Set<Int>()
        return ids.compactMap(Int.init).filter { seen.insert($0).inserted }
    }
}
