import FoundationEssentials

/// Changing read and starred state the offline-first way: the local state and, for accounts
/// with a server, the intent to tell it, are written in one transaction. Local accounts have no
/// server, so nothing is queued for them.
public struct ArticleStateChanges {
    let database: Database

    /// Sets the read state of articles; returns how many actually changed.
    @discardableResult
    public func setRead(_ articleIDs: [Int64], to state: ReadState) throws(StoreError) -> Int {
        guard state != .unknown else { throw .conflict("an article can be marked read or unread, not unknown") }
        return try apply(articleIDs, action: .read, desiredJSON: state == .read ? "true" : "false",
                         update: "UPDATE article_state SET read = ?, changed_at = ? WHERE article_id = ? AND read IS NOT ?",
                         value: state.rawValue)
    }

    /// Stars or unstars articles; returns how many actually changed.
    @discardableResult
    public func setStarred(_ articleIDs: [Int64], to starred: Bool) throws(StoreError) -> Int {
        try apply(articleIDs, action: .starred, desiredJSON: starred ? "true" : "false",
                  update: "UPDATE article_state SET starred = ?, changed_at = ? WHERE article_id = ? AND starred IS NOT ?",
                  value: starred)
    }

    /// Marks every unread article matching the query read (its limit is ignored); returns the count.
    @discardableResult
    public func markAllRead(_ query: ArticleQuery) throws(StoreError) -> Int {
        var unbounded = query
        unbounded.unreadOnly = true
        unbounded.limit = Int.max
        let ids = try ArticlesTable(database: database).list(unbounded).map(\.id)
        return try setRead(ids, to: .read)
    }

    private func apply(_ articleIDs: [Int64], action: PendingIntent.Action, desiredJSON: String, update: String,
                       value: any SQLBindable) throws(StoreError) -> Int {
        try storeOperation {
            try database.write {
                let now = Date().timeIntervalSince1970
                var changed = 0
                for id in articleIDs {
                    try database.execute(update, value, now, id, value)
                    guard database.changes > 0 else { continue }
                    changed += 1
                    let owner = try database.queryFirst(
                        "SELECT a.account_id, ac.kind FROM articles a JOIN accounts ac ON ac.id = a.account_id WHERE a.id = ?", id
                    ) { ($0.int64(0), $0.string(1)) }
                    if let owner, owner.1 != AccountKind.local.rawValue {
                        try PendingIntentsTable(database: database).enqueue(accountID: owner.0, action: action, articleID: id,
                                                                            desiredJSON: desiredJSON)
                    }
                }
                return changed
            }
        }
    }
}
