import LectorStore

/// A list of articles a person moves through and acts on, as a full-screen view or an app's list
/// shows it: which articles are shown (a scope and filters, loaded a page at a time), where the
/// cursor is, the unread and starred counts of the scope, the next unread article across feeds
/// and folders, and the marks. A mark is the core's `AccountManager.mark`, as `article mark`'s —
/// the state change, saved locally with its intent — with its push left for later: the short
/// push that follows a mark (`AccountManager.flushMarks`) runs when the front end calls
/// `flush()`, so moving on never waits for a server.
public final class ArticleBrowser {
    public let manager: AccountManager
    /// What is shown: scope, filters and order; its `limit` is how many rows are loaded.
    public internal(set) var query: ArticleQuery
    /// The rows loaded: the first `query.limit` of the list, or after `G` its last ones.
    public internal(set) var rows: [ArticleRow] = []
    /// The cursor's index in `rows`.
    public internal(set) var cursor = 0
    /// The unread and starred counts of what is shown: the scope's counters, as `article list`
    /// shows them, or those of the articles a filter or search leaves.
    public internal(set) var counts: (unread: Int, starred: Int) = (0, 0)
    /// True once the last row of the list is loaded.
    public internal(set) var isComplete = false
    /// How many rows of the list come before `rows` (more than none only after `G` on a list
    /// longer than what was loaded).
    public internal(set) var windowStart = 0
    /// How many rows the list has, when known (counted for a filter, a search or a jump to its end).
    public internal(set) var total: Int?
    /// False while a search typed in shows its first rows uncounted (`typeSearch`): `counts`
    /// are then not those of what is shown.
    public internal(set) var counted = true
    /// Mark an article read once the cursor moved down past it (`sync.mark-read-on-scroll`).
    public var markReadOnScroll: Bool
    /// Accounts with marks not yet pushed by `flush()`.
    public private(set) var unflushed: Set<Int64> = []
    let pageSize: Int

    public init(manager: AccountManager, query: ArticleQuery, pageSize: Int = 200, markReadOnScroll: Bool = false) throws(AccountsError) {
        self.manager = manager
        var first = query
        first.limit = pageSize
        self.query = first
        self.pageSize = pageSize
        self.markReadOnScroll = markReadOnScroll
        try reload()
    }

    public var current: ArticleRow? { rows.indices.contains(cursor) ? rows[cursor] : nil }

    /// Whether the rows come from more than one account (the list then names each row's account).
    public var spansAccounts: Bool {
        guard let first = rows.first?.accountID else { return false }
        return rows.contains { $0.accountID != first }
    }

    /// Reads the rows and counts again, keeping the cursor on the same article when it is still shown.
    public func reload() throws(AccountsError) {
        let keep = current?.id
        let store = manager.store, query = query
        counted = true
        if query.filter != nil || query.search != nil {
            let tally = try storing { try store.articles.tally(query) }
            (total, counts) = (tally.total, (tally.unread, tally.starred))
        } else {
            // The scope's counters, kept by triggers, cost no article read; the rows are counted
            // only when a window from the end needs its position.
            total = query.fromEnd ? try storing { try store.articles.total(query) } : nil
            counts = try scopeCounters()
        }
        let loaded = try storing { try store.articles.list(query) }
        rows = query.fromEnd ? loaded.reversed() : loaded
        let whole = rows.count < query.limit
        if query.fromEnd && whole {
            // The window from the end reaches the top: it is the whole list, read from the top.
            self.query.fromEnd = false
        }
        isComplete = query.fromEnd || whole
        windowStart = query.fromEnd && !whole ? max(0, (total ?? rows.count) - rows.count) : 0
        if whole { total = rows.count }
        cursor = keep.flatMap { id in rows.firstIndex { $0.id == id } } ?? min(cursor, max(rows.count - 1, 0))
    }

    /// Shows the articles matching `words` in the same scope (best match first), or the scope's
    /// list again for nil; the cursor goes to the first row.
    /// The unread and starred counts of the list as they are now: the scope's counters, or a
    /// tally of what a filter or a search leaves.
    func currentCounts() throws(AccountsError) -> (unread: Int, starred: Int) {
        guard query.filter != nil || query.search != nil else { return try scopeCounters() }
        let store = manager.store, query = query
        let tally = try storing { try store.articles.tally(query) }
        return (tally.unread, tally.starred)
    }

    private func scopeCounters() throws(AccountsError) -> (unread: Int, starred: Int) {
        let store = manager.store, query = query
        return try storing { try store.articles.counters(accountID: query.accountID, folderID: query.folderID, feedID: query.feedID) }
    }

    public func search(_ words: String?) throws(AccountsError) {
        query.search = words.flatMap { $0.isEmpty ? nil : $0 }
        query.limit = pageSize
        query.fromEnd = false
        cursor = 0
        rows = []
        try reload()
    }

    /// Shows another scope — an account (or all), a folder or a feed, the filters kept — from its
    /// first row (a feed pane's Enter). A search is left: the scope's list is shown whole.
    public func rescope(accountID: Int64?, folderID: Int64?, feedID: Int64?) throws(AccountsError) {
        (query.accountID, query.folderID, query.feedID) = (accountID, folderID, feedID)
        try search(nil)
    }

    /// Moves the cursor by `offset` rows, loading the next page when it comes near the end (or,
    /// below a jump to the end, the page before the first loaded).
    public func move(by offset: Int) throws(AccountsError) {
        guard !rows.isEmpty else { return }
        if offset > 0 { try loadThrough(cursor + offset + 1) }
        while cursor + offset < 0 && windowStart > 0 { try loadPage() }
        let target = min(max(cursor + offset, 0), rows.count - 1)
        if markReadOnScroll && target > cursor { try setRead(rows[cursor..<target].map(\.id), .read) }
        cursor = target
    }

    /// To the first row of the list; when rows were loaded from its end, its first page is read.
    public func moveToTop() throws(AccountsError) {
        if windowStart > 0 { try readWindow(fromEnd: false) }
        try move(by: -cursor)
    }

    /// To the last row of the list. A list longer than what is loaded is read from its end, one
    /// page, so the end of a million articles costs what the top does; moving up from there
    /// loads the pages before it.
    public func moveToBottom() throws(AccountsError) {
        if !isComplete { try readWindow(fromEnd: true) }
        try move(by: rows.count - 1 - cursor)
    }

    /// Moves to the nearest unread article after (or before) the cursor in the list's order —
    /// across every feed and folder of the scope. When the scope is one feed with no unread
    /// article that way, the list becomes the next (or previous) feed with unread articles, in
    /// `feed list` order, at its first unread one. False when there is none anywhere.
    @discardableResult
    public func moveToUnread(forward: Bool) throws(AccountsError) -> Bool {
        if let index = nearestUnreadLoaded(forward: forward) { return try land(index) }
        if query.search == nil, let id = current?.id {
            let store = manager.store, query = query
            if let found = try storing({ try store.articles.unreadNeighbour(of: id, in: query, forward: forward) }) {
                while !rows.contains(where: { $0.id == found }) && (forward ? !isComplete : windowStart > 0) {
                    try loadPage()
                }
                if let index = rows.firstIndex(where: { $0.id == found }) { return try land(index) }
            }
        }
        guard let feedID = query.feedID, let next = try neighbourFeedWithUnread(of: feedID, forward: forward) else { return false }
        query.feedID = next
        query.limit = pageSize
        query.fromEnd = false
        rows = []
        cursor = 0
        try reload()
        if current?.read == .unread { return true }
        guard let index = nearestUnreadLoaded(forward: true) ?? nearestUnreadLoaded(forward: false) else { return true }
        cursor = index
        return true
    }

    /// Read ↔ unread for the article at the cursor; returns its new state.
    @discardableResult
    public func toggleRead() throws(AccountsError) -> ReadState? {
        guard let article = current else { return nil }
        let state: ReadState = article.read == .read ? .unread : .read
        try setRead([article.id], state)
        return state
    }

    /// Stars the article at the cursor, or takes its star away; returns whether it is starred now.
    @discardableResult
    public func toggleStar() throws(AccountsError) -> Bool? {
        guard let article = current else { return nil }
        let outcome = try manager.mark([article.id], as: article.starred ? .unstar : .star, push: .later)
        if outcome.changed > 0 { unflushed.formUnion(outcome.accountIDs) }
        try refresh([article.id])
        return !article.starred
    }

    /// Marks read the article at the cursor (reading it does).
    public func markCurrentRead() throws(AccountsError) {
        guard let article = current, article.read != .read else { return }
        try setRead([article.id], .read)
    }

    /// Marks every article of what is shown read, as `article mark-all-read` does for its scope:
    /// one intent per account, which a server applies to its own entries too. A search shows a
    /// selection, not a scope: then exactly the loaded rows are marked. Returns how many changed.
    @discardableResult
    public func markShownRead() throws(AccountsError) -> Int {
        if query.search != nil {
            let ids = rows.filter { $0.read != .read }.map(\.id)
            try setRead(ids, .read)
            return ids.count
        }
        let outcome = try manager.markAllRead(query, push: .later)
        unflushed.formUnion(outcome.accountIDs)
        try reload()
        return outcome.changed
    }

    /// Whether marking what is shown read would reach a server, which may hold unread articles
    /// the store does not.
    public var markShownReadReachesServer: Bool {
        get throws(AccountsError) {
            let store = manager.store, query = query
            return query.search == nil ? try storing { try store.states.reachesServer(markingAllRead: query) } : false
        }
    }

    /// Pushes the marks made since the last flush, as every mark's short push does: true when
    /// they reached the servers, false when one stays queued for the next sync, nil when no
    /// server account is involved (or nothing waited).
    public func flush() throws(AccountsError) -> Bool? {
        guard !unflushed.isEmpty else { return nil }
        let accounts = unflushed
        unflushed = []
        return try manager.flushMarks(accountIDs: accounts)
    }

    private func setRead(_ ids: [Int64], _ state: ReadState) throws(AccountsError) {
        guard !ids.isEmpty else { return }
        let outcome = try manager.mark(ids, as: state == .read ? .read : .unread, push: .later)
        if outcome.changed > 0 { unflushed.formUnion(outcome.accountIDs) }
        try refresh(ids)
    }

    /// Reads the state of the given rows again, and moves the counts by what changed (counting
    /// a filtered list again would cost a key its frame).
    private func refresh(_ ids: [Int64]) throws(AccountsError) {
        let store = manager.store
        for index in rows.indices where ids.contains(rows[index].id) {
            guard let state = try storing({ try store.articles.state(of: rows[index].id) }) else { continue }
            counts.unread += (state.read == .unread ? 1 : 0) - (rows[index].read == .unread ? 1 : 0)
            counts.starred += (state.starred ? 1 : 0) - (rows[index].starred ? 1 : 0)
            rows[index].read = state.read
            rows[index].starred = state.starred
        }
    }

    private func land(_ index: Int) throws(AccountsError) -> Bool {
        try move(by: index - cursor)
        return true
    }

    private func nearestUnreadLoaded(forward: Bool) -> Int? {
        forward ? rows.indices.dropFirst(cursor + 1).first { rows[$0].read == .unread }
            : rows.indices.prefix(cursor).last { rows[$0].read == .unread }
    }

    private func loadThrough(_ count: Int) throws(AccountsError) {
        while rows.count < count && !isComplete { try loadPage() }
    }

    /// Loads one more page: after the last row, or before the first when the rows were read
    /// from the end of the list. The cursor stays on its article.
    private func loadPage() throws(AccountsError) {
        query.limit = rows.count + pageSize
        try reload()
    }

    /// Reads one page from the top or from the end of the list, the cursor at its first row
    /// (from the top) or its last (from the end).
    private func readWindow(fromEnd: Bool) throws(AccountsError) {
        query.fromEnd = fromEnd
        query.limit = pageSize
        rows = []
        try reload()
        cursor = fromEnd ? max(rows.count - 1, 0) : 0
    }

    private func neighbourFeedWithUnread(of feedID: Int64, forward: Bool) throws(AccountsError) -> Int64? {
        let store = manager.store
        let feeds = try storing { try store.feeds.list() }
        guard let index = feeds.firstIndex(where: { $0.feed.id == feedID }) else { return nil }
        let after = forward ? Array(feeds[(index + 1)...]) : feeds[..<index].reversed()
        return after.first { $0.unreadCount > 0 }?.feed.id
    }
}
