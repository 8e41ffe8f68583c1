import FoundationEssentials

/// A local feed's read and starred articles, by article identity: the feed's guid, else what
/// stands in for one (see `LocalArticleID` and `ArticleIdentity`), the same on any machine that
/// fetches the feed. What a backup carries so that the marks survive a move.
public struct FeedMarks: Sendable, Equatable {
    public var read: [String]
    public var starred: [String]

    public init(read: [String] = [], starred: [String] = []) {
        self.read = read
        self.starred = starred
    }

    public var isEmpty: Bool { read.isEmpty && starred.isEmpty }
}

/// A local account's marks by article identity. Read from the articles' state and from the marks
/// a restore left waiting; restored onto stored articles at once, and for articles not fetched
/// yet into `restored_marks`, which the feed's next fetch applies once and forgets.
public struct ArticleMarksTable {
    let database: Database

    /// Every feed's marks of one account by feed id, identities sorted, marks waiting for a fetch included.
    public func marks(accountID: Int64) throws(StoreError) -> [Int64: FeedMarks] {
        try storeOperation {
            let rows = try database.query("""
                SELECT a.feed_id, substr(a.server_id, instr(a.server_id, '/') + 1), s.read = 'read', s.starred
                FROM articles a JOIN article_state s ON s.article_id = a.id
                WHERE a.account_id = ?1 AND (s.read = 'read' OR s.starred = 1)
                UNION ALL
                SELECT m.feed_id, m.identity, m.read, m.starred FROM restored_marks m JOIN feeds f ON f.id = m.feed_id
                WHERE f.account_id = ?1
                """, accountID) { ($0.int64(0), $0.string(1), $0.int(2) == 1, $0.int(3) == 1) }
            var read: [Int64: Set<String>] = [:], starred: [Int64: Set<String>] = [:]
            for (feed, identity, isRead, isStarred) in rows {
                if isRead { read[feed, default: []].insert(identity) }
                if isStarred { starred[feed, default: []].insert(identity) }
            }
            return Dictionary(uniqueKeysWithValues: Set(read.keys).union(starred.keys).map { feed in
                (feed, FeedMarks(read: (read[feed] ?? []).sorted(), starred: (starred[feed] ?? []).sorted()))
            })
        }
    }

    /// Gives a local feed the marks a backup carries: its stored articles take them now, the others
    /// wait for the feed's next fetch. Restoring the same marks again adds nothing. Returns the
    /// marks left waiting.
    @discardableResult
    public func restore(_ marks: FeedMarks, feedID: Int64, accountID: Int64) throws(StoreError) -> FeedMarks {
        try storeOperation {
            try database.write {
                let read = Set(marks.read), starred = Set(marks.starred)
                for identity in read.union(starred) {
                    try database.execute("""
                        INSERT INTO restored_marks (feed_id, identity, read, starred) VALUES (?, ?, ?, ?)
                        ON CONFLICT (feed_id, identity) DO UPDATE SET read = max(read, excluded.read), starred = max(starred, excluded.starred)
                        """, feedID, identity, read.contains(identity), starred.contains(identity))
                }
                try apply(feedID: feedID, accountID: accountID, forgettingTheRest: false)
                let waiting = try database.query("SELECT identity, read, starred FROM restored_marks WHERE feed_id = ?", feedID) {
                    ($0.string(0), $0.int(1) == 1, $0.int(2) == 1)
                }
                return FeedMarks(read: waiting.filter(\.1).map(\.0), starred: waiting.filter(\.2).map(\.0))
            }
        }
    }

    /// After a fetch stored the feed's articles: the waiting marks of those that arrived are
    /// applied, and all the feed's waiting marks are forgotten (what the feed no longer lists will
    /// not arrive later), so each is applied once. Returns how many articles took a mark.
    @discardableResult
    public func applyAfterFetch(feedID: Int64, accountID: Int64) throws(StoreError) -> Int {
        try storeOperation {
            // One probe: nearly every fetch has no restored marks waiting.
            guard try database.scalarInt("SELECT EXISTS (SELECT 1 FROM restored_marks WHERE feed_id = ?)", feedID) == 1 else { return 0 }
            return try database.write { try apply(feedID: feedID, accountID: accountID, forgettingTheRest: true) }
        }
    }

    @discardableResult
    private func apply(feedID: Int64, accountID: Int64, forgettingTheRest: Bool) throws -> Int {
        // A mark's article, by the id a local article is stored under: "FEED/IDENTITY" (LocalArticleID).
        let article = "a.account_id = ?1 AND a.server_id = CAST(m.feed_id AS TEXT) || '/' || m.identity"
        let matched = "SELECT a.id FROM restored_marks m JOIN articles a ON \(article) WHERE m.feed_id = ?2"
        let now = Date().timeIntervalSince1970
        try database.execute("UPDATE article_state SET read = 'read', changed_at = ?3 WHERE read IS NOT 'read' AND article_id IN (\(matched) AND m.read = 1)",
                             accountID, feedID, now)
        try database.execute("UPDATE article_state SET starred = 1, changed_at = ?3 WHERE starred = 0 AND article_id IN (\(matched) AND m.starred = 1)",
                             accountID, feedID, now)
        let applied = try database.scalarInt("SELECT count(*) FROM (\(matched))", accountID, feedID)
        if forgettingTheRest {
            try database.execute("DELETE FROM restored_marks WHERE feed_id = ?", feedID)
        } else {
            try database.execute("DELETE FROM restored_marks AS m WHERE m.feed_id = ?2 AND EXISTS (SELECT 1 FROM articles a WHERE \(article))",
                                 accountID, feedID)
        }
        return applied
    }
}
