import FoundationEssentials

/// An article saved for later.
public struct ReadingListItem: Sendable, Equatable {
    public var accountID: Int64
    public var accountName: String
    public var url: String
    public var title: String
}

/// Queries over `reading_list`.
public struct ReadingListTable {
    let database: Database

    /// Every saved article, oldest first.
    public func all() throws(StoreError) -> [ReadingListItem] {
        try storeOperation {
            try database.query("""
                SELECT r.account_id, a.name, r.url, r.title FROM reading_list r JOIN accounts a ON a.id = r.account_id
                ORDER BY r.added_at, r.id
                """) { ReadingListItem(accountID: $0.int64(0), accountName: $0.string(1), url: $0.string(2), title: $0.string(3)) }
        }
    }

    /// Saves an article for later; saving it again keeps one entry and takes the new title.
    public func add(accountID: Int64, url: String, title: String) throws(StoreError) {
        try storeOperation {
            try database.execute("""
                INSERT INTO reading_list (account_id, url, title, added_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (account_id, url) DO UPDATE SET title = excluded.title
                """, accountID, url, title, Date().timeIntervalSince1970)
        }
    }

    /// Takes an article off the list; returns whether it was there.
    @discardableResult
    public func remove(accountID: Int64, url: String) throws(StoreError) -> Bool {
        try storeOperation {
            try database.execute("DELETE FROM reading_list WHERE account_id = ? AND url = ?", accountID, url)
            return database.changes > 0
        }
    }

    /// Saves several articles in one transaction: all of them or, on a failure, none.
    public func add(_ entries: [(accountID: Int64, url: String, title: String)]) throws(StoreError) {
        try storeOperation {
            try database.write { for entry in entries { try add(accountID: entry.accountID, url: entry.url, title: entry.title) } }
        }
    }

    /// Takes several articles off in one transaction; returns how many were there.
    public func remove(_ entries: [(accountID: Int64, url: String)]) throws(StoreError) -> Int {
        try storeOperation {
            try database.write { try entries.filter { try remove(accountID: $0.accountID, url: $0.url) }.count }
        }
    }
}
