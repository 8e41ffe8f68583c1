import FoundationEssentials
import LectorBasics
import Synchronization

/// The Fever API (FreshRSS `fever.php`, Miniflux `/fever/`): read-only structure, entries 50 at a
/// time, one state change per call, and whole unread and saved id sets as the authority.
public final class FeverProvider: SyncProvider, Sendable {
    public var capabilities: ServiceCapabilities { FeverService().capabilities }
    let client: FeverClient
    /// Unread and saved items seen while walking `items` this run, by feed: the evidence used to
    /// repair id sets that leave feeds out (see `authoritative`).
    private let walk = Mutex<FeverWalk?>(nil)

    /// Most pages followed in one walk (50 items each): a server that never stops is an error.
    static let maxPages = 1_000_000 / 50

    public init(connection: ServiceConnection, user: String, password: String) {
        client = FeverClient(connection, user: user, password: password)
    }

    public func login() throws(SyncError) -> ServerInfo {
        try client.checkAuth()
    }

    // MARK: State

    public func setRead(_ entryIDs: [String], read: Bool) throws(SyncError) {
        for id in entryIDs { try mark(id, as: read ? "read" : "unread") }
    }

    /// Miniflux implements `saved`/`unsaved` as a toggle, so the current state is read first and
    /// only items not yet as asked are sent: a retry after a lost answer cannot undo the change.
    /// A toggle can still land wrong (another client starred the item between the read and the
    /// toggle, or the read came from a stale cache), so toggled items are read back, and any not
    /// as asked fail the call: the change stays queued and the next sync reads and toggles again.
    public func setStarred(_ entryIDs: [String], starred: Bool) throws(SyncError) {
        for batch in entryIDs.chunked(into: capabilities.contentsBatchLimit) {
            let toggled = try fetchItems(withIDs: batch).filter { $0.entry.starred != starred }.map(\.entry.serverID)
            guard !toggled.isEmpty else { continue }
            for id in toggled { try mark(id, as: starred ? "saved" : "unsaved") }
            let wrong = try fetchItems(withIDs: toggled).filter { $0.entry.starred != starred }
            guard wrong.isEmpty else {
                throw .marksUnconfirmed(count: wrong.count, starred: starred)
            }
        }
    }

    /// `mark=feed|group&as=read&before=` (seconds; group 0 is everything). FreshRSS compares
    /// `before` with receipt time, Miniflux with publication time (and ignores it for group 0).
    public func markAllRead(_ scope: RemoteReadScope, before: Date, stored: StoredScopeIDs) throws(SyncError) {
        let (mark, id) = switch scope {
        case .feed(let serverID): ("feed", serverID)
        case .folder(let folder, _): ("group", folder.serverID)
        case .account: ("group", "0")
        }
        guard Int64(id) != nil else { throw .protocolViolation("'\(id)' is not a Fever \(mark) id") }
        _ = try client.call(fields: [("mark", mark), ("as", "read"), ("id", id), ("before", String(Int64(before.timeIntervalSince1970)))])
    }

    private func mark(_ id: String, as action: String) throws(SyncError) {
        guard Int64(id) != nil else { throw .protocolViolation("'\(id)' is not a Fever item id") }
        _ = try client.call(fields: [("mark", "item"), ("as", action), ("id", id)])
    }

    // MARK: Pull

    public func structure() throws(SyncError) -> RemoteStructure {
        // One member per request: Miniflux answers only the first it recognises.
        let groups = try client.call([("groups", "")])
        let feeds = try client.call([("feeds", "")])
        return FeverWire.structure(groups: groups, feeds: feeds)
    }

    /// Walks every item with `since_id`, ascending, 50 per call, until a page comes back empty.
    /// Fever cannot filter by date, so the whole walk is made and only entries received (or,
    /// where the server does not say, published) since `since`, with a day of margin, are
    /// delivered — the same ones the server's Google Reader API gives; the walk also records the
    /// state evidence `unreadIDs`/`starredIDs` need.
    public func entries(since: Date?, deliver: (RemoteEntryPage) throws -> Void) throws(SyncError) {
        walk.withLock { $0 = nil }
        var evidence = FeverWalk()
        var sinceID: Int64 = 0
        let cutoff = since.map { $0.addingTimeInterval(-86_400) }
        for _ in 0..<Self.maxPages {
            let items = try FeverWire.items(try client.call([("items", ""), ("since_id", String(sinceID))]))
            guard let highest = items.map(\.id).max() else {
                walk.withLock { $0 = evidence }
                return
            }
            // A server that mangles ids (32-bit FreshRSS) answers the same page forever.
            guard highest > sinceID else { throw .protocolViolation("the Fever items list does not advance past id \(sinceID)") }
            sinceID = highest
            for item in items { evidence.record(item) }
            let page = items.filter { item in cutoff.map { (item.ageTime ?? .distantFuture) >= $0 } ?? true }.map(\.entry)
            guard !page.isEmpty else { continue }
            do { try deliver(RemoteEntryPage(entries: page)) } catch let error as SyncError { throw error } catch {
                throw .storing(error)
            }
        }
        throw .protocolViolation("the Fever items list never ends: more than \(Self.maxPages) pages")
    }

    public func entries(withIDs ids: [String]) throws(SyncError) -> [RemoteEntry] {
        var entries: [RemoteEntry] = []
        for batch in ids.chunked(into: capabilities.contentsBatchLimit) { entries += try fetchItems(withIDs: batch).map(\.entry) }
        return entries
    }

    private func fetchItems(withIDs ids: [String]) throws(SyncError) -> [FeverItem] {
        let numeric = ids.filter { Int64($0) != nil }
        guard !numeric.isEmpty else { return [] }
        return try FeverWire.items(try client.call([("items", ""), ("with_ids", numeric.joined(separator: ","))]))
    }

    public func unreadIDs() throws(SyncError) -> RemoteIDSet {
        let object = try client.call([("unread_item_ids", "")])
        guard object["unread_item_ids"] != nil else { throw .protocolViolation("the Fever answer has no unread_item_ids") }
        return authoritative(FeverWire.idList(object["unread_item_ids"]), field: \.unread)
    }

    public func starredIDs() throws(SyncError) -> RemoteIDSet {
        let object = try client.call([("saved_item_ids", "")])
        guard object["saved_item_ids"] != nil else { throw .protocolViolation("the Fever answer has no saved_item_ids") }
        return authoritative(FeverWire.idList(object["saved_item_ids"]), field: \.saved)
    }

    /// Whether an id list can be called complete. FreshRSS builds both lists only from feeds shown
    /// in its main stream: entries of "show in category only" feeds are in `items` but never in
    /// the lists, and nothing in the answer says so. The list alone therefore cannot prove it is
    /// complete. What can: the walk of `items` made earlier in this run. A feed with an item
    /// the walk saw unread (saved) that the list lacks is taken as left out, and its items' state
    /// comes from the walk instead; every other feed is covered by the list. (An item another
    /// client changed between the walk and the list makes its feed look left out for one run:
    /// its items then take the walk's slightly older state, corrected by the next sync.) Without a walk in
    /// this run there is no such proof, and the list is only `.partial` (never marks anything read).
    private func authoritative(_ listed: [String], field: KeyPath<FeverWalk, [String: String]>) -> RemoteIDSet {
        let members = Set(listed)
        guard let walk = walk.withLock({ $0 }) else { return .partial(members) }
        let seen = walk[keyPath: field]
        let leftOut = Set(seen.filter { !members.contains($0.key) }.map(\.value))
        return .complete(members.union(seen.filter { leftOut.contains($0.value) }.map(\.key)))
    }

    // MARK: Administration (Fever has none)

    public func subscribe(feedURL: String, folder: String?, title: String?) throws(SyncError) -> RemoteFeed { throw Self.readOnly }
    public func renameFeed(_ feed: RemoteFeedReference, to title: String) throws(SyncError) { throw Self.readOnly }
    public func moveFeed(_ feed: RemoteFeedReference, to folder: String) throws(SyncError) { throw Self.readOnly }
    public func unsubscribe(_ feed: RemoteFeedReference) throws(SyncError) { throw Self.readOnly }
    public func createFolder(named name: String) throws(SyncError) -> RemoteFolder { throw Self.readOnly }
    public func renameFolder(_ folder: RemoteFolder, to name: String) throws(SyncError) -> RemoteFolder { throw Self.readOnly }
    public func deleteFolder(_ folder: RemoteFolder) throws(SyncError) { throw Self.readOnly }

    static let readOnly = SyncError.unsupported(
        "the Fever API cannot add, rename, move or remove feeds or folders: do it on the server's web page, then sync")
}

/// Unread and saved items seen in one walk of `items`: item id → feed id.
struct FeverWalk {
    var unread: [String: String] = [:]
    var saved: [String: String] = [:]

    mutating func record(_ item: FeverItem) {
        if item.entry.read == false { unread[item.entry.serverID] = item.entry.feedServerID }
        if item.entry.starred == true { saved[item.entry.serverID] = item.entry.feedServerID }
    }
}
