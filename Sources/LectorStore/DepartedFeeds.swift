import FoundationEssentials

/// What became of a feed the server stopped listing, as a sync run tells it.
public struct DepartedFeed: Sendable, Equatable {
    public var title: String
    public var url: String
    /// Articles kept in the feed: starred, labelled, or with a change not sent yet.
    public var kept: Int
    /// Of those, the starred ones.
    public var starred: Int
    /// Changes to its articles not sent yet (reads, stars, labels), kept to be sent.
    public var unsent: Int
    /// Articles removed with the feed's departure.
    public var removed: Int
    /// The server leaves hidden feeds out of its list (see `RemoteStructure.omitsHiddenFeeds`):
    /// the feed may be hidden there rather than unsubscribed.
    public var mayBeHidden = false

    /// True when nothing was kept, and the feed went with its articles.
    public var feedRemoved: Bool { kept == 0 }

    public init(title: String, url: String, kept: Int, starred: Int, unsent: Int, removed: Int) {
        (self.title, self.url, self.kept, self.starred, self.unsent, self.removed) = (title, url, kept, starred, unsent, removed)
    }
}

/// A feed leaving the server's list, inside the transaction that applies the server's structure.
/// What the user made in it is theirs, not the server's: its starred and labelled articles and
/// those with a change queued stay, in the feed, marked as gone from the server (sync no longer
/// reconciles their state with the server's sets, which no longer hold them); the rest goes.
struct DepartedFeeds {
    let database: Database

    /// The articles of feed ?1 the user made something of.
    static let keptCondition = """
        (EXISTS (SELECT 1 FROM article_state s WHERE s.article_id = a.id AND s.starred = 1)
         OR EXISTS (SELECT 1 FROM article_labels l WHERE l.article_id = a.id)
         OR EXISTS (SELECT 1 FROM pending_intents p WHERE p.article_id = a.id)
         OR EXISTS (SELECT 1 FROM pending_labels q WHERE q.article_id = a.id))
        """

    /// The feeds of an account that left its server, for a statement to leave their articles
    /// out of the server's id sets.
    static let departedFeedIDs = "SELECT id FROM feeds WHERE left_server_at IS NOT NULL"

    /// Takes feed `feedID` out of the server's structure: deleted with its articles when none is
    /// the user's, else kept with those only. Returns what happened the first time the feed
    /// leaves; nil when it had left before (it is deleted once nothing in it is kept any more).
    func leave(feedID: Int64, at now: Double) throws -> DepartedFeed? {
        guard let (title, url, leftBefore) = try database.queryFirst(
            "SELECT title, url, left_server_at IS NOT NULL FROM feeds WHERE id = ?", feedID,
            row: { ($0.string(0), $0.string(1), $0.int(2) == 1) }) else { return nil }
        let kept = try database.scalarInt("SELECT count(*) FROM articles a WHERE a.feed_id = ? AND \(Self.keptCondition)", feedID)
        if leftBefore {
            if kept == 0 { try database.execute("DELETE FROM feeds WHERE id = ?", feedID) }
            return nil
        }
        if kept == 0 {
            let removed = try database.scalarInt("SELECT count(*) FROM articles WHERE feed_id = ?", feedID)
            try database.execute("DELETE FROM feeds WHERE id = ?", feedID)
            return DepartedFeed(title: title, url: url, kept: 0, starred: 0, unsent: 0, removed: removed)
        }
        let starred = try database.scalarInt("""
            SELECT count(*) FROM articles a JOIN article_state s ON s.article_id = a.id WHERE a.feed_id = ? AND s.starred = 1
            """, feedID)
        let unsent = try database.scalarInt("""
            SELECT (SELECT count(*) FROM pending_intents p JOIN articles a ON a.id = p.article_id WHERE a.feed_id = ?1)
                 + (SELECT count(*) FROM pending_labels q JOIN articles a ON a.id = q.article_id WHERE a.feed_id = ?1)
            """, feedID)
        try database.execute("DELETE FROM articles AS a WHERE a.feed_id = ? AND NOT \(Self.keptCondition)", feedID)
        let removed = database.changes
        try database.execute("UPDATE feeds SET left_server_at = ? WHERE id = ?", now, feedID)
        return DepartedFeed(title: title, url: url, kept: kept, starred: starred, unsent: unsent, removed: removed)
    }
}

extension Schema {
    /// v23: a feed the server stopped listing is kept while it holds the user's articles (starred,
    /// labelled, or with a change not sent), marked with when it left; a sync leaves its articles
    /// out of the server's id sets.
    static let departedFeeds = """
    ALTER TABLE feeds ADD COLUMN left_server_at REAL;
    """
}

extension FeedsTable {
    /// The account's feeds that left its server's list and are kept for the user's articles: not
    /// the server's to export, copy or compare a new subscription with.
    public func leftServer(accountID: Int64) throws(StoreError) -> Set<Int64> {
        try storeOperation {
            Set(try database.query("SELECT id FROM feeds WHERE account_id = ? AND left_server_at IS NOT NULL", accountID) { $0.int64(0) })
        }
    }
}
