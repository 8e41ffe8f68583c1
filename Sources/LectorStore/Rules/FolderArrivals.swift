/// The articles waiting for the rules' sweep (`rule_backlog`: what a sync just brought in) that
/// are in folders named by `sync.notify-folders`.
public struct FolderArrivals {
    let database: Database

    /// The account's new articles in the folders named (case as typed or not), oldest first;
    /// none for an account whose sweep treats what it finds as old (a restored account's first
    /// sync brings the server's history, which is not news).
    public func newArticles(accountID: Int64, folders names: [String]) throws(StoreError) -> [Int64] {
        guard !names.isEmpty else { return [] }
        return try storeOperation {
            guard try database.scalarInt("SELECT EXISTS (SELECT 1 FROM rule_sweep_old WHERE account_id = ?)", accountID) == 0 else { return [] }
            let marks = names.indices.map { "?\($0 + 2)" }.joined(separator: ", ")
            return try database.query("""
                SELECT a.id FROM rule_backlog b JOIN articles a ON a.id = b.article_id JOIN feeds f ON f.id = a.feed_id
                JOIN folders o ON o.id = f.folder_id
                WHERE b.account_id = ?1 AND o.name COLLATE NOCASE IN (\(marks)) ORDER BY a.id
                """, arguments: [accountID] + names) { $0.int64(0) }
        }
    }
}
