import FoundationEssentials

/// Queries over `rules`.
public struct RulesTable {
    let database: Database

    private static let select = """
        SELECT r.id, r.name, r.expression, r.action, r.account_id, r.feed_id, r.folder_id, r.enabled,
               (SELECT name FROM accounts WHERE id = r.account_id), e.title, e.url, (SELECT name FROM folders WHERE id = r.folder_id),
               r.on_servers
        FROM rules r LEFT JOIN feeds e ON e.id = r.feed_id
        """

    private static func rule(_ row: Row) -> Rule {
        Rule(id: row.int64(0), name: row.string(1), expression: row.string(2), action: RuleAction(rawValue: row.string(3)) ?? .hide,
             scope: RuleScope(accountID: row.optionalInt(4).map(Int64.init), feedID: row.optionalInt(5).map(Int64.init), folderID: row.optionalInt(6).map(Int64.init)),
             enabled: row.bool(7), accountName: row.optionalString(8), feedTitle: row.optionalString(9), feedURL: row.optionalString(10),
             folderName: row.optionalString(11), onServers: row.bool(12))
    }

    /// Every rule, by name.
    public func all() throws(StoreError) -> [Rule] {
        try storeOperation { try database.query(Self.select + " ORDER BY r.name COLLATE NOCASE", row: Self.rule) }
    }

    /// The rule of that name (any case), if there is one.
    public func named(_ name: String) throws(StoreError) -> Rule? {
        try storeOperation { try database.queryFirst(Self.select + " WHERE r.name = ? COLLATE NOCASE", name, row: Self.rule) }
    }

    /// Adds a rule; a name taken already is a conflict.
    @discardableResult
    public func add(name: String, expression: String, action: RuleAction, scope: RuleScope, enabled: Bool = true) throws(StoreError) -> Rule {
        do { _ = try FilterParser.parse(expression) } catch { throw .conflict("the filter does not parse: \(error)") }
        return try storeOperation {
            try database.write {
                guard try named(name) == nil else { throw StoreError.conflict("a rule named '\(name)' exists already") }
                try database.execute("""
                    INSERT INTO rules (name, expression, action, account_id, feed_id, folder_id, enabled, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """, name, expression, action.rawValue, scope.accountID, scope.feedID, scope.folderID, enabled,
                    Date().timeIntervalSince1970)
                return try named(name).unsafelyUnwrapped
            }
        }
    }

    /// Adds the rule, or makes the one of that name (any case) say this (`backup restore`): its
    /// record of hits stays, so what it acted on is not acted on again. Returns whether anything changed.
    @discardableResult
    public func put(name: String, expression: String, action: RuleAction, scope: RuleScope, enabled: Bool) throws(StoreError) -> Bool {
        guard let existing = try named(name) else {
            try add(name: name, expression: expression, action: action, scope: scope, enabled: enabled)
            return true
        }
        guard existing.expression != expression || existing.action != action || existing.scope != scope || existing.enabled != enabled else {
            return false
        }
        try storeOperation {
            try database.execute("""
                UPDATE rules SET expression = ?, action = ?, account_id = ?, feed_id = ?, folder_id = ?, enabled = ? WHERE id = ?
                """, expression, action.rawValue, scope.accountID, scope.feedID, scope.folderID, enabled, existing.id)
        }
        return true
    }

    /// Removes a rule, and with it its record of hits (so what it hid shows again).
    public func remove(_ name: String) throws(StoreError) {
        try storeOperation {
            try database.execute("DELETE FROM rules WHERE name = ? COLLATE NOCASE", name)
            guard database.changes > 0 else { throw StoreError.notFound(what: "rule", name: name) }
        }
    }

    /// Turns a rule on or off; returns whether that changed anything.
    @discardableResult
    public func setEnabled(_ name: String, _ enabled: Bool) throws(StoreError) -> Bool {
        try storeOperation {
            try database.write {
                guard try named(name) != nil else { throw StoreError.notFound(what: "rule", name: name) }
                try database.execute("UPDATE rules SET enabled = ? WHERE name = ? COLLATE NOCASE AND enabled <> ?", enabled, name, enabled)
                return database.changes > 0
            }
        }
    }

    /// How many articles each rule acted on, by rule id.
    public func hitCounts() throws(StoreError) -> [Int64: Int] {
        try storeOperation {
            Dictionary(uniqueKeysWithValues: try database.query("SELECT rule_id, count(*) FROM rule_hits GROUP BY rule_id") {
                ($0.int64(0), $0.int(1))
            })
        }
    }
}
