import FoundationEssentials
import LectorBasics

/// A label of one account with how many articles carry it.
public struct LabelCount: Sendable, Equatable {
    public var accountID: Int64
    public var name: String
    public var articles: Int
    public var unread: Int

    public init(accountID: Int64, name: String, articles: Int, unread: Int) {
        self.accountID = accountID
        self.name = name
        self.articles = articles
        self.unread = unread
    }
}

/// A label change the server has not acknowledged: add (`on`) or remove `label` on an article.
public struct PendingLabel: Sendable, Equatable {
    public var id: Int64
    public var articleServerID: String
    public var label: String
    public var on: Bool
    public var generation: Int64
}

/// Labels on articles, the offline-first way (as `ArticleStateChanges` for read and star): the
/// article's labels change here at once and, for an account whose server keeps labels, a pending row says what to tell it, in the same transaction. The
/// sync pushes the rows before it pulls, and a label with a row pending is left alone by the
/// pull (the protected set).
public struct LabelsTable {
    let database: Database

    /// Every label of one account (nil: of every account) with its counts, by account then name.
    public func all(accountID: Int64? = nil) throws(StoreError) -> [LabelCount] {
        try storeOperation {
            try database.query("""
                SELECT l.account_id, l.name, count(al.article_id), coalesce(sum(s.read = 'unread'), 0)
                FROM labels l LEFT JOIN article_labels al ON al.label_id = l.id
                LEFT JOIN article_state s ON s.article_id = al.article_id
                WHERE ?1 IS NULL OR l.account_id = ?1
                GROUP BY l.id ORDER BY l.account_id, l.name COLLATE NOCASE
                """, accountID) { LabelCount(accountID: $0.int64(0), name: $0.string(1), articles: $0.int(2), unread: $0.int(3)) }
        }
    }

    /// The labels an article carries, by name.
    public func labels(ofArticle articleID: Int64) throws(StoreError) -> [String] {
        try storeOperation {
            try database.query("""
                SELECT l.name FROM article_labels al JOIN labels l ON l.id = al.label_id WHERE al.article_id = ?
                ORDER BY l.name COLLATE NOCASE
                """, articleID) { $0.string(0) }
        }
    }

    /// Puts `label` on the articles (`on`) or takes it off; returns how many changed. An article
    /// of an account whose server keeps labels (`AccountKind.queuesLabelsForServer`) gets a
    /// pending change for that server.
    @discardableResult
    public func set(_ label: String, on: Bool, articleIDs: [Int64]) throws(StoreError) -> Int {
        guard !label.trimmingBlanksAndNewlines.isEmpty else { throw .conflict("a label's name cannot be empty") }
        return try storeOperation {
            try UndoJournal(database: database).step(on ? "labelled '\(label)'" : "took label '\(label)' off") {
                var changed = 0
                for articleID in articleIDs {
                    guard let owner = try database.queryFirst(
                        "SELECT a.account_id, ac.kind FROM articles a JOIN accounts ac ON ac.id = a.account_id WHERE a.id = ?", articleID,
                        row: { ($0.int64(0), $0.string(1)) }) else { throw StoreError.notFound(what: "article", name: "id \(articleID)") }
                    let labelID: Int64
                    if on {
                        labelID = try labelRow(accountID: owner.0, name: label, creating: true)!
                        try database.execute("INSERT OR IGNORE INTO article_labels (article_id, label_id) VALUES (?, ?)", articleID, labelID)
                    } else {
                        guard let existing = try labelRow(accountID: owner.0, name: label, creating: false) else { continue }
                        labelID = existing
                        try database.execute("DELETE FROM article_labels WHERE article_id = ? AND label_id = ?", articleID, labelID)
                    }
                    guard database.changes > 0 else { continue }
                    changed += 1
                    guard AccountKind(rawValue: owner.1)?.queuesLabelsForServer == true else { continue }
                    try database.execute("""
                        INSERT INTO pending_labels (account_id, article_id, label_id, desired, created_at) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT (article_id, label_id) DO UPDATE SET desired = excluded.desired, created_at = excluded.created_at,
                                    in_flight = 0, generation = pending_labels.generation + 1
                        """, owner.0, articleID, labelID, on, Date().timeIntervalSince1970)
                }
                return changed
            }
        }
    }

    /// The label's row id in the account, made when `creating` and missing.
    private func labelRow(accountID: Int64, name: String, creating: Bool) throws -> Int64? {
        if let id = try database.queryFirst("SELECT id FROM labels WHERE account_id = ? AND name = ?", accountID, name, row: { $0.int64(0) }) {
            return id
        }
        guard creating else { return nil }
        try database.execute("INSERT INTO labels (account_id, name) VALUES (?, ?)", accountID, name)
        return database.lastInsertedRowID
    }

    /// Renames a label of the account (its articles and pending changes follow).
    public func rename(accountID: Int64, from old: String, to new: String) throws(StoreError) {
        guard !new.trimmingBlanksAndNewlines.isEmpty else { throw .conflict("a label's name cannot be empty") }
        try storeOperation {
            try database.write {
                guard try labelRow(accountID: accountID, name: new, creating: false) == nil else {
                    throw StoreError.conflict("there is a label named '\(new)' already")
                }
                try database.execute("UPDATE labels SET name = ? WHERE account_id = ? AND name = ?", new, accountID, old)
                guard database.changes > 0 else { throw StoreError.notFound(what: "label", name: old) }
            }
        }
    }

    /// Removes a label of the account from every article, with its pending changes.
    public func remove(accountID: Int64, name: String) throws(StoreError) {
        try storeOperation {
            try database.execute("DELETE FROM labels WHERE account_id = ? AND name = ?", accountID, name)
            guard database.changes > 0 else { throw StoreError.notFound(what: "label", name: name) }
        }
    }

    // MARK: Sync

    /// Marks the account's pending label changes in flight and returns them, oldest first.
    public func selectForSending(accountID: Int64) throws(StoreError) -> [PendingLabel] {
        try storeOperation {
            try database.write {
                try database.execute("UPDATE pending_labels SET in_flight = 1, attempts = attempts + 1 WHERE account_id = ?", accountID)
                return try database.query("""
                    SELECT p.id, a.server_id, l.name, p.desired, p.generation FROM pending_labels p
                    JOIN articles a ON a.id = p.article_id JOIN labels l ON l.id = p.label_id
                    WHERE p.account_id = ? ORDER BY p.created_at, p.id
                    """, accountID) { PendingLabel(id: $0.int64(0), articleServerID: $0.string(1), label: $0.string(2), on: $0.bool(3),
                                                   generation: $0.int64(4)) }
            }
        }
    }

    /// Deletes acknowledged changes, each only at the generation sent (a newer wish stays).
    public func acknowledge(_ sent: [PendingLabel]) throws(StoreError) {
        try storeOperation {
            try database.write {
                for change in sent { try database.execute("DELETE FROM pending_labels WHERE id = ? AND generation = ?", change.id, change.generation) }
            }
        }
    }

    /// Returns changes not sent to the queue, at the generation sent.
    public func release(_ unsent: [PendingLabel]) throws(StoreError) {
        try storeOperation {
            try database.write {
                for change in unsent {
                    try database.execute("UPDATE pending_labels SET in_flight = 0 WHERE id = ? AND generation = ?", change.id, change.generation)
                }
            }
        }
    }

    /// Server ids of the articles with a change of each label pending: the protected set, by label.
    public func protectedServerIDs(accountID: Int64) throws(StoreError) -> [String: Set<String>] {
        try storeOperation {
            var result: [String: Set<String>] = [:]
            for (label, serverID) in try database.query("""
                SELECT l.name, a.server_id FROM pending_labels p JOIN labels l ON l.id = p.label_id JOIN articles a ON a.id = p.article_id
                WHERE p.account_id = ?
                """, accountID, row: { ($0.string(0), $0.string(1)) }) {
                result[label, default: []].insert(serverID)
            }
            return result
        }
    }

    /// Makes the account's labels the server's: new ones are added, those the server no longer
    /// has go with their articles' links, unless a change of theirs is pending or was when the
    /// sync started (`keeping`: the labels of its protected set).
    public func applyServerLabels(accountID: Int64, names: [String], keeping: Set<String>) throws(StoreError) {
        try storeOperation {
            try database.write {
                for name in names { _ = try labelRow(accountID: accountID, name: name, creating: true) }
                let list = String(decoding: try JSONEncoder().encode(names + keeping), as: UTF8.self)
                try database.execute("""
                    DELETE FROM labels WHERE account_id = ?1 AND name NOT IN (SELECT value FROM json_each(?2))
                    AND NOT EXISTS (SELECT 1 FROM pending_labels p WHERE p.label_id = labels.id)
                    """, accountID, list)
            }
        }
    }

    /// Applies the server's complete set of `label`'s articles, gathered with `SyncTable.startIDSet`
    /// and `addToIDSet`: members carry the label, the others do not — except articles in
    /// `protected` or with a change of this label pending now. Returns how many links changed.
    @discardableResult
    public func applyStagedSet(accountID: Int64, label: String, protected: Set<String>) throws(StoreError) -> Int {
        try storeOperation {
            try database.write {
                guard let labelID = try labelRow(accountID: accountID, name: label, creating: true) else { return 0 }
                try database.execute("CREATE TEMP TABLE IF NOT EXISTS sync_members (server_id TEXT PRIMARY KEY)")
                let shielded = String(decoding: try JSONEncoder().encode(Array(protected)), as: UTF8.self)
                let free = """
                    a.server_id NOT IN (SELECT value FROM json_each(?3))
                    AND NOT EXISTS (SELECT 1 FROM pending_labels p WHERE p.article_id = a.id AND p.label_id = ?2)
                    AND a.feed_id NOT IN (\(DepartedFeeds.departedFeedIDs))
                    """
                try database.execute("""
                    INSERT OR IGNORE INTO article_labels (article_id, label_id)
                    SELECT a.id, ?2 FROM sync_members m JOIN articles a ON a.account_id = ?1 AND a.server_id = m.server_id WHERE \(free)
                    """, accountID, labelID, shielded)
                var changed = database.changes
                try database.execute("""
                    DELETE FROM article_labels WHERE label_id = ?2 AND article_id IN (
                        SELECT a.id FROM articles a WHERE a.account_id = ?1 AND \(free)
                        AND a.server_id NOT IN (SELECT server_id FROM sync_members))
                    """, accountID, labelID, shielded)
                changed += database.changes
                try database.execute("DELETE FROM sync_members")
                return changed
            }
        }
    }

    // MARK: Travel

    /// Each labelled article of an account by its server id, with its labels.
    public func labelledArticles(accountID: Int64) throws(StoreError) -> [String: [String]] {
        try storeOperation {
            var result: [String: [String]] = [:]
            for (serverID, name) in try database.query("""
                SELECT a.server_id, l.name FROM article_labels al JOIN labels l ON l.id = al.label_id JOIN articles a ON a.id = al.article_id
                WHERE l.account_id = ? ORDER BY l.name
                """, accountID, row: { ($0.string(0), $0.string(1)) }) {
                result[serverID, default: []].append(name)
            }
            return result
        }
    }
}
