import FoundationEssentials
import LectorStore

/// One account's sync, the offline-first way:
/// 1. capture the protected set (articles with unsent or in-flight changes);
/// 2. push intents in batches, clearing each only after the server acknowledged it;
/// 3. pull structure, then entries page by page, then the unread and starred id sets;
/// 4. reconcile: protected articles keep their local state for the whole run; for all
///    others the server is authoritative. A set that is not complete never marks anything read.
public struct SyncEngine {
    let store: Store
    let account: Account
    let provider: any SyncProvider
    let progress: (SyncProgress) -> Void

    public init(store: Store, account: Account, provider: any SyncProvider, progress: @escaping (SyncProgress) -> Void = { _ in }) {
        self.store = store
        self.account = account
        self.provider = provider
        self.progress = progress
    }

    /// A full run: push, then pull and reconcile. `since` limits the articles pulled (the
    /// article-age setting); nil pulls what the server keeps. Holds the account's sync claim for
    /// the whole run (see `SyncLock`).
    @discardableResult
    public func run(since: Date?) throws(SyncError) -> SyncReport {
        let lock = try SyncLock.acquire(store: store, account: account)
        defer { lock.release() }
        let started = Date()
        try record { try store.sync.recordStart(accountID: account.id, at: started.timeIntervalSince1970) }
        do {
            // Per flag: a queued read must not stop another client's star from arriving.
            let protected = try record {
                ProtectedArticles(read: try store.sync.protectedServerIDs(accountID: account.id, field: .unread),
                                  starred: try store.sync.protectedServerIDs(accountID: account.id, field: .starred),
                                  labels: try store.labels.protectedServerIDs(accountID: account.id))
            }
            var report = try pushClaimed(lock)
            try pull(since: since, protected: protected, lock: lock, into: &report)
            try record { try store.sync.recordEnd(accountID: account.id, at: Date().timeIntervalSince1970, error: nil) }
            report.duration = Date().timeIntervalSince(started)
            return report
        } catch {
            // Best effort: the run's own error is what the user must see; a store that cannot
            // record the failure (a full disk) would only hide it.
            try? store.sync.recordEnd(accountID: account.id, at: Date().timeIntervalSince1970, error: error.description)
            throw error
        }
    }

    /// The entries of one feed the account just subscribed, stored with the state they carry:
    /// what `feed add` needs to list the feed's articles at once, instead of a whole sync (the
    /// structure is stored already; the next sync reconciles the sets). Returns how many were
    /// new; nil when the service cannot list one feed's entries. Holds the account's sync claim.
    public func pullFeed(_ feed: Feed) throws(SyncError) -> Int? {
        let lock = try SyncLock.acquire(store: store, account: account)
        defer { lock.release() }
        let protected = try record {
            ProtectedArticles(read: try store.sync.protectedServerIDs(accountID: account.id, field: .unread),
                              starred: try store.sync.protectedServerIDs(accountID: account.id, field: .starred),
                              labels: [:])
        }
        var stored = 0
        let unknown = { (ids: [String]) throws(SyncError) -> [String] in
            try record { try store.sync.unknownServerIDs(accountID: account.id, among: ids) }
        }
        guard let listing = provider.roles.feedListing else { return nil }
        let listed = try listing.feedEntries(feed.serverID, keepingUnknown: unknown) { page in
            let rows = page.entries.filter { $0.feedServerID == feed.serverID }.map { (feed.id, Self.article($0), $0.read, $0.starred) }
            stored += try store.sync.applyEntries(accountID: account.id, rows, protected: protected.read, protectedStarred: protected.starred)
            lock.beat()
        }
        guard listed else { return nil }
        try record { try store.search.feedBacklog() }
        return stored
    }

    /// Sends queued changes and nothing else: the flush that follows a read or a star. Holds the
    /// account's sync claim while it runs.
    @discardableResult
    public func push() throws(SyncError) -> SyncReport {
        let lock = try SyncLock.acquire(store: store, account: account)
        defer { lock.release() }
        return try pushClaimed(lock)
    }

    private func pushClaimed(_ lock: SyncLock) throws(SyncError) -> SyncReport {
        var report = SyncReport()
        // Scope reads first: every single-article intent in a scope is newer than its scope read
        // (asking for the scope drops the older ones), so it must land after it.
        try pushScopeReads(lock, into: &report)
        try pushStates(lock, into: &report)
        try pushLabels(lock, into: &report)
        return report
    }

    /// Sends the queued reads and stars, grouped so that each batch is one server call.
    private func pushStates(_ lock: SyncLock, into report: inout SyncReport) throws(SyncError) {
        let intents = try record { try store.intents.selectForSending(accountID: account.id) }
        let articleIntents = intents.filter { $0.articleID != nil && ($0.action == .read || $0.action == .starred) }
        guard !articleIntents.isEmpty else { return }
        let serverIDs = try record { try store.sync.serverIDs(ofArticles: articleIntents.compactMap(\.articleID)) }
        progress(.pushing(count: articleIntents.count))
        // Group by what is asked, so each batch is one server call.
        let groups = Dictionary(grouping: articleIntents) { GroupKey(action: $0.action, value: $0.desired == "true") }
        var acknowledged: Set<Int64> = []
        do {
            for (key, group) in groups.sorted(by: { $0.key.order < $1.key.order }) {
                for batch in group.chunked(into: max(1, provider.capabilities.stateBatchLimit)) {
                    let ids = batch.compactMap { $0.articleID.flatMap { serverIDs[$0] } }
                    if key.action == .read { try provider.setRead(ids, read: key.value) } else { try provider.setStarred(ids, starred: key.value) }
                    // Each intent is removed at the generation sent, never a newer wish.
                    try record { try store.intents.acknowledge(batch) }
                    acknowledged.formUnion(batch.map(\.id))
                    report.pushed += batch.count
                    lock.beat()
                }
            }
        } catch {
            // What was not acknowledged goes back to the queue for the next run. Should the
            // store refuse even that, the rows stay in flight, and in-flight rows are selected
            // again by the next push: nothing is lost, so the push's own error is the one to report.
            try? store.intents.release(intents.filter { !acknowledged.contains($0.id) })
            throw error
        }
    }

    /// Sends the queued label changes, one call per label and direction and batch; on failure
    /// the unsent ones go back to the queue, as for reads and stars.
    private func pushLabels(_ lock: SyncLock, into report: inout SyncReport) throws(SyncError) {
        let changes = try record { try store.labels.selectForSending(accountID: account.id) }
        guard !changes.isEmpty else { return }
        progress(.pushing(count: changes.count))
        let groups = Dictionary(grouping: changes) { LabelKey(label: $0.label, on: $0.on) }
        var acknowledged: Set<Int64> = []
        do {
            for (key, group) in groups.sorted(by: { ($0.key.label, $0.key.on ? 0 : 1) < ($1.key.label, $1.key.on ? 0 : 1) }) {
                for batch in group.chunked(into: max(1, provider.capabilities.stateBatchLimit)) {
                    try provider.labelKeeping().setLabel(key.label, on: key.on, batch.map(\.articleServerID))
                    try record { try store.labels.acknowledge(batch) }
                    acknowledged.formUnion(batch.map(\.id))
                    report.pushed += batch.count
                    lock.beat()
                }
            }
        } catch {
            // As for reads and stars: rows left in flight are selected again by the next push.
            try? store.labels.release(changes.filter { !acknowledged.contains($0.id) })
            throw error
        }
    }

    /// Sends each queued mark-all-read with the service's own call, removing it only once the
    /// server acknowledged it; on failure the unsent ones go back to the queue.
    private func pushScopeReads(_ lock: SyncLock, into report: inout SyncReport) throws(SyncError) {
        let reads = try record { try store.scopeReads.selectForSending(accountID: account.id) }
        guard !reads.isEmpty else { return }
        progress(.pushing(count: reads.count))
        var acknowledged: Set<Int64> = []
        do {
            for read in reads {
                if let scope = try record({ try store.scopeReads.serverScope(of: read) }) {
                    try provider.markAllRead(Self.remote(scope), before: Date(timeIntervalSince1970: read.before)) { ids throws(SyncError) in
                        try record { try store.scopeReads.sort(ids, for: read) }
                    }
                    report.pushed += 1
                }
                // A scope whose feed or folder is gone has nothing left to send.
                try record { try store.scopeReads.acknowledge(read) }
                acknowledged.insert(read.id)
                lock.beat()
            }
        } catch {
            // As for single-article intents: the next push selects rows left in flight again.
            try? store.scopeReads.release(reads.filter { !acknowledged.contains($0.id) })
            throw error
        }
    }

    static func remote(_ scope: PendingScopeRead.ServerScope) -> RemoteReadScope {
        switch scope {
        case .feed(let serverID): .feed(serverID: serverID)
        case .folder(let serverID, let name, let feeds): .folder(RemoteFolder(serverID: serverID, name: name), feedServerIDs: feeds)
        case .account: .account
        }
    }

    /// Pulls folders and feeds and nothing else: how a structure edit whose effects the server
    /// decides (FreshRSS files the feeds of a deleted folder in its default category) reaches
    /// the store at once. Returns the local feed id of every server feed id, and one line for
    /// each address the server sent that was kept out. A feed the server no longer lists keeps
    /// the user's articles (see `SyncTable.applyStructure`); each that leaves is told to `departed`.
    @discardableResult
    public func refreshStructure(departed: (DepartedFeed) -> Void = { _ in }) throws(SyncError)
        -> (feedIDs: [String: Int64], feeds: Int, labels: [String]?, keptOut: [String]) {
        progress(.structure)
        let (structure, keptOut) = ServerAddresses.checked(try provider.serverPull().structure())
        let feedIDs = try record {
            try store.sync.applyStructure(accountID: account.id,
                                          folders: structure.folders.map { ($0.serverID, $0.name) },
                                          feeds: structure.feeds.map { ($0.serverID, $0.title, $0.url, $0.siteURL, $0.folderServerID) },
                                          keepFolderNames: provider.capabilities.foldersCanBeEmpty ? [] : try localOnlyFolders(structure),
                                          departed: { feed in
                                              var feed = feed
                                              feed.mayBeHidden = structure.omitsHiddenFeeds
                                              departed(feed)
                                          })
        }
        // A service that lists each feed's settings with it (Miniflux) brings them, and a feed
        // disabled on its web page is paused here after this sync.
        let settings = structure.feeds.reduce(into: [Int64: [String: String]]()) { settings, feed in
            guard let values = feed.settings, let id = feedIDs[feed.serverID] else { return }
            // A proxy's password (Miniflux lists it in clear) is stored as the marker.
            settings[id] = Dictionary(uniqueKeysWithValues: values.map { ($0.key.rawValue, $0.key.storable($0.value)) })
        }
        if !settings.isEmpty { try record { try store.feedSettings.replace(settings, pausedKey: FeedSettingKey.paused.rawValue) } }
        return (feedIDs, structure.feeds.count, structure.labels, keptOut)
    }

    private func pull(since: Date?, protected: ProtectedArticles, lock: SyncLock, into report: inout SyncReport) throws(SyncError) {
        var departed: [DepartedFeed] = []
        let (feedIDs, feedCount, labels, keptOut) = try refreshStructure { departed.append($0) }
        report.departed = departed
        lock.beat()
        report.feeds = feedCount
        report.keptOut = keptOut
        var stored = 0
        // An account with no articles yet (a first sync) has nothing to look up.
        let empty = try record { try !store.sync.hasArticles(accountID: account.id) }
        let unknown = { (ids: [String]) throws(SyncError) -> [String] in
            empty ? ids : try record { try store.sync.unknownServerIDs(accountID: account.id, among: ids) }
        }
        try provider.serverPull().entries(since: since, keepingUnknown: unknown) { page in
            let rows = page.entries.compactMap { entry -> (Int64, IncomingArticle, Bool?, Bool?)? in
                guard let feedID = feedIDs[entry.feedServerID] else { return nil }
                return (feedID, Self.article(entry), entry.read, entry.starred)
            }
            report.newArticles += try store.sync.applyEntries(accountID: account.id, rows.map { ($0.0, $0.1, $0.2, $0.3) },
                                                               protected: protected.read, protectedStarred: protected.starred)
            stored += page.entries.count
            lock.beat()
            progress(.entries(stored: stored, folder: page.folder))
        }
        try record { try store.search.feedBacklog() }
        lock.beat()
        progress(.state)
        // Each set reconciles on its own: a failed starred list does not undo the unread one.
        report.stateChanges += try reconcile(.unread, protected: protected.read, lock: lock) { page throws(SyncError) in
            try provider.serverPull().unreadIDs(pages: page)
        }
        lock.beat()
        report.stateChanges += try reconcile(.starred, protected: protected.starred, lock: lock) { page throws(SyncError) in
            try provider.serverPull().starredIDs(pages: page)
        }
        if let labels { report.stateChanges += try reconcileLabels(labels, protected: protected.labels, lock: lock) }
    }

    /// Makes the articles' labels the server's, label by label, from each label's id list; an
    /// article with a change of that label queued (`protected`, or queued since) keeps its own.
    private func reconcileLabels(_ labels: [String], protected: [String: Set<String>], lock: SyncLock) throws(SyncError) -> Int {
        try record { try store.labels.applyServerLabels(accountID: account.id, names: labels, keeping: Set(protected.keys)) }
        var changed = 0
        for label in labels {
            try record { try store.sync.startIDSet() }
            try provider.labelKeeping().labelledIDs(label) { ids throws(SyncError) in
                try record { try store.sync.addToIDSet(ids) }
                lock.beat()
            }
            changed += try record { try store.labels.applyStagedSet(accountID: account.id, label: label, protected: protected[label] ?? []) }
        }
        return changed
    }

    /// Gathers one id set from the server into the store's staging table, page by page, then
    /// applies it; a page that fails leaves the articles' state untouched.
    private func reconcile(_ field: SyncTable.StateField, protected: Set<String>, lock: SyncLock,
                           _ fetch: (([String]) throws(SyncError) -> Void) throws(SyncError) -> Bool) throws(SyncError) -> Int {
        try record { try store.sync.startIDSet() }
        let complete = try fetch { ids throws(SyncError) in
            try record { try store.sync.addToIDSet(ids) }
            lock.beat()
        }
        return try record { try store.sync.applyStagedIDSet(accountID: account.id, field: field, complete: complete, protected: protected) }
    }

    /// Folders that exist only locally until a feed is filed in them (GReader has no empty folders):
    /// the empty ones Lector made. A folder Lector did not make (learned from the server, or
    /// the server's own default) goes once the server no longer reports it. A store error here fails the run: guessing "no local folders" would delete the
    /// user's empty ones.
    private func localOnlyFolders(_ structure: RemoteStructure) throws -> Set<String> {
        let remote = Set(structure.folders.map(\.name))
        let madeHere = try store.folders.madeHere(accountID: account.id)
        let local = try store.folders.list(accountID: account.id).filter { $0.feedCount == 0 && madeHere.contains($0.folder.name) }
        return Set(local.map(\.folder.name)).subtracting(remote)
    }

    static func article(_ entry: RemoteEntry) -> IncomingArticle {
        IncomingArticle(serverID: entry.serverID, url: entry.url, title: entry.title, author: entry.author, summary: entry.summary,
                        contentHTML: entry.contentHTML, text: entry.text,
                        publishedAt: entry.publishedAt?.timeIntervalSince1970, updatedAt: entry.updatedAt?.timeIntervalSince1970)
    }

    @discardableResult
    private func record<T>(_ body: () throws -> T) throws(SyncError) -> T {
        do { return try body() } catch { throw .storing(error) }
    }

    /// Server ids of the articles whose read (starred) state has a change queued when the run starts.
    private struct ProtectedArticles {
        let read: Set<String>
        let starred: Set<String>
        /// By label: the articles with a change of it queued.
        let labels: [String: Set<String>]
    }

    private struct LabelKey: Hashable {
        let label: String
        let on: Bool
    }

    private struct GroupKey: Hashable {
        let action: PendingIntent.Action
        let value: Bool
        var order: Int { (action == .read ? 0 : 2) + (value ? 0 : 1) }
    }
}

/// What a run did.
public struct SyncReport: Sendable, Equatable {
    public var pushed = 0
    public var feeds = 0
    public var newArticles = 0
    public var stateChanges = 0
    /// Feeds the server stopped listing in this run, and what was kept of each.
    public var departed: [DepartedFeed] = []
    public var duration: TimeInterval = 0
    /// One line for each address the server sent that Lector does not keep (see `ServerAddresses`).
    public var keptOut: [String] = []

    public init() {}
}

/// Where a run is, for a progress bar or JSON progress events.
public enum SyncProgress: Sendable, Equatable {
    case pushing(count: Int)
    case structure
    case entries(stored: Int, folder: String?)
    case state
}

extension Array {
    func chunked(into size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
