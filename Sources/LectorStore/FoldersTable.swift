/// A folder with the number of feeds filed in it, for listings.
public struct FolderListing: Sendable, Equatable {
    public var folder: Folder
    public var accountName: String
    public var feedCount: Int
    public var unreadCount: Int
}

/// Queries over `folders`.
public struct FoldersTable {
    let database: Database

    /// Folders of one account, or of all accounts, by name.
    public func list(accountID: Int64? = nil) throws(StoreError) -> [FolderListing] {
        try storeOperation {
            try database.query("""
                SELECT f.id, f.account_id, f.server_id, f.name, a.name,
                       (SELECT count(*) FROM feeds WHERE folder_id = f.id),
                       (SELECT coalesce(sum(unread_count), 0) FROM feeds WHERE folder_id = f.id)
                FROM folders f JOIN accounts a ON a.id = f.account_id
                WHERE ?1 IS NULL OR f.account_id = ?1
                ORDER BY a.name COLLATE NOCASE, f.name COLLATE NOCASE
                """, accountID) { row in
                FolderListing(folder: Folder(id: row.int64(0), accountID: row.int64(1), serverID: row.string(2),
                                             name: row.string(3)),
                              accountName: row.string(4), feedCount: row.int(5), unreadCount: row.int(6))
            }
        }
    }

    /// The account's folder with that server id: one row read, where `list` counts the feeds of
    /// every folder (a batch subscribe storing 1,000 feeds listed all folders 1,000 times).
    public func folder(accountID: Int64, serverID: String) throws(StoreError) -> Folder? {
        try storeOperation {
            try database.queryFirst("SELECT id, account_id, server_id, name FROM folders WHERE account_id = ? AND server_id = ?",
                                    accountID, serverID) { row in
                Folder(id: row.int64(0), accountID: row.int64(1), serverID: row.string(2), name: row.string(3))
            }
        }
    }

    /// Every folder name, for completion.
    public func names(accountID: Int64? = nil) throws(StoreError) -> [String] {
        try storeOperation {
            try database.query("SELECT DISTINCT name FROM folders WHERE ?1 IS NULL OR account_id = ?1 ORDER BY name COLLATE NOCASE",
                               accountID) { $0.string(0) }
        }
    }

    /// Adds a folder to an account. `fromServer`: Lector did not ask for it; the server made it
    /// on its own (see `Schema.folderOrigin`).
    @discardableResult
    public func insert(accountID: Int64, serverID: String, name: String, fromServer: Bool = false) throws(StoreError) -> Folder {
        try storeOperation {
            // Only v1 columns unless the server made it: migration tests insert into older schemas.
            try database.execute("INSERT INTO folders (account_id, server_id, name) VALUES (?, ?, ?)",
                                 accountID, serverID, name)
            let id = database.lastInsertedRowID
            if fromServer { try database.execute("UPDATE folders SET from_server = 1 WHERE id = ?", id) }
            return Folder(id: id, accountID: accountID, serverID: serverID, name: name)
        }
    }

    /// Names of the account's folders Lector made (asked for, or kept locally until a feed is
    /// filed in them), not ones a sync learned or the server made on its own.
    public func madeHere(accountID: Int64) throws(StoreError) -> Set<String> {
        try storeOperation {
            Set(try database.query("SELECT name FROM folders WHERE account_id = ? AND from_server = 0", accountID) { $0.string(0) })
        }
    }

    /// Renames a folder (and, for services where the name is the identity, its server id).
    public func rename(_ folderID: Int64, to name: String, serverID: String? = nil) throws(StoreError) {
        try storeOperation {
            try database.execute("UPDATE folders SET name = ?, server_id = coalesce(?, server_id) WHERE id = ?", name, serverID, folderID)
        }
    }

    /// Removes a folder; its feeds stay, unfiled.
    public func remove(_ folderID: Int64) throws(StoreError) {
        try storeOperation { try database.execute("DELETE FROM folders WHERE id = ?", folderID) }
    }
}
