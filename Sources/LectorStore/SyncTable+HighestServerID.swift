extension SyncTable {
    /// The highest numeric server id among the account's articles, nil when it has none: for a
    /// service whose article ids grow as it stores articles (TT-RSS), what a sync asks past.
    public func highestNumericServerID(accountID: Int64) throws(StoreError) -> Int64? {
        try storeOperation {
            let exists = try database.scalarInt("SELECT EXISTS (SELECT 1 FROM articles WHERE account_id = ?)", accountID) == 1
            guard exists else { return nil }
            return Int64(try database.scalarInt("""
                SELECT COALESCE(MAX(CAST(server_id AS INTEGER)), 0) FROM articles
                WHERE account_id = ? AND server_id NOT GLOB '*[^0-9]*' AND server_id != ''
                """, accountID))
        }
    }
}
