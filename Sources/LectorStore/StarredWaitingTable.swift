import FoundationEssentials
import LectorBasics

/// A restored backup's starred articles that wait for their account's first sync after its
/// secret is given (schema v28): kept in the backup's order, read back a page at a time,
/// taken out as each page is put back.
public struct StarredWaitingTable {
    let database: Database

    /// Keeps `entries` for the account after those it keeps already (one transaction: a kill
    /// keeps the whole page or none of it).
    public func keep(_ entries: [ArchivedEntry], accountID: Int64) throws(StoreError) {
        try storeOperation {
            let encoder = JSONEncoder()
            try database.write {
                var position = try database.scalarInt("SELECT coalesce(max(position), -1) + 1 FROM starred_waiting WHERE account_id = ?", accountID)
                for entry in entries {
                    try database.execute("INSERT INTO starred_waiting (account_id, position, entry) VALUES (?, ?, ?)",
                                         accountID, position, String(decoding: try encoder.encode(entry), as: UTF8.self))
                    position += 1
                }
            }
        }
    }

    /// How many articles wait for the account.
    public func count(accountID: Int64) throws(StoreError) -> Int {
        try storeOperation { try database.scalarInt("SELECT count(*) FROM starred_waiting WHERE account_id = ?", accountID) }
    }

    /// Up to `limit` of the account's waiting articles after `position`, in order, with their positions.
    public func page(accountID: Int64, after position: Int, limit: Int) throws(StoreError) -> [(position: Int, entry: ArchivedEntry)] {
        try storeOperation {
            let decoder = JSONDecoder()
            return try database.query("SELECT position, entry FROM starred_waiting WHERE account_id = ? AND position > ? ORDER BY position LIMIT ?",
                                      accountID, position, limit) { row in
                (row.int(0), try decoder.decode(ArchivedEntry.self, from: Data(row.string(1).utf8)))
            }
        }
    }

    /// Takes out the account's waiting articles up to and including `position`: they were put back.
    public func remove(accountID: Int64, through position: Int) throws(StoreError) {
        try storeOperation { try database.execute("DELETE FROM starred_waiting WHERE account_id = ? AND position <= ?", accountID, position) }
    }
}
