import LectorBasics

/// A filter as an SQL condition on an article row `a`: it needs no join of its own (feeds,
/// folders, accounts and state are read through subqueries, only for the rows it is asked
/// about), so it can be added to any query over `articles a`.
///
/// `title contains` and `content contains` are served by the full-text index, exactly: the
/// needle becomes one FTS5 phrase in that column (`title : "solar power"`), which the index
/// tokenizer folds and stems as it folded and stemmed the articles, and a phrase matches where
/// its words are consecutive words of the column — the definition of `contains`. The other
/// fields are not in the index and are tested by `lector_contains`, which cuts both texts with
/// the same tokenizer (`FilterFunctions`). The store feeds the index's backlog first.
struct FilterSQL {
    let condition: String
    let arguments: [any SQLBindable]
    /// Whether the condition reads the full-text index (whose backlog must be fed first).
    let usesIndex: Bool

    /// `firstParameter` is the number of the first `?N` the condition may use: the query it goes
    /// into binds the ones below. Ages are measured from `now` (seconds since 1970). Without an
    /// index plan every full-text test is a set of hits read once (`a.id IN (…)`).
    init(_ expression: FilterExpression, firstParameter: Int, now: Double, indexPlan: IndexPlan? = nil) {
        var builder = Builder(next: firstParameter, now: now)
        builder.indexPlan = indexPlan
        condition = builder.sql(expression)
        arguments = builder.arguments
        usesIndex = builder.usesIndex
    }

    /// How a list reads its filter's full-text tests (`ArticlesTable.indexPlan`): the hits of the
    /// `driving` phrase are read first (the rows are then those hits, sorted: cheap when they are
    /// few), and every other test asks the index about the one row the list is at, as the list
    /// walks the articles newest first — for a common word a page is found after a few dozen
    /// rows, where reading its hits first would read a third of the store.
    struct IndexPlan: Equatable {
        var driving: String?
    }

    /// The FTS5 phrase of a `contains` in an indexed column: the needle as one quoted string.
    static func phrase(column: String, needle: String) -> String {
        "\(column) : \"" + needle.replacingAll("\"", with: "\"\"") + "\""
    }

    /// Compiles a filter's tests; `FilterSQL` joins them into one condition, `RuleSweep` keeps
    /// each as a column of its own.
    struct Builder {
        var next: Int
        let now: Double
        /// A parameter holding the highest article id a full-text test can skip: the index is
        /// then asked only for the hits above it (a sync's new articles), not every hit stored.
        var indexFloor: String?
        var indexPlan: IndexPlan?
        var arguments: [any SQLBindable] = []
        var usesIndex = false

        init(next: Int, now: Double, indexFloor: String? = nil) {
            self.next = next
            self.now = now
            self.indexFloor = indexFloor
        }

        mutating func bind(_ value: any SQLBindable) -> String {
            arguments.append(value)
            defer { next += 1 }
            return "?\(next)"
        }

        /// The tests an `and` (or an `or`) joins, with the same connective's below it flattened, in order.
        static func operands(of expression: FilterExpression) -> [FilterExpression] {
            var operands: [FilterExpression] = []
            var pending = [expression]
            while let next = pending.popLast() {
                switch (expression, next) {
                case (.and, .and(let left, let right)), (.or, .or(let left, let right)): pending += [right, left]
                default: operands.append(next)
                }
            }
            return operands
        }

        mutating func sql(_ expression: FilterExpression) -> String {
            switch expression {
            // A run of one connective is one parenthesis: `a or b or c` nested as the parser
            // builds it would put a `(` per test, and SQLite's parser refuses about a hundred.
            case .and: return "(" + Self.operands(of: expression).map { sql($0) }.joined(separator: " AND ") + ")"
            case .or: return "(" + Self.operands(of: expression).map { sql($0) }.joined(separator: " OR ") + ")"
            case .not(let inner): return "NOT \(sql(inner))"
            case .published(let order, let time): return "coalesce(a.published_at \(order.rawValue) \(bind(time)), 0)"
            case .age(let order, let seconds):
                // Older than the age is listed before now minus it.
                let bound = bind(now - seconds)
                return order == .after ? "(a.listed_at < \(bound))" : "(a.listed_at > \(bound))"
            case .flag(.unread, let value):
                return "(coalesce((SELECT read = 'unread' FROM article_state WHERE article_id = a.id), 0) = \(value ? 1 : 0))"
            case .flag(.starred, let value):
                return "(coalesce((SELECT starred FROM article_state WHERE article_id = a.id), 0) = \(value ? 1 : 0))"
            case .text(let field, let test): return text(field, test)
            }
        }

        mutating func text(_ field: FilterExpression.TextField, _ test: FilterExpression.TextTest) -> String {
            if field == .label {
                // An article carries several labels: a test holds when it holds for one of them
                // (`!=`: when none is the name).
                let carried = "EXISTS (SELECT 1 FROM article_labels l JOIN labels n ON n.id = l.label_id WHERE l.article_id = a.id AND "
                if case .equals(let value, equal: false) = test { return "(NOT \(carried)\(plain(field, .equals(value, equal: true)))))" }
                return "(\(carried)\(plain(field, test))))"
            }
            if case .contains(let needle) = test, let column = Self.indexedColumn(field) {
                usesIndex = true
                let phrase = FilterSQL.phrase(column: column, needle: needle)
                if let indexPlan, indexPlan.driving != phrase {
                    return "EXISTS (SELECT 1 FROM articles_fts WHERE articles_fts MATCH \(bind(phrase)) AND rowid = a.id)"
                }
                let floor = indexFloor.map { " AND rowid > \($0)" } ?? ""
                return "(a.id IN (SELECT rowid FROM articles_fts WHERE articles_fts MATCH \(bind(phrase))\(floor)))"
            }
            return plain(field, test)
        }

        /// A test of a field's text itself, without the full-text index.
        mutating func plain(_ field: FilterExpression.TextField, _ test: FilterExpression.TextTest) -> String {
            switch test {
            case .contains(let needle): "lector_contains(\(Self.column(field)), \(bind(needle)))"
            case .matches(let pattern): "lector_matches(\(Self.column(field)), \(bind(pattern)))"
            case .equals(let value, let equal): "(\(Self.column(field)) \(equal ? "=" : "<>") \(bind(value)) COLLATE NOCASE)"
            }
        }

        /// The column of the full-text index a field is, if it is one.
        static func indexedColumn(_ field: FilterExpression.TextField) -> String? {
            switch field {
            case .title: "title"
            case .content: "text"
            default: nil
            }
        }

        /// A field's text for article `a`; the empty text when it has none.
        static func column(_ field: FilterExpression.TextField) -> String {
            switch field {
            case .title: "a.title"
            case .content: "a.text"
            case .author: "coalesce(a.author, '')"
            case .url: "coalesce(a.url, '')"
            case .feed: "(SELECT title FROM feeds WHERE id = a.feed_id)"
            case .folder: "coalesce((SELECT o.name FROM feeds e JOIN folders o ON o.id = e.folder_id WHERE e.id = a.feed_id), '')"
            case .account: "(SELECT name FROM accounts WHERE id = a.account_id)"
            // One label's name, inside the test over an article's labels (`text`).
            case .label: "n.name"
            }
        }
    }
}

extension FilterExpression {
    /// The full-text phrases every match must contain: those reached from the top through
    /// `and` alone.
    var requiredPhrases: [String] {
        switch self {
        case .and(let left, let right): left.requiredPhrases + right.requiredPhrases
        case .text(let field, .contains(let needle)):
            FilterSQL.Builder.indexedColumn(field).map { [FilterSQL.phrase(column: $0, needle: needle)] } ?? []
        default: []
        }
    }

    /// The filter as one FTS5 query, when it is nothing but full-text tests joined by `and` and
    /// `or`: its matches can then be counted from the index alone.
    var indexQuery: String? {
        switch self {
        case .and(let left, let right): left.indexQuery.flatMap { l in right.indexQuery.map { "(\(l)) AND (\($0))" } }
        case .or(let left, let right): left.indexQuery.flatMap { l in right.indexQuery.map { "(\(l)) OR (\($0))" } }
        case .text(let field, .contains(let needle)): FilterSQL.Builder.indexedColumn(field).map { FilterSQL.phrase(column: $0, needle: needle) }
        default: nil
        }
    }
}
