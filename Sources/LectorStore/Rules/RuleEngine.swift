import FoundationEssentials

/// What a rule found, or did: the articles it matched that it had not acted on before, and how
/// many of them its action changed (an article read already is matched and recorded, not changed).
public struct RuleOutcome: Sendable, Equatable {
    public var rule: Rule
    public var matched: [Int64]
    public var changed: Int
}

/// Running rules: trying a filter on what is stored, and acting on the articles a rule matches
/// — those a sync brought in, or everything stored (`rule apply`). An action goes through the
/// same operation as `article mark` (`ArticleStateChanges`): written here first and, for an
/// account with a server, queued as an intent for the next push. Each article a rule acts on is
/// recorded in `rule_hits` in the same transaction, and a rule never acts on a recorded article
/// again: running it twice changes nothing, and what the user changes by hand later stays.
public struct RuleEngine {
    let database: Database

    /// The stored articles a filter holds for in a scope: how many, and the first `limit`
    /// newest first (hidden ones included: this is what a rule would see).
    public func test(_ filter: FilterExpression, scope: RuleScope, limit: Int, now: Double) throws(StoreError) -> (count: Int, page: [ArticleRow]) {
        let query = ArticleQuery(accountID: scope.accountID, feedID: scope.feedID, folderID: scope.folderID, filter: filter, now: now,
                                 limit: limit, includeHidden: true)
        let page = try ArticlesTable(database: database).list(query)
        // The list caught the index up: a filter of full-text tests alone over everything is
        // counted from the index, without reading an article (a third of a million for a common
        // word in a million articles).
        if scope == RuleScope(), let indexQuery = filter.indexQuery {
            return (try storeOperation { try database.scalarInt("SELECT count(*) FROM articles_fts WHERE articles_fts MATCH ?", indexQuery) }, page)
        }
        let (sql, arguments) = Self.matching(filter, scope: scope, ruleID: nil, now: now, select: "count(*)")
        return (try storeOperation { try database.query(sql, arguments: arguments) { $0.int(0) }.first ?? 0 }, page)
    }

    /// The articles `rule` would act on: in its scope (narrowed to `accountID` when given),
    /// matching, and not acted on by it before. Oldest first.
    public func plan(_ rule: Rule, accountID: Int64? = nil, now: Double) throws(StoreError) -> [Int64] {
        let filter = try Self.filter(of: rule)
        var scope = rule.scope
        if let accountID { scope.accountID = accountID }
        return try storeOperation {
            try database.registerFilterFunctions()
            if FilterSQL(filter, firstParameter: 1, now: now).usesIndex { try SearchIndex(database: database).feedBacklog() }
            let (sql, arguments) = Self.matching(filter, scope: scope, ruleID: rule.id, now: now, select: "a.id")
            return try database.query(sql + " ORDER BY a.id", arguments: arguments) { $0.int64(0) }
        }
    }

    /// A stored rule's filter, parsed.
    static func filter(of rule: Rule) throws(StoreError) -> FilterExpression {
        do { return try FilterParser.parse(rule.expression) } catch {
            throw .conflict("rule '\(rule.name)' does not parse (\(error)); remove it and add it again")
        }
    }

    /// Acts on the articles `plan` gave and records them, in one transaction; returns how many
    /// the action changed.
    @discardableResult
    public func apply(_ rule: Rule, to articleIDs: [Int64], now: Double) throws(StoreError) -> Int {
        try storeOperation {
            try UndoJournal(database: database).step("rule '\(rule.name)'") {
                for id in articleIDs {
                    try database.execute("INSERT OR IGNORE INTO rule_hits (article_id, rule_id, action, acted_at) VALUES (?, ?, ?, ?)",
                                         id, rule.id, rule.action.rawValue, now)
                }
                let states = ArticleStateChanges(database: database)
                switch rule.action {
                case .read: return try states.mark(articleIDs, as: .read)
                case .star: return try states.mark(articleIDs, as: .star)
                case .hide, .notify: return articleIDs.count
                case .label(let name): return try LabelsTable(database: database).set(name, on: true, articleIDs: articleIDs)
                }
            }
        }
    }

    /// `rule apply`: the rule over everything stored in its scope that it has not acted on, in
    /// one transaction; with `dryRun`, only what it would match (`changed` is then 0).
    public func run(_ rule: Rule, dryRun: Bool, now: Double) throws(StoreError) -> RuleOutcome {
        try storeOperation {
            try UndoJournal(database: database).step("rule apply '\(rule.name)'") {
                let matched = try plan(rule, now: now)
                return RuleOutcome(rule: rule, matched: matched, changed: dryRun || matched.isEmpty ? 0 : try apply(rule, to: matched, now: now))
            }
        }
    }

    /// Runs every enabled rule whose scope reaches the account over its articles the rules have
    /// not swept yet (`rule_backlog`: those a sync, a fetch, an import or a copy stored, whether
    /// or not the command that stored them lived to sweep them), in one transaction and one pass
    /// over them (`RuleSweep`); what each matches is what `plan` would give it, rule after rule.
    /// The same transaction takes them out of the backlog, so a kill before it commits leaves
    /// them for the next sweep and a kill after leaves nothing to do twice. An account a restore
    /// created sweeps them as old (`rule_sweep_old`): only `hide` rules act; `completesSync` says
    /// this sweep ends a whole sync of the account, after which what arrives is new.
    public func runNewArticles(accountID: Int64, now: Double, completesSync: Bool = false) throws(StoreError) -> [RuleOutcome] {
        try storeOperation {
            let waiting = try database.scalarInt("SELECT EXISTS (SELECT 1 FROM rule_backlog WHERE account_id = ?)", accountID) == 1
            let old = try database.scalarInt("SELECT EXISTS (SELECT 1 FROM rule_sweep_old WHERE account_id = ?)", accountID) == 1
            guard waiting || old && completesSync else { return [] }
            var rules = try RulesTable(database: database).all().filter { $0.enabled && ($0.scope.accountID ?? accountID) == accountID }
            if old { rules = rules.filter { $0.action == .hide } }
            let account = try database.queryFirst("SELECT name FROM accounts WHERE id = ?", accountID) { $0.string(0) } ?? "\(accountID)"
            return try UndoJournal(database: database).step("rules after a sync of '\(account)'") {
                let floor = Int64(try database.scalarInt("SELECT coalesce(min(article_id), 1) - 1 FROM rule_backlog WHERE account_id = ?", accountID))
                let outcomes = rules.isEmpty ? [] : try RuleSweep(engine: self, accountID: accountID, newerThan: floor, now: now).run(rules)
                try database.execute("DELETE FROM rule_backlog WHERE account_id = ?", accountID)
                if old && completesSync { try database.execute("DELETE FROM rule_sweep_old WHERE account_id = ?", accountID) }
                return outcomes
            }
        }
    }

    /// Makes the account's next sweeps treat what they find as old, until a whole sync of it
    /// completes: an account a restore created, whose server already holds what the rules
    /// acted on where they were made.
    public func treatAsOld(accountID: Int64) throws(StoreError) {
        try storeOperation { try database.execute("INSERT OR IGNORE INTO rule_sweep_old (account_id) VALUES (?)", accountID) }
    }

    /// How many of the account's articles wait for the rules.
    public func unswept(accountID: Int64) throws(StoreError) -> Int {
        try storeOperation { try database.scalarInt("SELECT count(*) FROM rule_backlog WHERE account_id = ?", accountID) }
    }

    /// The statement selecting `select` over the articles of `scope` the filter holds for; with a
    /// rule id, without those the rule acted on already. Conditions are added only when set, so
    /// that an index can serve them.
    static func matching(_ filter: FilterExpression, scope: RuleScope, ruleID: Int64?, now: Double,
                         select: String) -> (String, [any SQLBindable]) {
        var conditions: [String] = []
        var arguments: [any SQLBindable] = []
        func bind(_ value: any SQLBindable) -> String {
            arguments.append(value)
            return "?\(arguments.count)"
        }
        if let account = scope.accountID { conditions.append("a.account_id = \(bind(account))") }
        if let feed = scope.feedID { conditions.append("a.feed_id = \(bind(feed))") }
        if let folder = scope.folderID { conditions.append("a.feed_id IN (SELECT id FROM feeds WHERE folder_id = \(bind(folder)))") }
        if let ruleID {
            conditions.append("NOT EXISTS (SELECT 1 FROM rule_hits h WHERE h.article_id = a.id AND h.rule_id = \(bind(ruleID)))")
        }
        let compiled = FilterSQL(filter, firstParameter: arguments.count + 1, now: now)
        conditions.append(compiled.condition)
        return ("SELECT \(select) FROM articles a WHERE " + conditions.joined(separator: " AND "), arguments + compiled.arguments)
    }
}
