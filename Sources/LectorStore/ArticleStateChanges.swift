import FoundationEssentials
import LectorBasics

/// Changing read and starred state the offline-first way: the local state and, for accounts
/// with a server, the intent to tell it, are written in one transaction. Local accounts have no
/// server, so nothing is queued for them.
public struct ArticleStateChanges {
    let database: Database

    /// Marks articles read or unread, starred or not; returns how many actually changed. The
    /// store's half of `AccountManager.mark`, and the one route by which an article is starred:
    /// the mark verb, a rule's action (`RuleEngine.apply`, inside its undo step) and a starred
    /// archive's entry put back (`StoredStarredArchive`) all come here, so the state and its
    /// intent for the server are written the one way.
    @discardableResult
    public func mark(_ articleIDs: [Int64], as mark: ArticleMark) throws(StoreError) -> Int {
        switch mark {
        case .read: try setRead(articleIDs, to: .read)
        case .unread: try setRead(articleIDs, to: .unread)
        case .star: try setStarred(articleIDs, to: true)
        case .unstar: try setStarred(articleIDs, to: false)
        }
    }

    /// Sets the read state of articles; returns how many actually changed.
    @discardableResult
    public func setRead(_ articleIDs: [Int64], to state: ReadState) throws(StoreError) -> Int {
        guard state != .unknown else { throw .conflict("an article can be marked read or unread, not unknown") }
        return try apply(articleIDs, summary: state == .read ? "marked read" : "marked unread", action: .read, desiredJSON: state == .read ? "true" : "false",
                         update: "UPDATE article_state SET read = ?, changed_at = ? WHERE article_id = ? AND read IS NOT ?",
                         value: state.rawValue)
    }

    /// Stars or unstars articles; returns how many actually changed.
    @discardableResult
    public func setStarred(_ articleIDs: [Int64], to starred: Bool) throws(StoreError) -> Int {
        try apply(articleIDs, summary: starred ? "starred" : "unstarred", action: .starred, desiredJSON: starred ? "true" : "false",
                  update: "UPDATE article_state SET starred = ?, changed_at = ? WHERE article_id = ? AND starred IS NOT ?",
                  value: starred)
    }

    /// Marks read everything in the query's scope (its feed, else its folder, else its account,
    /// else every account) that arrived before `time`, at once for the stored articles, and for
    /// a server account queues one scope read so the server marks its entries too, also those
    /// the store never held. The scope's queued read intents for single articles go: the scope
    /// read covers them. Other filters of the query are ignored.
    @discardableResult
    public func markAllRead(_ query: ArticleQuery, asOf time: Double = Date().timeIntervalSince1970) throws(StoreError) -> MarkAllReadResult {
        try storeOperation {
            try UndoJournal(database: database).step(try markAllReadSummary(query)) {
                var result = MarkAllReadResult(changed: 0, queuedAccountIDs: [])
                for target in try scopeTargets(query) {
                    let articles: String = switch target.scope {
                    case .feed: "SELECT id FROM articles WHERE account_id = ?1 AND feed_id = ?2"
                    case .folder: "SELECT id FROM articles WHERE account_id = ?1 AND feed_id IN (SELECT id FROM feeds WHERE folder_id = ?2)"
                    case .account: "SELECT id FROM articles WHERE account_id = ?1 AND ?2 IS NULL"
                    }
                    let scopeID: Int64? = switch target.scope {
                    case .feed(let id), .folder(let id): id
                    case .account: nil
                    }
                    // The journal takes each article's prior state in one statement, as the
                    // UPDATE takes them all (the same rows: not read yet, in the scope); a
                    // conflict is an article this step changed before, whose first state stays.
                    try UndoJournal(database: database).recordingSetChange({ stepID in
                        try database.execute("""
                            INSERT INTO undo_changes (step_id, article_id, field, label_id, was, became)
                            SELECT ?3, article_id, 'read', 0, read, 'read' FROM article_state
                            WHERE read IS NOT 'read' AND article_id IN (\(articles))
                            ON CONFLICT DO UPDATE SET became = excluded.became
                            """, target.accountID, scopeID, stepID)
                    }, {
                        try database.execute("""
                            UPDATE article_state SET read = 'read', changed_at = ?3 WHERE read IS NOT 'read' AND article_id IN (\(articles))
                            """, target.accountID, scopeID, time)
                        result.changed += database.changes
                    })
                    guard target.remote else { continue }
                    try database.execute("DELETE FROM pending_intents WHERE action = 'read' AND article_id IN (\(articles))",
                                         target.accountID, scopeID)
                    try PendingScopeReadsTable(database: database).enqueue(accountID: target.accountID, scope: target.scope, before: time)
                    try UndoJournal(database: database).noteServerScope()
                    result.queuedAccountIDs.append(target.accountID)
                }
                return result
            }
        }
    }

    /// Whether a mark-all-read of the query reaches a server account, which may hold unread
    /// articles the store does not.
    public func reachesServer(markingAllRead query: ArticleQuery) throws(StoreError) -> Bool {
        try storeOperation { try scopeTargets(query).contains { $0.remote } }
    }

    /// A mark-all-read's name in the undo journal: what it marked.
    private func markAllReadSummary(_ query: ArticleQuery) throws -> String {
        let scope: String? = if let feedID = query.feedID {
            try database.queryFirst("SELECT title FROM feeds WHERE id = ?", feedID) { "feed '" + $0.string(0) + "'" }
        } else if let folderID = query.folderID {
            try database.queryFirst("SELECT name FROM folders WHERE id = ?", folderID) { "folder '" + $0.string(0) + "'" }
        } else if let accountID = query.accountID {
            try database.queryFirst("SELECT name FROM accounts WHERE id = ?", accountID) { "account '" + $0.string(0) + "'" }
        } else { "every account" }
        return "marked all read" + (scope.map { " (" + $0 + ")" } ?? "")
    }

    /// The accounts a mark-all-read reaches and its scope in each.
    private func scopeTargets(_ query: ArticleQuery) throws -> [(accountID: Int64, remote: Bool, scope: PendingScopeRead.Scope)] {
        let local = AccountKind.serverless.rawValue
        if let feedID = query.feedID {
            return try database.query("SELECT f.account_id, a.kind <> ? FROM feeds f JOIN accounts a ON a.id = f.account_id WHERE f.id = ?",
                                      local, feedID) { ($0.int64(0), $0.bool(1), .feed(feedID)) }
        }
        if let folderID = query.folderID {
            return try database.query("SELECT f.account_id, a.kind <> ? FROM folders f JOIN accounts a ON a.id = f.account_id WHERE f.id = ?",
                                      local, folderID) { ($0.int64(0), $0.bool(1), .folder(folderID)) }
        }
        return try database.query("SELECT id, kind <> ? FROM accounts WHERE ?2 IS NULL OR id = ?2 ORDER BY id", local, query.accountID) {
            ($0.int64(0), $0.bool(1), .account)
        }
    }

    private func apply(_ articleIDs: [Int64], summary: String, action: PendingIntent.Action, desiredJSON: String, update: String,
                       value: any SQLBindable) throws(StoreError) -> Int {
        try storeOperation {
            try UndoJournal(database: database).step(summary) {
                let now = Date().timeIntervalSince1970
                var changed = 0
                for id in articleIDs {
                    try database.execute(update, value, now, id, value)
                    guard database.changes > 0 else { continue }
                    changed += 1
                    let owner = try database.queryFirst(
                        "SELECT a.account_id, ac.kind FROM articles a JOIN accounts ac ON ac.id = a.account_id WHERE a.id = ?", id
                    ) { ($0.int64(0), $0.string(1)) }
                    if let owner, owner.1 != AccountKind.serverless.rawValue {
                        try PendingIntentsTable(database: database).enqueue(accountID: owner.0, action: action, articleID: id,
                                                                            desiredJSON: desiredJSON)
                    }
                }
                return changed
            }
        }
    }
}

/// What a mark-all-read did: how many stored articles changed, and which server accounts have a
/// scope read queued (to be pushed).
public struct MarkAllReadResult: Sendable, Equatable {
    public var changed: Int
    public var queuedAccountIDs: [Int64]
}
