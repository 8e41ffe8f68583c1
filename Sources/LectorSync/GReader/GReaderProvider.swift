import FoundationEssentials
import LectorBasics
import Dispatch
import LectorFeeds
import LectorHTTP
import Synchronization

/// FreshRSS and other Google Reader API servers, through the portable subset FreshRSS and
/// Miniflux both implement: ids first, then contents; every continuation followed; long-form
/// ids on the wire; both the Authorization header and the write token `T` on POSTs.
public final class GReaderProvider: SyncProvider, Sendable {
    public var capabilities: ServiceCapabilities { FreshRSSService().capabilities }
    let connection: ServiceConnection
    let user: String
    let password: String
    /// Session and write token, fetched on first use; in mutexes because the protocol is Sendable.
    private let session = Mutex<GReaderSession?>(nil)
    private let writeToken = Mutex<String?>(nil)
    /// The folder a feed added without one lands in; see `defaultFolderID(learningFrom:)`.
    private let defaultFolder = Mutex<String?>(nil)

    public init(connection: ServiceConnection, user: String, password: String) {
        self.connection = connection
        self.user = user
        self.password = password
    }

    public func login() throws(SyncError) -> ServerInfo {
        try currentSession().info
    }

    // MARK: State

    public func setRead(_ entryIDs: [String], read: Bool) throws(SyncError) {
        try editTag(entryIDs, tag: GReaderWire.readTag, add: read)
    }

    public func setStarred(_ entryIDs: [String], starred: Bool) throws(SyncError) {
        try editTag(entryIDs, tag: GReaderWire.starredTag, add: starred)
    }

    /// `mark-all-as-read` with `ts` in microseconds: FreshRSS compares it with its entry ids
    /// (receipt time in µs), Miniflux reads 16 digits as µs and compares with publication time.
    public func markAllRead(_ scope: RemoteReadScope, before: Date, stored: StoredScopeIDs) throws(SyncError) {
        let stream = switch scope {
        case .feed(let serverID): serverID
        case .folder(let folder, _): folder.serverID
        case .account: GReaderWire.readingList
        }
        try post("reader/api/0/mark-all-as-read", [("s", stream), ("ts", String(Int64(before.timeIntervalSince1970 * 1_000_000)))],
                 "marking everything read")
    }

    private func editTag(_ ids: [String], tag: String, add: Bool) throws(SyncError) {
        guard !ids.isEmpty else { return }
        let fields = ids.map { ("i", GReaderItemID.long($0)) } + [(add ? "a" : "r", tag)]
        try post("reader/api/0/edit-tag", fields, "marking entries")
    }

    // MARK: Pull

    public func structure() throws(SyncError) -> RemoteStructure {
        let subscriptions = try getJSON("reader/api/0/subscription/list", [("output", "json")], "the subscription list")
        let tags = try getJSON("reader/api/0/tag/list", [("output", "json")], "the tag list")
        return GReaderWire.structure(subscriptions: subscriptions, tags: tags)
    }

    public func entries(since: Date?, deliver: (RemoteEntryPage) throws -> Void) throws(SyncError) {
        try entries(since: since, keepingUnknown: { $0 }, deliver: deliver)
    }

    /// Ids first, then contents only for the ids the store lacks; state comes from the id sets.
    /// Each page of ids has its contents stored before the next page is asked for: holding every
    /// id of a 1,000,000-article account first cost about 160 bytes of memory per article.
    public func entries(since: Date?, keepingUnknown unknown: ([String]) throws(SyncError) -> [String],
                        deliver: (RemoteEntryPage) throws -> Void) throws(SyncError) {
        var query = [("s", GReaderWire.readingList)]
        // `ot` compares with receipt time on FreshRSS and publish time on Miniflux: keep a margin.
        if let since { query.append(("ot", String(Int(since.timeIntervalSince1970) - 3_600))) }
        try forEachIDPage(query, "the entry list") { (ids: [String]) throws(SyncError) in
            try fetchContents(of: try unknown(ids), deliver: deliver)
        }
    }

    /// The feed's stream (`stream/items/ids` with `s=feed/…`, recording greader/55), contents
    /// as a sync fetches them (the state is in each item's categories).
    public func feedEntries(_ feedServerID: String, keepingUnknown unknown: ([String]) throws(SyncError) -> [String],
                            deliver: (RemoteEntryPage) throws -> Void) throws(SyncError) -> Bool {
        try forEachIDPage([("s", feedServerID)], "the feed's entries") { (ids: [String]) throws(SyncError) in
            try fetchContents(of: try unknown(ids), deliver: deliver)
        }
        return true
    }

    /// Downloads the contents of `ids` in batches and hands each to `deliver`, in order.
    private func fetchContents(of ids: [String], deliver: (RemoteEntryPage) throws -> Void) throws(SyncError) {
        let batches = ids.chunked(into: capabilities.contentsBatchLimit)
        // Downloads run ahead while the caller stores: more than one in flight, so one slow
        // response (or the server's own work) does not leave the writer idle.
        var inFlight = batches.prefix(Self.downloadsAhead).map(prefetch)
        for index in batches.indices {
            let entries = try inFlight.removeFirst().wait()
            if index + Self.downloadsAhead < batches.count { inFlight.append(prefetch(batches[index + Self.downloadsAhead])) }
            do { try deliver(RemoteEntryPage(entries: entries)) } catch let error as SyncError { throw error } catch {
                throw .storing(error)
            }
        }
    }

    /// How many content batches download at once ahead of the writer.
    static let downloadsAhead = 2

    /// Starts fetching the contents of `ids` on a thread of its own.
    private func prefetch(_ ids: [String]) -> Prefetched {
        let result = Prefetched()
        DetachedThread.start(name: "lector.prefetch") { [self] in
            do throws(SyncError) { result.finish(.success(try entries(withIDs: ids))) } catch { result.finish(.failure(error)) }
        }
        return result
    }

    public func entries(withIDs ids: [String]) throws(SyncError) -> [RemoteEntry] {
        guard !ids.isEmpty else { return [] }
        let response = try send(authorizedPost("reader/api/0/stream/items/contents",
                                               ids.map { ("i", GReaderItemID.long($0)) } + [("output", "json")]), "entry contents")
        return GReaderWire.entries(try connection.json(response, "entry contents"))
    }

    public func unreadIDs() throws(SyncError) -> RemoteIDSet {
        .complete(try idSet([("s", GReaderWire.readingList), ("xt", GReaderWire.readTag)], "the unread list"))
    }

    public func starredIDs() throws(SyncError) -> RemoteIDSet {
        .complete(try idSet([("s", GReaderWire.starredTag)], "the starred list"))
    }

    public func unreadIDs(pages: ([String]) throws(SyncError) -> Void) throws(SyncError) -> Bool {
        try forEachIDPage([("s", GReaderWire.readingList), ("xt", GReaderWire.readTag)], "the unread list", pages)
        return true
    }

    public func starredIDs(pages: ([String]) throws(SyncError) -> Void) throws(SyncError) -> Bool {
        try forEachIDPage([("s", GReaderWire.starredTag)], "the starred list", pages)
        return true
    }

    /// Every id of a stream, gathered straight into a set (no array of them all beside it); any
    /// failed page fails the whole set, so a partial set can never be taken for a complete one.
    private func idSet(_ query: [(String, String)], _ what: String) throws(SyncError) -> Set<String> {
        var ids: Set<String> = []
        try forEachIDPage(query, what) { (page: [String]) throws(SyncError) in ids.formUnion(page) }
        return ids
    }

    /// Every page of ids of a stream, in order, following continuations.
    func forEachIDPage(_ query: [(String, String)], _ what: String,
                               _ body: ([String]) throws(SyncError) -> Void) throws(SyncError) {
        var continuation: String?
        var pages = 0
        repeat {
            var pageQuery = query + [("n", "10000"), ("output", "json")]
            if let continuation { pageQuery.append(("c", continuation)) }
            let response = try send(try currentSession().authorized(.get(connection.url("reader/api/0/stream/items/ids", query: pageQuery))), what)
            // The decoder's coding path means nothing to the user; the body excerpt does.
            guard let page = try? JSONDecoder().decode(GReaderIDPage.self, from: response.body) else {
                throw .protocolViolation("\(connection.base.host ?? "the server") did not answer \(what) with an id list: \(ServiceConnection.excerpt(response))")
            }
            try body(page.ids)
            continuation = page.continuation
            pages += 1
            if pages > 10_000 { throw .protocolViolation("\(what) never ends: the server keeps sending continuations") }
        } while continuation != nil
    }

    // MARK: Administration

    /// `quickadd` subscribes (discovering the feed behind a site address) and answers with the
    /// feed's id, final address and title; one `subscription/edit` then files and names it.
    /// Nothing re-reads the subscription list per feed: that made `feed apply` of 1,000 feeds
    /// cost four requests each and grow with the square of the list.
    public func subscribe(feedURL: String, folder: String?, title: String?) throws(SyncError) -> RemoteFeed {
        let response = try send(authorizedPost("reader/api/0/subscription/quickadd", [("quickadd", feedURL)]), "subscribing")
        let added = try GReaderWire.quickAdd(try connection.json(response, "subscribing"), requested: feedURL,
                                             host: connection.base.host ?? "the server")
        var edits: [(String, String)] = []
        if let folder { edits.append(("a", GReaderWire.labelID(folder))) }
        if let title, title != added.title { edits.append(("t", title)) }
        if !edits.isEmpty { try post("reader/api/0/subscription/edit", [("ac", "edit"), ("s", added.serverID)] + edits, "filing the new feed") }
        var folderServerID = folder.map(GReaderWire.labelID)
        if folderServerID == nil { folderServerID = try defaultFolderID(learningFrom: added.serverID) }
        return RemoteFeed(serverID: added.serverID, title: title ?? added.title, url: added.url, siteURL: nil, folderServerID: folderServerID)
    }

    /// Where the server files a feed added without a folder (FreshRSS: its default category;
    /// there is no root level). Learnt from the subscription list once, at the first such feed,
    /// then remembered: the folder the store shows at once is the one the next sync will show.
    private func defaultFolderID(learningFrom serverID: String) throws(SyncError) -> String? {
        let known = defaultFolder.withLock { $0 }
        if let known { return known }
        let subscriptions = try getJSON("reader/api/0/subscription/list", [("output", "json")], "the subscription list")
        let learnt = GReaderWire.structure(subscriptions: subscriptions, tags: [:]).feeds.first { $0.serverID == serverID }?.folderServerID
        defaultFolder.withLock { $0 = learnt }
        return learnt
    }

    /// Forgets the default folder learnt by `subscribe` once folders are renamed or deleted.
    private func forgetDefaultFolder() {
        defaultFolder.withLock { $0 = nil }
    }

    /// FreshRSS files a feed renamed without an `a` in its default folder (freshrss-admin 22, 23):
    /// the feed's own folder goes with the title.
    public func renameFeed(_ feed: RemoteFeedReference, to title: String) throws(SyncError) {
        var fields = [("ac", "edit"), ("s", feed.serverID), ("t", title)]
        if let folder = feed.folder { fields.append(("a", folder.serverID)) }
        try post("reader/api/0/subscription/edit", fields, "renaming the feed")
    }

    public func moveFeed(_ feed: RemoteFeedReference, to folder: String) throws(SyncError) {
        var fields = [("ac", "edit"), ("s", feed.serverID)]
        if let old = feed.folder { fields.append(("r", old.serverID)) }
        fields.append(("a", GReaderWire.labelID(folder)))
        try post("reader/api/0/subscription/edit", fields, "moving the feed")
    }

    public func unsubscribe(_ feed: RemoteFeedReference) throws(SyncError) {
        try post("reader/api/0/subscription/edit", [("ac", "unsubscribe"), ("s", feed.serverID)], "unsubscribing")
    }

    /// A GReader folder exists once a feed is filed in it; until then only its id is known.
    public func createFolder(named name: String) throws(SyncError) -> RemoteFolder {
        RemoteFolder(serverID: GReaderWire.labelID(name), name: name)
    }

    /// FreshRSS reads RSS, Atom and RDF, not JSON Feed.
    public func reads(feedType type: String) -> Bool {
        let lowered = type.lowercased()
        return lowered != FeedFormat.json.rawValue && !lowered.contains("json")
    }

    /// A folder is a label, named by its stream id.
    public func folderServerID(named name: String) -> String { GReaderWire.labelID(name) }

    public func folderName(ofServerID id: String) -> String { GReaderWire.labelName(id) ?? id }

    public func renameFolder(_ folder: RemoteFolder, to name: String) throws(SyncError) -> RemoteFolder {
        let renamed = RemoteFolder(serverID: GReaderWire.labelID(name), name: name)
        forgetDefaultFolder()
        try post("reader/api/0/rename-tag", [("s", folder.serverID), ("dest", renamed.serverID)], "renaming the folder")
        return renamed
    }

    public func deleteFolder(_ folder: RemoteFolder) throws(SyncError) {
        forgetDefaultFolder()
        try post("reader/api/0/disable-tag", [("s", folder.serverID)], "deleting the folder")
    }

    // MARK: HTTP

    func currentSession() throws(SyncError) -> GReaderSession {
        let cached = session.withLock { $0 }
        if let cached { return cached }
        let fresh = try GReaderSession.login(connection, user: user, password: password)
        session.withLock { $0 = fresh }
        return fresh
    }

    private func token(refresh: Bool = false) throws(SyncError) -> String {
        let cached = refresh ? nil : writeToken.withLock { $0 }
        if let cached { return cached }
        let response = try send(try currentSession().authorized(.get(connection.url("reader/api/0/token"))), "the write token")
        let fresh = response.text.trimmingBlanksAndNewlines
        writeToken.withLock { $0 = fresh }
        return fresh
    }

    func getJSON(_ path: String, _ query: [(String, String)], _ what: String) throws(SyncError) -> Any {
        let response = try send(try currentSession().authorized(.get(connection.url(path, query: query))), what)
        return try connection.json(response, what)
    }

    private func authorizedPost(_ path: String, _ fields: [(String, String)]) throws(SyncError) -> HTTPRequest {
        try currentSession().authorized(.postForm(connection.url(path), fields: fields + [("T", try token())]))
    }

    /// POSTs with the write token and requires a 2xx.
    func post(_ path: String, _ fields: [(String, String)], _ what: String) throws(SyncError) {
        try connection.require(try postAnswer(path, fields), what)
    }

    /// POSTs with the write token; a stale token (401 with Google-Bad-Token) is refreshed once.
    func postAnswer(_ path: String, _ fields: [(String, String)]) throws(SyncError) -> HTTPResponse {
        var response = try connection.send(try authorizedPost(path, fields))
        if response.status == 401, response.headers["Google-Bad-Token"] != nil || response.headers["X-Reader-Google-Bad-Token"] != nil {
            let fresh = try token(refresh: true)
            response = try connection.send(try currentSession().authorized(.postForm(connection.url(path), fields: fields + [("T", fresh)])))
        }
        return response
    }

    func send(_ request: HTTPRequest, _ what: String) throws(SyncError) -> HTTPResponse {
        let response = try connection.send(request)
        try connection.require(response, what)
        return response
    }
}

/// A batch of entry contents being downloaded on another thread.
private final class Prefetched: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let result = Mutex<Result<[RemoteEntry], SyncError>?>(nil)

    func finish(_ result: Result<[RemoteEntry], SyncError>) {
        self.result.withLock { $0 = result }
        done.signal()
    }

    func wait() throws(SyncError) -> [RemoteEntry] {
        done.wait()
        return try result.withLock { $0 }!.get()
    }
}
