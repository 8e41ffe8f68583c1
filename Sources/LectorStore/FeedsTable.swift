import FoundationEssentials

/// A feed with its folder and counts, for listings.
public struct FeedListing: Sendable, Equatable {
    public var feed: Feed
    public var accountName: String
    public var folderName: String?
    public var articleCount: Int
    public var unreadCount: Int
    /// Not fetched until resumed (`feed pause`); its articles and stars stay.
    public var paused = false
    /// The server stopped listing it (`feeds.left_server_at`): kept here for the user's articles
    /// in it, no longer subscribed there.
    public var leftServer = false
}

/// Queries over `feeds`.
public struct FeedsTable {
    let database: Database

    /// Feeds of one account (or all), optionally only those in one folder, by title.
    public func list(accountID: Int64? = nil, folderID: Int64? = nil) throws(StoreError) -> [FeedListing] {
        try storeOperation {
            try database.query("""
                SELECT f.id, f.account_id, f.folder_id, f.server_id, f.title, f.url, f.site_url,
                       a.name, fo.name, f.article_count, f.unread_count, f.login_user,
                       f.plain_http_host, f.title_is_placeholder, f.paused, f.left_server_at IS NOT NULL
                FROM feeds f
                JOIN accounts a ON a.id = f.account_id
                LEFT JOIN folders fo ON fo.id = f.folder_id
                WHERE (?1 IS NULL OR f.account_id = ?1) AND (?2 IS NULL OR f.folder_id = ?2)
                ORDER BY f.id
                """, accountID, folderID) { row in
                FeedListing(feed: Feed(id: row.int64(0), accountID: row.int64(1), folderID: row.optionalInt(2).map(Int64.init),
                                       serverID: row.string(3), title: row.string(4), url: row.string(5),
                                       siteURL: row.optionalString(6), loginUser: row.optionalString(11),
                                       plainHTTPHost: row.optionalString(12), titleIsPlaceholder: row.int(13) == 1),
                            accountName: row.string(7), folderName: row.optionalString(8),
                            articleCount: row.int(9), unreadCount: row.int(10), paused: row.int(14) == 1, leftServer: row.int(15) == 1)
            }
        }.sortedByNoCase { ($0.accountName, $0.feed.title) }
    }

    /// `titles`' query (?1 account or NULL, ?2 prefix): read from `feeds_by_title` alone, in order.
    /// Internal so the plan test explains exactly what runs. An empty prefix (Tab on a new word,
    /// the common case) skips the substr of every title (0.3 M instructions at 1,000 feeds).
    static let titlesSQL = """
        SELECT title FROM feeds
        WHERE (?1 IS NULL OR account_id = ?1) AND (?2 = '' OR substr(title, 1, length(?2)) = ?2 COLLATE NOCASE)
        ORDER BY title COLLATE NOCASE
        """

    /// Feed titles starting with `prefix` (case-insensitive), for completion, in NOCASE order.
    public func titles(accountID: Int64? = nil, prefix: String = "") throws(StoreError) -> [String] {
        try storeOperation {
            try database.query(Self.titlesSQL, accountID, prefix) { $0.string(0) }
        }
    }

    /// Adds a feed to an account; `titleIsPlaceholder`: the title is one Lector made up.
    @discardableResult
    public func insert(accountID: Int64, folderID: Int64?, serverID: String, title: String, url: String,
                       siteURL: String?, titleIsPlaceholder: Bool = false) throws(StoreError) -> Feed {
        try storeOperation {
            try database.execute("""
                INSERT INTO feeds (account_id, folder_id, server_id, title, url, site_url, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, accountID, folderID, serverID, title, url, siteURL, Date().timeIntervalSince1970)
            let id = database.lastInsertedRowID
            // Only a placeholder needs the column: a real title is inserted as before v13, on any schema a test builds.
            if titleIsPlaceholder { try database.execute("UPDATE feeds SET title_is_placeholder = 1 WHERE id = ?", id) }
            return Feed(id: id, accountID: accountID, folderID: folderID, serverID: serverID,
                        title: title, url: url, siteURL: siteURL, titleIsPlaceholder: titleIsPlaceholder)
        }
    }

    /// Changes a feed's title and site address; a title given here is real unless said otherwise.
    public func update(_ feedID: Int64, title: String, siteURL: String?, titleIsPlaceholder: Bool = false) throws(StoreError) {
        try storeOperation {
            try database.execute("UPDATE feeds SET title = ?, site_url = ?, title_is_placeholder = ? WHERE id = ?",
                                 title, siteURL, titleIsPlaceholder, feedID)
        }
    }

    /// Gives a feed whose title is a placeholder the title its fetch found; a real title stays.
    /// Returns whether the title changed.
    @discardableResult
    public func adoptFetchedTitle(_ feedID: Int64, _ title: String) throws(StoreError) -> Bool {
        try storeOperation {
            try database.execute("UPDATE feeds SET title = ?, title_is_placeholder = 0 WHERE id = ? AND title_is_placeholder = 1",
                                 title, feedID)
            return database.changes > 0
        }
    }

    /// Gives a local feed a new address (it moved): its articles, state and folder stay. The
    /// fetch validators of the old address are dropped so the next fetch is a full one.
    public func changeAddress(_ feedID: Int64, to url: String, serverID: String) throws(StoreError) {
        try storeOperation {
            try database.execute("UPDATE feeds SET url = ?, server_id = ? WHERE id = ?", url, serverID, feedID)
            try database.execute("DELETE FROM feed_fetch_meta WHERE feed_id = ?", feedID)
        }
    }

    /// Local feeds whose stored address may carry a login (`user:password@`), as an older Lector
    /// stored them: ids and addresses, for the caller to check and clean.
    public func addressesWithLogin() throws(StoreError) -> [(id: Int64, url: String)] {
        try storeOperation {
            // The condition is the feeds_with_address_login index's, word for word (v9).
            try database.query("""
                SELECT f.id, f.url FROM feeds f INDEXED BY feeds_with_address_login
                WHERE f.url LIKE '%://%@%' AND (SELECT kind FROM accounts WHERE id = f.account_id) = 'local'
                """) { ($0.int64(0), $0.string(1)) }
        }
    }

    /// A local feed's address without the login it carried, and the login's user recorded: one
    /// transaction, so the address never loses the login without the user being kept.
    public func takeLoginOutOfAddress(_ feedID: Int64, cleanURL: String, user: String) throws(StoreError) {
        try storeOperation {
            // The old address held a password: the space it leaves is zeroed, not just freed.
            try database.execute("PRAGMA secure_delete = ON")
            defer { _ = try? database.execute("PRAGMA secure_delete = OFF") } // back to the default; failing leaves only slower deletes
            try database.write {
                try changeAddress(feedID, to: cleanURL, serverID: cleanURL)
                try setLogin(feedID, user: user)
            }
        }
    }

    /// Records the host the user consented to send the feed's login to over plain http (nil: none).
    public func setPlainHTTPHost(_ feedID: Int64, _ host: String?) throws(StoreError) {
        try storeOperation { try database.execute("UPDATE feeds SET plain_http_host = ? WHERE id = ?", host, feedID) }
    }

    /// Records that a feed needs a login as `user` (nil: no login).
    public func setLogin(_ feedID: Int64, user: String?) throws(StoreError) {
        try storeOperation { try database.execute("UPDATE feeds SET login_user = ? WHERE id = ?", user, feedID) }
    }

    /// Files a feed in a folder of the same account (nil: unfiled).
    public func move(_ feedID: Int64, toFolder folderID: Int64?) throws(StoreError) {
        try storeOperation {
            if let folderID {
                let sameAccount = try database.scalarInt(
                    "SELECT count(*) FROM feeds f JOIN folders fo ON fo.account_id = f.account_id WHERE f.id = ? AND fo.id = ?",
                    feedID, folderID)
                guard sameAccount == 1 else { throw StoreError.conflict("a feed can only move to a folder of its own account") }
            }
            try database.execute("UPDATE feeds SET folder_id = ? WHERE id = ?", folderID, feedID)
        }
    }

    /// Removes a feed and, through cascades, its articles, their state and pending intents.
    public func remove(_ feedID: Int64) throws(StoreError) {
        try storeOperation { try database.execute("DELETE FROM feeds WHERE id = ?", feedID) }
    }
}
