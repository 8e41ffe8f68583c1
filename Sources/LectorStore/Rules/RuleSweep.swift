/// The enabled rules after a sync, in one pass over the articles it brought in rather than one
/// query per rule: every text, time and scope test of every rule is a column of one SELECT over
/// the new articles, and each rule's `and`/`or`/`not` is combined here from those columns. The
/// rules act in order, as one query per rule would have them: a rule's `unread` and `starred`
/// are read from the article as the earlier rules left it (an earlier `read` or `star` is
/// applied to the row as the pass goes), and a rule testing labels that an earlier rule of the
/// same pass may set starts a pass of its own. 50 rules after a first sync of 100,000 articles:
/// one pass instead of 50 (README, "Rules").
struct RuleSweep {
    let engine: RuleEngine
    let accountID: Int64
    /// Below the account's first article in the backlog: full-text tests ask the index only above it.
    let newerThan: Int64
    let now: Double

    func run(_ rules: [Rule]) throws -> [RuleOutcome] {
        var outcomes: [RuleOutcome] = []
        for pass in try Self.passes(rules.map { ($0, try RuleEngine.filter(of: $0)) }) {
            for ((rule, _), matched) in zip(pass, try matches(pass)) {
                outcomes.append(RuleOutcome(rule: rule, matched: matched,
                                            changed: matched.isEmpty ? 0 : try engine.apply(rule, to: matched, now: now)))
            }
        }
        return outcomes
    }

    /// The rules cut into passes, in order: a new pass starts at a rule that tests labels after
    /// a rule of the current pass gave one (labels are read as a pass starts).
    static func passes(_ rules: [(Rule, FilterExpression)]) -> [[(Rule, FilterExpression)]] {
        var passes: [[(Rule, FilterExpression)]] = []
        var labelling = false
        for entry in rules {
            if passes.isEmpty || labelling && entry.1.testsLabels {
                passes.append([])
                labelling = false
            }
            passes[passes.count - 1].append(entry)
            if case .label = entry.0.action { labelling = true }
        }
        return passes
    }

    /// The new articles each rule of a pass matches, oldest first.
    private func matches(_ pass: [(Rule, FilterExpression)]) throws -> [[Int64]] {
        let database = engine.database
        let functions = try database.filterFunctions()
        // ?1 is below the first article waiting, ?2 the account; the tests' own start at ?3.
        var columns = Columns(builder: FilterSQL.Builder(next: 3, now: now, indexFloor: "?1"), functions: functions,
                              feeds: try feedNames())
        let tests = pass.map { rule, filter in columns.test(filter, scope: rule.scope) }
        if columns.builder.usesIndex { try SearchIndex(database: database).feedBacklog() }
        // The backlog is walked in id order and each article found by its rowid; `+` keeps
        // SQLite from taking the account's index instead, which would read every article the
        // account has. The text is read only when a test needs it (it is most of an article's bytes).
        let sql = """
            SELECT a.id, s.article_id IS NOT NULL, coalesce(s.read = 'unread', 0), coalesce(s.starred, 0), a.feed_id,
                   a.title, \(columns.readsContent ? "a.text" : "''"), coalesce(a.author, ''), coalesce(a.url, '')\(columns.sql.map { ", " + $0 }.joined())
            FROM rule_backlog b CROSS JOIN articles a ON a.id = b.article_id LEFT JOIN article_state s ON s.article_id = a.id
            WHERE b.article_id > ?1 AND b.account_id = ?2 AND +a.account_id = ?2 ORDER BY b.article_id
            """
        var matched = Array(repeating: [Int64](), count: pass.count)
        _ = try database.query(sql, arguments: [newerThan, accountID] + columns.builder.arguments) { row in
            let hasState = row.bool(1)
            var flags = Flags(unread: row.bool(2), starred: row.bool(3))
            for (index, test) in tests.enumerated() where test.holds(row, flags) == true {
                matched[index].append(row.int64(0))
                // As the rule's action leaves the row (an article without a state row keeps none).
                guard hasState else { continue }
                switch pass[index].0.action {
                case .read: flags.unread = false
                case .star: flags.starred = true
                case .hide, .label, .notify: break
                }
            }
        }
        return matched
    }

    /// Each feed of the account with the texts of its `feed`, `folder` and `account` fields.
    private func feedNames() throws -> [(id: Int64, texts: [FilterExpression.TextField: String])] {
        try engine.database.query("""
            SELECT f.id, f.title, coalesce(o.name, ''), c.name FROM feeds f JOIN accounts c ON c.id = f.account_id
            LEFT JOIN folders o ON o.id = f.folder_id WHERE f.account_id = ?
            """, accountID) { row in (row.int64(0), [.feed: row.string(1), .folder: row.string(2), .account: row.string(3)]) }
    }

    struct Flags {
        var unread: Bool
        var starred: Bool
    }

    /// The fixed columns of a pass's row; the SQL tests' columns follow them.
    enum Column {
        static let feedID: Int32 = 4
        static func text(_ field: FilterExpression.TextField) -> Int32? {
            switch field {
            case .title: 5
            case .content: 6
            case .author: 7
            case .url: 8
            default: nil
            }
        }
        static let firstTest: Int32 = 9
    }

    /// A rule's filter over a pass's row, in SQL's three-valued logic (a NULL, from a test of
    /// a missing text, is neither true nor false), so that it holds exactly where the rule's
    /// own query would; `and` and `or` stop as soon as their answer is known.
    indirect enum Test {
        case and(Test, Test)
        case or(Test, Test)
        case not(Test)
        /// A test SQLite answers (full-text, labels, dates, scope): the column at this index.
        case column(Int32)
        /// A test of the text in this column.
        case text(Int32, RuleTextMatcher)
        /// A test of the feed's, folder's or account's name, answered for each feed beforehand.
        case feeds(Set<Int64>)
        case flag(FilterExpression.FlagField, Bool)

        func holds(_ row: Row, _ flags: Flags) -> Bool? {
            switch self {
            case .and(let left, let right): return Self.joined(left, right, decidedBy: false, row, flags)
            case .or(let left, let right): return Self.joined(left, right, decidedBy: true, row, flags)
            case .not(let inner): return inner.holds(row, flags).map { !$0 }
            case .column(let index): return row.isNull(index) ? nil : row.bool(index)
            case .text(let index, let matcher):
                return row.withUTF8(index) { text in matcher.holds(row.isNull(index) ? nil : text) }
            case .feeds(let ids): return ids.contains(row.int64(Column.feedID))
            case .flag(.unread, let value): return flags.unread == value
            case .flag(.starred, let value): return flags.starred == value
            }
        }

        /// `and` (decided by a false) or `or` (decided by a true): the right side is not asked
        /// once the left decides; a NULL on either side that does not decide makes it NULL.
        private static func joined(_ left: Test, _ right: Test, decidedBy decisive: Bool, _ row: Row, _ flags: Flags) -> Bool? {
            let first = left.holds(row, flags)
            if first == decisive { return decisive }
            let second = right.holds(row, flags)
            if second == decisive { return decisive }
            return first == nil || second == nil ? nil : !decisive
        }
    }

    /// Compiles a pass's rules: the tests SQLite answers become columns of the pass's SELECT.
    struct Columns {
        var builder: FilterSQL.Builder
        let functions: FilterFunctions
        let feeds: [(id: Int64, texts: [FilterExpression.TextField: String])]
        var sql: [String] = []
        var readsContent = false

        mutating func test(_ filter: FilterExpression, scope: RuleScope) -> Test {
            let tested = test(filter)
            var conditions: [String] = []
            if let feed = scope.feedID { conditions.append("a.feed_id = \(builder.bind(feed))") }
            if let folder = scope.folderID { conditions.append("a.feed_id IN (SELECT id FROM feeds WHERE folder_id = \(builder.bind(folder)))") }
            guard !conditions.isEmpty else { return tested }
            return .and(column(conditions.joined(separator: " AND ")), tested)
        }

        private mutating func test(_ filter: FilterExpression) -> Test {
            switch filter {
            case .and(let left, let right): return .and(test(left), test(right))
            case .or(let left, let right): return .or(test(left), test(right))
            case .not(let inner): return .not(test(inner))
            case .flag(let field, let value): return .flag(field, value)
            case .text(let field, let textTest):
                if case .contains = textTest, FilterSQL.Builder.indexedColumn(field) != nil { return column(builder.sql(filter)) }
                let matcher = RuleTextMatcher(textTest, functions: functions)
                if let index = Column.text(field) {
                    if field == .content { readsContent = true }
                    return .text(index, matcher)
                }
                if field == .label { return column(builder.sql(filter)) }
                return .feeds(Set(feeds.filter { feed in feed.texts[field].flatMap(matcher.holds) == true }.map(\.id)))
            case .published, .age: return column(builder.sql(filter))
            }
        }

        private mutating func column(_ condition: String) -> Test {
            sql.append(condition)
            return .column(Column.firstTest + Int32(sql.count - 1))
        }
    }
}

extension FilterExpression {
    /// Whether the filter reads an article's labels anywhere.
    var testsLabels: Bool {
        switch self {
        case .and(let left, let right), .or(let left, let right): left.testsLabels || right.testsLabels
        case .not(let inner): inner.testsLabels
        case .text(let field, _): field == .label
        case .published, .age, .flag: false
        }
    }
}
