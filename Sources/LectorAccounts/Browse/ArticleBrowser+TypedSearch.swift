import LectorStore

extension ArticleBrowser {
    /// What the browser shows, kept so that a search typed in and given up (Escape) puts the
    /// list back exactly as it was: its rows, cursor and counts, with no query run.
    public struct Shown {
        fileprivate let query: ArticleQuery
        fileprivate let rows: [ArticleRow]
        fileprivate let cursor: Int
        /// The counts of an uncounted typed page (its own rows'); a counted list's are read again.
        fileprivate let counts: (unread: Int, starred: Int)
        fileprivate let isComplete: Bool
        fileprivate let windowStart: Int
        fileprivate let total: Int?
        fileprivate let counted: Bool
    }

    /// What is shown now.
    public var shown: Shown {
        Shown(query: query, rows: rows, cursor: cursor, counts: counts, isComplete: isComplete, windowStart: windowStart,
              total: total, counted: counted)
    }

    /// Shows `shown` again, as it was kept; the states of its rows and the counts are read again
    /// (articles may have been marked in a search kept meanwhile, or a sync run), one look-up per
    /// row loaded.
    public func show(_ shown: Shown) throws(AccountsError) {
        (query, rows, cursor) = (shown.query, shown.rows, shown.cursor)
        (isComplete, windowStart, total, counted) = (shown.isComplete, shown.windowStart, shown.total, shown.counted)
        let store = manager.store
        for index in rows.indices {
            guard let state = try storing({ try store.articles.state(of: rows[index].id) }) else { continue }
            (rows[index].read, rows[index].starred) = (state.read, state.starred)
        }
        counts = shown.counted ? try currentCounts() : shown.counts
    }

    /// A search as it is typed: the first `limit` matches of `words` in the same scope (the
    /// store's full-text search, as `article list --search` runs it, the last word a prefix), the
    /// last stored first (`searchByArrival`), the cursor on the first. Only those rows are read —
    /// a key costs a page of the screen's size whatever the store holds, where ranking would
    /// score every match — so the matches are not counted (`counted` is false) unless they all
    /// fit; `search(_:)` (Enter) keeps the order, counts them and pages on. Empty `words`: the
    /// scope's list, as `search(nil)` shows it.
    public func typeSearch(_ words: String, limit: Int) throws(AccountsError) {
        guard !words.isEmpty else { return try search(nil) }
        var typed = query
        typed.search = words
        // The last stored matches first: a page then costs its own rows, not a score for every match.
        typed.searchByArrival = true
        typed.limit = max(1, limit)
        typed.fromEnd = false
        let store = manager.store, page = typed
        let found = try storing { try store.articles.list(page) }
        (query, rows, cursor, windowStart) = (typed, found, 0, 0)
        isComplete = found.count < typed.limit
        total = isComplete ? found.count : nil
        counted = isComplete
        if isComplete { counts = (found.count(where: { $0.read == .unread }), found.count(where: { $0.starred })) }
    }
}
