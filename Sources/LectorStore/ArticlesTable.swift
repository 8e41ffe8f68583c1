import FoundationEssentials

/// Queries over `articles` and `article_state`.
public struct ArticlesTable {
    let database: Database

    /// When an article counts as being from, for lists: its publish date, else when it arrived,
    /// and never later than it arrived (see `Schema.listedAt`). `articles_by_time` and
    /// `articles_by_feed_time` are on this column.
    static let listingTime = "listed_at"

    /// Inserts an article, or updates it when the server id is already known. Applying the same
    /// page twice changes nothing: the update only touches rows whose content differs, and state
    /// is set only for new rows (existing state belongs to the sync engine's reconciliation).
    /// Returns the local id and whether the article is new.
    @discardableResult
    public func upsert(accountID: Int64, feedID: Int64, _ article: IncomingArticle, read: ReadState = .unknown,
                       starred: Bool = false) throws(StoreError) -> (id: Int64, inserted: Bool) {
        try storeOperation {
            // Joins the caller's transaction without a savepoint (`writeJoining`): every caller
            // (a sync page, the starred archive, the demo library) lets an error end its whole
            // transaction, so a savepoint per article (two statements more each) protects nothing.
            try database.writeJoining {
                // New rows (the common case in a sync) cost one statement; a known server id falls
                // through to the update, which only touches rows whose content differs.
                try database.execute("""
                    INSERT INTO articles (account_id, feed_id, server_id, url, title, author, summary, content_html,
                                          text, published_at, updated_at, fetched_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (account_id, server_id) DO NOTHING
                    """, accountID, feedID, article.serverID, article.url, article.title, article.author,
                    article.summary, article.contentHTML, article.text, article.publishedAt, article.updatedAt,
                    Date().timeIntervalSince1970)
                if database.changes == 1 {
                    let id = database.lastInsertedRowID
                    try database.execute("INSERT INTO article_state (article_id, read, starred) VALUES (?, ?, ?)",
                                         id, read.rawValue, starred)
                    return (id, true)
                }
                let existing = try database.queryFirst(
                    "SELECT id FROM articles WHERE account_id = ? AND server_id = ?", accountID, article.serverID,
                    row: { $0.int64(0) }) ?? 0
                try database.execute("""
                    UPDATE articles SET feed_id = ?2, url = ?3, title = ?4, author = ?5, summary = ?6,
                           content_html = ?7, text = ?8, published_at = ?9, updated_at = ?10
                    WHERE id = ?1 AND (feed_id IS NOT ?2 OR url IS NOT ?3 OR title IS NOT ?4 OR author IS NOT ?5
                           OR summary IS NOT ?6 OR content_html IS NOT ?7 OR text IS NOT ?8
                           OR published_at IS NOT ?9 OR updated_at IS NOT ?10)
                    """, existing, feedID, article.url, article.title, article.author, article.summary,
                    article.contentHTML, article.text, article.publishedAt, article.updatedAt)
                return (existing, false)
            }
        }
    }

    /// Articles matching the query: newest first, or best match first when searching.
    public func list(_ query: ArticleQuery) throws(StoreError) -> [ArticleRow] {
        var query = query
        if !query.includeHidden { query.excludesHidden = try anyHidden() }
        try keyCopies(query)
        return try storeOperation {
            let excerpt = try query.search.flatMap { search throws(DatabaseError) in
                SearchExcerpt(search: search, tokenizer: try database.searchTokenizer())
            }
            // The rows of `query`; with `keeping`, only those it keeps (of `read` rows read), and
            // no more than `upTo`: the rows after them are not read.
            func page(_ query: ArticleQuery, keeping: SearchPrefixNarrowing? = nil, upTo: Int = .max, read: inout Int) throws -> [ArticleRow] {
                guard let (sql, arguments) = Self.listStatement(query, indexPlan: try indexPlan(query)) else { return [] }
                read = 0
                return try database.query(sql, arguments: arguments, keeping: upTo) { row -> ArticleRow? in
                    let title = row.string(5), summary = row.optionalString(11)
                    read += 1
                    if let keeping, !row.withUTF8(12, { keeping.matches(title: title, text: $0) }) { return nil }
                    return ArticleRow(id: row.int64(0), accountID: row.int64(1), feedID: row.int64(2), feedTitle: row.string(3),
                                          serverID: row.string(4), title: title, url: row.optionalString(6),
                                          author: row.optionalString(7), publishedAt: row.optionalDouble(8),
                                          read: ReadState(rawValue: row.string(9)) ?? .unknown, starred: row.bool(10),
                                          summary: summary, opening: summary?.isEmpty == false ? nil : row.withUTF8(12, Self.opening),
                                          wordCount: row.wordCount(12),
                                          snippet: excerpt.flatMap { excerpt in row.withUTF8(12) { excerpt.excerpt(title: title, text: $0) } })
                }
            }
            return try caughtUp(query) {
                var read = 0
                if let narrowing = SearchPrefixNarrowing(query, tokenizer: try database.searchTokenizer()) {
                    let kept = try page(narrowing.candidates, keeping: narrowing, upTo: query.limit, read: &read)
                    // A full page, or every hit of the cut prefix read: the full search's rows.
                    if kept.count >= query.limit || read < narrowing.candidates.limit { return Array(kept.prefix(query.limit)) }
                }
                return try page(query, read: &read)
            }
        }
    }

    /// What `list` shows for `query`, counted whatever its limit and offset: how many articles,
    /// how many of them unread and how many starred — the counts of a filtered list, which the
    /// feeds' counters cannot give.
    public func tally(_ query: ArticleQuery) throws(StoreError) -> (total: Int, unread: Int, starred: Int) {
        try tally(query, states: true)
    }

    /// How many articles `list` shows for `query`, whatever its limit and offset. Cheaper than
    /// `tally`: the states are read only when the query filters on them.
    public func total(_ query: ArticleQuery) throws(StoreError) -> Int {
        if let counted = try totalFromCounters(query) { return counted }
        return try tally(query, states: false).total
    }

    /// A whole scope's rows — an account (or all), a folder or a feed, all of them or only its
    /// unread or starred ones — as the feeds' counters (kept by triggers) have them, no article
    /// read: counting a million rows over an index cost `G` in `browse` 20–30 ms. Nil when the
    /// list leaves out articles the counters count (a search, a filter, `since`, hidden articles,
    /// collapsed copies) or filters on both states.
    private func totalFromCounters(_ query: ArticleQuery) throws(StoreError) -> Int? {
        guard query.search == nil, query.filter == nil, query.since == nil, !query.collapseDuplicates,
              !(query.unreadOnly && query.starredOnly) else { return nil }
        if !query.includeHidden, try anyHidden() { return nil }
        let column = query.unreadOnly ? "unread_count" : query.starredOnly ? "starred_count" : "article_count"
        return try storeOperation {
            try database.scalarInt("""
                SELECT coalesce(sum(\(column)), 0) FROM feeds
                WHERE (?1 IS NULL OR account_id = ?1) AND (?2 IS NULL OR folder_id = ?2) AND (?3 IS NULL OR id = ?3)
                """, query.accountID, query.folderID, query.feedID)
        }
    }

    private func tally(_ query: ArticleQuery, states: Bool) throws(StoreError) -> (total: Int, unread: Int, starred: Int) {
        var query = query
        query.limit = -1
        query.offset = 0
        if !query.includeHidden { query.excludesHidden = try anyHidden() }
        try keyCopies(query)
        guard let (sql, arguments) = Self.tallyStatement(query, states: states) else { return (0, 0, 0) }
        return try storeOperation {
            try caughtUp(query) {
                try database.query(sql, arguments: arguments) { ($0.int(0), $0.int(1), $0.int(2)) }.first ?? (0, 0, 0)
            }
        }
    }

    /// Runs `read` once the full-text index has caught up, when the query reads it. Articles a
    /// sync stored but did not index yet (it was stopped) are indexed first. The check and the
    /// read share one read transaction: each statement on its own takes and drops the file's read
    /// lock, a tenth of what a rare word's search costs.
    private func caughtUp<T>(_ query: ArticleQuery, _ read: () throws -> T) throws -> T {
        if query.filter != nil { try database.registerFilterFunctions() }
        guard (query.search != nil || Self.filterUsesIndex(query)) && database.mode == .readWrite else { return try read() }
        let index = SearchIndex(database: database)
        if let found = try database.read({ try index.pendingCount() == 0 ? read() : nil }) { return found }
        try index.feedBacklog()
        return try read()
    }

    /// The statement `tally` runs: the rows `list` would read, counted, and with `states` their
    /// unread and starred ones too (otherwise those are 0). ?7 (the limit, -1) is the LIMIT of the
    /// one row the count is, so the arguments are those of `listStatement`.
    static func tallyStatement(_ query: ArticleQuery, states: Bool) -> (sql: String, arguments: [any SQLBindable])? {
        let ftsQuery = query.search.flatMap(FTS5Query.matchingAllTokens(in:))
        if query.search != nil && ftsQuery == nil { return nil }
        var arguments: [any SQLBindable] = [query.accountID, query.feedID, query.folderID, query.unreadOnly, query.starredOnly,
                                            query.since, query.limit]
        if let ftsQuery { arguments.append(ftsQuery) }
        let filter = query.filter.map { FilterSQL($0, firstParameter: 9, now: query.now) }
        if let filter, !filter.arguments.isEmpty { arguments += (ftsQuery == nil ? [SQLValue.null] : []) + filter.arguments }
        let folderJoin = query.folderID == nil ? "" : "JOIN feeds f ON f.id = a.feed_id AND f.folder_id = ?3"
        let state = states ? "CROSS JOIN article_state s ON s.article_id = a.id"
            + (query.unreadOnly ? " AND s.read = 'unread'" : "") + (query.starredOnly ? " AND s.starred = 1" : "")
            : crossed(stateFilter(query, "a", "s"))
        let counted = states ? "count(*), coalesce(sum(s.read = 'unread'), 0), coalesce(sum(s.starred), 0)" : "count(*), 0, 0"
        let source = ftsQuery == nil ? "articles a" : "articles_fts CROSS JOIN articles a ON a.id = articles_fts.rowid"
        let conditions = (ftsQuery == nil ? "" : "articles_fts MATCH ?8 AND ") + filters(query, "a")
            + (filter.map { " AND " + $0.condition } ?? "")
        return ("""
            SELECT \(counted) FROM \(source) \(crossed(folderJoin)) \(state)
            WHERE \(conditions) LIMIT ?7
            """, arguments)
    }

    /// The SQL `list` runs for `query` and its arguments (?1 account, ?2 feed, ?3 folder, ?4 unread
    /// only, ?5 starred only, ?6 since, ?7 limit, ?8 the FTS5 query, ?9… the filter's); nil when a search has no
    /// words to look for. Its columns are those of `ArticleRow`, then the article's text.
    /// Internal so the plan tests explain exactly what runs.
    static func listStatement(_ query: ArticleQuery, indexPlan: FilterSQL.IndexPlan? = nil) -> (sql: String, arguments: [any SQLBindable])? {
        let ftsQuery = query.search.flatMap { FTS5Query.matchingAllTokens(in: $0, lastWordWhole: query.lastWordWhole) }
        if query.search != nil && ftsQuery == nil { return nil }
        var arguments: [any SQLBindable] = [query.accountID, query.feedID, query.folderID, query.unreadOnly, query.starredOnly,
                                            query.since, query.limit]
        if let ftsQuery { arguments.append(ftsQuery) }
        if ftsQuery != nil && !query.hasFilters { return (rankedSearch(query), arguments) }
        // A filter's own arguments start at ?9, after the FTS5 query's place.
        let filter = query.filter.map { FilterSQL($0, firstParameter: 9, now: query.now, indexPlan: indexPlan) }
        if let filter, !filter.arguments.isEmpty { arguments += (ftsQuery == nil ? [SQLValue.null] : []) + filter.arguments }
        // Feeds and state are joined only when a filter needs them; otherwise the output reads them
        // through subqueries, evaluated only for the rows that make the page.
        let folderJoin = query.folderID == nil ? "" : "JOIN feeds f ON f.id = a.feed_id AND f.folder_id = ?3"
        let stateJoin = stateFilter(query, "a", "s")
        let filters = Self.filters(query, "a") + (filter.map { " AND " + $0.condition } ?? "")
        let columns = """
            a.id, a.account_id, a.feed_id, (SELECT title FROM feeds WHERE id = a.feed_id), a.server_id, a.title,
            a.url, a.author, a.published_at, (SELECT read FROM article_state WHERE article_id = a.id),
            (SELECT starred FROM article_state WHERE article_id = a.id), a.summary
            """
        // Offsets are integers the caller computed, written into the text: a placeholder would
        // move every filter parameter after it.
        let skip = query.offset > 0 ? " OFFSET \(query.offset)" : ""
        guard ftsQuery != nil else {
            let direction = query.newestFirst != query.fromEnd ? "DESC" : "ASC"
            let order = query.byArrival ? "ORDER BY a.id \(direction) LIMIT ?7\(skip)"
                : "ORDER BY a.listed_at \(direction), a.id \(direction) LIMIT ?7\(skip)"
            // (A filter is not in the cutoff below: a filtered folder walks articles_by_time too.)
            guard query.folderID != nil && query.feedID == nil && filter == nil && !query.byArrival else {
                // A feed's page is one range of articles_by_feed_time; the others walk articles_by_time.
                // CROSS JOIN keeps the articles outer: with the state first, an unread list would
                // read every unread article from the state index and sort them.
                return ("""
                    SELECT \(columns), \(wordCount) FROM articles a \(crossed(folderJoin)) \(crossed(stateJoin))
                    WHERE \(filters) \(order)
                    """, arguments)
            }
            // A folder's page: only each feed's own first page can make it, so a feed's articles
            // are read from articles_by_feed_time down to the time of its limit-th match (found by
            // the same index) and only those are sorted — never all of the folder's articles.
            let (bound, beyond) = direction == "DESC" ? (">=", "-1e308") : ("<=", "1e308")
            let cutoff = """
                (SELECT x.listed_at FROM articles x \(stateFilter(query, "x", "xs"))
                 WHERE x.feed_id = f.id AND \(Self.filters(query, "x"))
                 ORDER BY x.listed_at \(direction), x.id \(direction) LIMIT 1 OFFSET ?7 + \(query.offset) - 1)
                """
            return ("""
                SELECT \(columns), \(wordCount)
                FROM feeds f CROSS JOIN articles a ON a.feed_id = f.id
                     AND a.listed_at \(bound) coalesce(\(cutoff), \(beyond))
                \(crossed(stateJoin))
                WHERE f.folder_id = ?3 AND \(filters)
                \(order)
                """, arguments)
        }
        // A filtered search: FTS5 hands out its hits best first when the order is `rank` alone
        // and the index is the outer loop (CROSS JOIN keeps it there), so only as many articles
        // are read as it takes to fill the page. (Ranking first and filtering after would read
        // every hit's article: a third of a million for a common word in a million articles.)
        return ("""
            SELECT \(columns), \(wordCount)
            FROM articles_fts CROSS JOIN articles a ON a.id = articles_fts.rowid \(crossed(folderJoin)) \(crossed(stateJoin))
            WHERE articles_fts MATCH ?8 AND \(filters)
            ORDER BY \(query.searchByArrival ? "articles_fts.rowid " + (query.fromEnd ? "ASC" : "DESC") : query.fromEnd ? "rank DESC" : "rank")
            LIMIT ?7\(skip)
            """, arguments)
    }

    /// A search with nothing but words: the page is the best `limit` hits alone. Ranked by bm25
    /// under a LIMIT, SQLite keeps only the best rows as it goes, where `ORDER BY rank` has FTS5
    /// sort every hit first (SQLite 3.40 passes it no limit): a third slower for a common word.
    /// The page's rows are then known, so its feeds and states are joined, one look-up each.
    private static func rankedSearch(_ query: ArticleQuery) -> String {
        let order = query.searchByArrival ? "hit " + (query.fromEnd ? "ASC" : "DESC") : query.fromEnd ? "score DESC" : "score"
        // In arrival order no score is read: bm25 counts every match of each word first.
        return """
            SELECT a.id, a.account_id, a.feed_id, f.title, a.server_id, a.title, a.url, a.author, a.published_at,
                   s.read, s.starred, a.summary, \(wordCount)
            FROM (SELECT rowid AS hit\(query.searchByArrival ? "" : ", bm25(articles_fts) AS score") FROM articles_fts WHERE articles_fts MATCH ?8
                  ORDER BY \(order) LIMIT ?7\(query.offset > 0 ? " OFFSET \(query.offset)" : ""))
            CROSS JOIN articles a ON a.id = hit CROSS JOIN feeds f ON f.id = a.feed_id
            LEFT JOIN article_state s ON s.article_id = a.id
            ORDER BY \(order)
            """
    }

    /// Below this many hits, the rarest phrase a filter requires is read first; from it on, its
    /// rows are tested as the list walks (`FilterSQL.IndexPlan`). Reading H hits costs about H
    /// row reads; walking to a page of L costs about L × articles ÷ H index probes, and the two
    /// meet near here for a page of 20 in a million articles. The count stops at the limit.
    static let drivingHitLimit = 5_000

    /// How a page reads its filter's full-text tests: nil for a search or a filter without
    /// them, or one that requires none (an `or` of them is left to SQLite's own plan).
    func indexPlan(_ query: ArticleQuery, drivingHitLimit: Int = drivingHitLimit) throws -> FilterSQL.IndexPlan? {
        guard query.search == nil, let phrases = query.filter?.requiredPhrases, !phrases.isEmpty else { return nil }
        var rarest: (phrase: String, hits: Int)?
        for phrase in phrases {
            let hits = try database.scalarInt("SELECT count(*) FROM (SELECT 1 FROM articles_fts WHERE articles_fts MATCH ? LIMIT ?)",
                                              phrase, drivingHitLimit)
            if hits < rarest?.hits ?? drivingHitLimit { rarest = (phrase, hits) }
        }
        return FilterSQL.IndexPlan(driving: rarest?.phrase)
    }

    /// Keys the articles stored since the last list that collapses copies, so that it knows them.
    private func keyCopies(_ query: ArticleQuery) throws(StoreError) {
        guard query.collapseDuplicates, database.mode == .readWrite else { return }
        try ArticleCopies(database: database).catchUp()
    }

    /// Whether a rule or `sync.duplicates` hid any article (a probe of `rule_hits` and one of
    /// `article_copies`): lists leave hidden ones out.
    private func anyHidden() throws(StoreError) -> Bool {
        try storeOperation {
            try database.scalarInt("""
                SELECT EXISTS (SELECT 1 FROM rule_hits WHERE action = 'hide') OR EXISTS (SELECT 1 FROM article_copies WHERE handled = 'hide')
                """) == 1
        }
    }

    /// Whether the query's filter reads the full-text index, which must have caught up first.
    private static func filterUsesIndex(_ query: ArticleQuery) -> Bool {
        query.filter.map { FilterSQL($0, firstParameter: 1, now: query.now).usesIndex } ?? false
    }

    /// The conditions on `article` a query sets, written so an index can serve them (a condition
    /// like `?2 IS NULL OR feed_id = ?2` cannot use one).
    private static func filters(_ query: ArticleQuery, _ article: String) -> String {
        var conditions = ["1"]
        if query.accountID != nil { conditions.append("\(article).account_id = ?1") }
        if query.feedID != nil { conditions.append("\(article).feed_id = ?2") }
        if query.since != nil { conditions.append("\(article).published_at >= ?6") }
        if query.excludesHidden {
            conditions.append("NOT EXISTS (SELECT 1 FROM rule_hits h WHERE h.article_id = \(article).id AND h.action = 'hide')")
            conditions.append("NOT EXISTS (SELECT 1 FROM article_copies d WHERE d.article_id = \(article).id AND d.handled = 'hide')")
        }
        if query.collapseDuplicates {
            conditions.append("NOT EXISTS (SELECT 1 FROM article_copies d WHERE d.article_id = \(article).id AND d.first_id IS NOT NULL)")
        }
        return conditions.joined(separator: " AND ")
    }

    /// The join on `article`'s state an unread or starred filter needs; empty otherwise.
    private static func stateFilter(_ query: ArticleQuery, _ article: String, _ state: String) -> String {
        guard query.unreadOnly || query.starredOnly else { return "" }
        return "JOIN article_state \(state) ON \(state).article_id = \(article).id"
            + (query.unreadOnly ? " AND \(state).read = 'unread'" : "") + (query.starredOnly ? " AND \(state).starred = 1" : "")
    }

    /// A filter's join, kept after the full-text index in the join order.
    private static func crossed(_ join: String) -> String { join.isEmpty ? "" : "CROSS " + join }

    /// The column `Row.wordCount` counts an article's words from, the same way for a list and
    /// for the reader, so both show the same reading time.
    static let wordCount = "a.text"

    /// How much of an article's text a preview can show: five lines of a wide terminal.
    static let openingBytes = 1_200

    /// The first `openingBytes` of a text, cut after the last whole word; nil for no text.
    static func opening(_ text: UnsafeBufferPointer<UInt8>) -> String? {
        guard !text.isEmpty else { return nil }
        guard text.count > openingBytes else { return String(decoding: text, as: UTF8.self) }
        let head = text[..<openingBytes]
        let end = head.lastIndex(of: 0x20) ?? head.endIndex
        return String(decoding: text[..<end], as: UTF8.self)
    }

    /// One article by local id, if it exists.
    public func article(_ id: Int64) throws(StoreError) -> ArticleRow? {
        try storeOperation {
            try database.queryFirst("""
                SELECT a.id, a.account_id, a.feed_id, f.title, a.server_id, a.title, a.url, a.author,
                       a.published_at, s.read, s.starred, a.summary, \(Self.wordCount)
                FROM articles a JOIN feeds f ON f.id = a.feed_id JOIN article_state s ON s.article_id = a.id
                WHERE a.id = ?
                """, id) { row in
                ArticleRow(id: row.int64(0), accountID: row.int64(1), feedID: row.int64(2), feedTitle: row.string(3),
                               serverID: row.string(4), title: row.string(5), url: row.optionalString(6),
                               author: row.optionalString(7), publishedAt: row.optionalDouble(8),
                               read: ReadState(rawValue: row.string(9)) ?? .unknown, starred: row.bool(10),
                               summary: row.optionalString(11), wordCount: row.wordCount(12), snippet: nil)
            }
        }
    }

    /// The newest stored article of an account at an address (a reading-list item's), if any.
    public func id(accountID: Int64, url: String) throws(StoreError) -> Int64? {
        try storeOperation {
            try database.queryFirst("SELECT id FROM articles WHERE account_id = ? AND url = ? ORDER BY id DESC LIMIT 1",
                                    accountID, url) { $0.int64(0) }
        }
    }

    /// When a feed's newest article is from: its publish date, else when it arrived (an undated
    /// entry is as new as its first sighting). One step down `articles_by_feed_time`.
    public func newestListingTime(feedID: Int64) throws(StoreError) -> Double? {
        try storeOperation {
            try database.queryFirst("""
                SELECT \(Self.listingTime) FROM articles WHERE feed_id = ?
                ORDER BY \(Self.listingTime) DESC, id DESC LIMIT 1
                """, feedID) { $0.double(0) }
        }
    }

    /// Ids of articles whose title or text contain all the words typed, best match first.
    public func search(_ text: String, limit: Int = 50) throws(StoreError) -> [Int64] {
        try list(ArticleQuery(search: text, limit: limit)).map(\.id)
    }

    /// The body of one article as the feed or server delivered it.
    public func contentHTML(of articleID: Int64) throws(StoreError) -> String? {
        try storeOperation {
            try database.queryFirst("SELECT coalesce(content_html, summary) FROM articles WHERE id = ?", articleID) { $0.optionalString(0) } ?? nil
        }
    }

    /// The cached full content of an article, if it was extracted before.
    public func extractedHTML(of articleID: Int64) throws(StoreError) -> String? {
        try storeOperation { try database.queryFirst("SELECT html FROM article_extracts WHERE article_id = ?", articleID) { $0.string(0) } }
    }

    /// Caches the full content extracted for an article.
    public func saveExtractedHTML(_ html: String, for articleID: Int64) throws(StoreError) {
        try storeOperation {
            try database.execute("""
                INSERT INTO article_extracts (article_id, html, extracted_at) VALUES (?, ?, ?)
                ON CONFLICT (article_id) DO UPDATE SET html = excluded.html, extracted_at = excluded.extracted_at
                """, articleID, html, Date().timeIntervalSince1970)
        }
    }

    /// A finished summary cached under `key`, if any.
    public func summary(forKey key: String) throws(StoreError) -> String? {
        try storeOperation { try database.queryFirst("SELECT text FROM summaries WHERE cache_key = ?", key) { $0.string(0) } }
    }

    /// Caches a finished summary (never a partial one).
    public func saveSummary(_ text: String, forKey key: String, articleID: Int64) throws(StoreError) {
        try storeOperation {
            try database.execute("""
                INSERT INTO summaries (cache_key, article_id, text, created_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (cache_key) DO UPDATE SET text = excluded.text, created_at = excluded.created_at
                """, key, articleID, text, Date().timeIntervalSince1970)
        }
    }

    /// The plain text of an article, for summaries.
    public func text(of articleID: Int64) throws(StoreError) -> String {
        try storeOperation { try database.queryFirst("SELECT text FROM articles WHERE id = ?", articleID) { $0.string(0) } ?? "" }
    }

    /// The read state and star of one article.
    public func state(of articleID: Int64) throws(StoreError) -> (read: ReadState, starred: Bool)? {
        try storeOperation {
            try database.queryFirst("SELECT read, starred FROM article_state WHERE article_id = ?", articleID) { row in
                (ReadState(rawValue: row.string(0)) ?? .unknown, row.bool(1))
            }
        }
    }

    /// Unread and starred counts of what a list is of — an account (or all), one folder, one feed —
    /// for the list's counters. Neither reads any article: both sum the per-feed counters the
    /// triggers keep (a scan of all state rows cost 18 ms at 100,000 articles, on every
    /// `article list`).
    public func counters(accountID: Int64?, folderID: Int64? = nil, feedID: Int64? = nil) throws(StoreError) -> (unread: Int, starred: Int) {
        try storeOperation {
            try database.queryFirst(Self.counts, accountID, folderID, feedID) { ($0.int(0), $0.int(1)) } ?? (0, 0)
        }
    }

    static let counts = """
        SELECT coalesce(sum(unread_count), 0), coalesce(sum(starred_count), 0) FROM feeds
        WHERE (?1 IS NULL OR account_id = ?1) AND (?2 IS NULL OR folder_id = ?2) AND (?3 IS NULL OR id = ?3)
        """

    /// Number of articles, optionally of one account.
    public func count(accountID: Int64? = nil) throws(StoreError) -> Int {
        try storeOperation { try database.scalarInt("SELECT count(*) FROM articles WHERE ?1 IS NULL OR account_id = ?1", accountID) }
    }
}
