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
    /// into binds the ones below. Ages are measured from `now` (seconds since 1970).
    init(_ expression: FilterExpression, firstParameter: Int, now: Double) {
        var builder = Builder(next: firstParameter, now: now)
        condition = builder.sql(expression)
        arguments = builder.arguments
        usesIndex = builder.usesIndex
    }

    private struct Builder {
        var next: Int
        let now: Double
        var arguments: [any SQLBindable] = []
        var usesIndex = false

        mutating func bind(_ value: any SQLBindable) -> String {
            arguments.append(value)
            defer { next += 1 }
            return "?\(next)"
        }

        mutating func sql(_ expression: FilterExpression) -> String {
            switch expression {
            case .and(let left, let right): return "(\(sql(left)) AND \(sql(right)))"
            case .or(let left, let right): return "(\(sql(left)) OR \(sql(right)))"
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
                let phrase = "\(column) : \"" + needle.replacingAll("\"", with: "\"\"") + "\""
                return "(a.id IN (SELECT rowid FROM articles_fts WHERE articles_fts MATCH \(bind(phrase))))"
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
