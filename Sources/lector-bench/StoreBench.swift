import Foundation
import LectorStore
import LectorTestSupport

// lector-bench store [--rows 10000] [--rounds 3] [--runs 50] [--home DIR] [--reuse-store no] [--search yes]
//
// 1. The SQLite floor beside Lector's write path: `rows` ~2 KB articles inserted into an empty
//    store (same schema, FTS5 included), once through plain prepared INSERTs via
//    `store.database.execute` feeding the index row by row, and once through
//    `store.articles.upsert` with the index fed from the backlog, each in one transaction, fresh
//    store per round, rounds alternating; and `upsert` with each call in a savepoint of its own
//    (a nested `database.write`), as every upsert ran before it joined its caller's transaction.
// 2. Search: `store.articles.list(ArticleQuery(search:limit: 20))` over the 100,000-article store
//    that `startup` builds (reused when present), beside the bare FTS5 MATCH … ORDER BY bm25 LIMIT 20.
enum StoreBench {
    static let queries = ["swift", "garden river", "open source linux", "morning coffee mu", "photo", "quantum"]

    static func run(_ options: BenchOptions) throws {
        let rows = try options.int("rows", default: 10_000)
        let rounds = try options.int("rounds", default: 3)
        let runs = try options.int("runs", default: 50)
        let articles = makeArticles(rows)
        let textBytes = articles.reduce(0) { $0 + $1.text.utf8.count } / rows
        print("store: \(rows) articles, ~\(textBytes) B of text each (and the same again as HTML), \(rounds) rounds, fresh store each")
        var raw: [Double] = [], lector: [Double] = [], savepoints: [Double] = []
        for round in 1...rounds {
            raw.append(try insertSeconds(articles, .plainRowByRow))
            lector.append(try insertSeconds(articles, .upsert))
            savepoints.append(try insertSeconds(articles, .upsertInSavepoints))
            print(String(format: "round %d: raw prepared INSERTs %.2f s, articles.upsert %.2f s, articles.upsert in a savepoint each %.2f s",
                         round, raw.last!, lector.last!, savepoints.last!))
        }
        print(String(format: "a savepoint per upsert: %.2f s against %.2f s (median of %d rounds, %.1f %% more)",
                     median(savepoints), median(lector), rounds, (median(savepoints) / median(lector) - 1) * 100))
        Summary.record("store", "upsert \(rows) articles, a savepoint per call", lector: String(format: "%.2f s joined", median(lector)),
                       peer: String(format: "savepoint each %.2f s", median(savepoints)),
                       ratio: String(format: "%.2f×", median(lector) / median(savepoints)), goal: "—")
        let rawRate = Double(rows) / median(raw), lectorRate = Double(rows) / median(lector)
        print(String(format: "insert: raw %.0f rows/s, Lector upsert %.0f rows/s (%.2f× the floor)", rawRate, lectorRate, lectorRate / rawRate))
        Summary.record("store", "insert \(rows) ~2 KB articles + FTS5", lector: String(format: "%.0f rows/s", lectorRate),
                       peer: String(format: "raw prepared INSERT %.0f rows/s", rawRate), ratio: String(format: "%.2f×", lectorRate / rawRate),
                       goal: "—")
        guard options.string("search", default: "yes") != "no" else { return }
        try search(options, runs: runs)
    }

    /// How the rows reach the store.
    enum InsertPath {
        /// The SQLite floor: plain prepared INSERTs into articles and article_state, and each row
        /// into the FTS5 index as it goes (the v1 schema's trigger did exactly this).
        case plainRowByRow
        /// Plain prepared INSERTs, then the whole index fed in one statement: the cheapest way
        /// SQLite can do the same work.
        case plainThenBulkIndex
        /// Lector's write path: `articles.upsert`, the index fed from the backlog at the end.
        case upsert
        /// `articles.upsert` with each call in a savepoint of its own (a write nested in the
        /// transaction), as the upsert ran before it joined its caller's transaction.
        case upsertInSavepoints
    }

    /// Seconds to insert `articles` into a fresh store in one transaction.
    static func insertSeconds(_ articles: [IncomingArticle], _ path: InsertPath) throws -> Double {
        let directory = try TemporaryDirectory.make("store")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try Store(path: directory + "/lector.sqlite")
        let (accountID, feedID) = try store.database.write {
            let account = try store.accounts.insert(kind: .local, name: "Bench")
            let feed = try store.feeds.insert(accountID: account.id, folderID: nil, serverID: "feed", title: "Feed",
                                              url: "http://127.0.0.1/feed.xml", siteURL: nil)
            return (account.id, feed.id)
        }
        let database = store.database
        if path == .plainRowByRow { try database.execute("DROP TRIGGER search_backlog_insert") }
        return try secondsElapsed {
            try database.write {
                for article in articles {
                    if path == .upsert {
                        try store.articles.upsert(accountID: accountID, feedID: feedID, article, read: .unread)
                        continue
                    }
                    if path == .upsertInSavepoints {
                        try database.write { _ = try store.articles.upsert(accountID: accountID, feedID: feedID, article, read: .unread) }
                        continue
                    }
                    try database.execute("""
                        INSERT INTO articles (account_id, feed_id, server_id, url, title, author, summary, content_html,
                                              text, published_at, updated_at, fetched_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """, accountID, feedID, article.serverID, article.url, article.title, article.author,
                        article.summary, article.contentHTML, article.text, article.publishedAt, article.updatedAt, 1_700_000_000.0)
                    let articleID = database.lastInsertedRowID
                    try database.execute("INSERT INTO article_state (article_id, read, starred) VALUES (?, 'unread', 0)", articleID)
                    if path == .plainRowByRow {
                        try database.execute("INSERT INTO articles_fts (rowid, title, text) VALUES (?, ?, ?)",
                                             articleID, article.title, article.text)
                    }
                }
                if path != .plainRowByRow { try store.search.feedBacklog() }
            }
        }
    }

    private static func search(_ options: BenchOptions, runs: Int) throws {
        let path = try StartupBench.prepareStore(options, reuseByDefault: true)
        let store = try Store(path: path)
        let total = try store.articles.count()
        print("search: \(total) articles in \(path); \(runs) runs per query; Lector = articles.list(search:, limit: 20), peer = bare FTS5 MATCH + bm25 LIMIT 20")
        print("query".padding(toLength: 22, withPad: " ", startingAt: 0) + "     hits   Lector p50   p95    FTS5 p50   p95  (ms)")
        var lectorMedians: [Double] = [], rawMedians: [Double] = []
        for query in queries {
            let (hits, l, r, _) = try compareSearch(store, query, runs: runs)
            lectorMedians.append(l.p50)
            rawMedians.append(r.p50)
            print(String(format: "%@ %8d %12.2f %6.2f %11.2f %6.2f", ("'" + query + "'").padding(toLength: 22, withPad: " ", startingAt: 0),
                         hits, l.p50, l.p95, r.p50, r.p95))
        }
        let lector = median(lectorMedians), raw = median(rawMedians)
        Summary.record("store", "FTS5 search p50 (median of \(queries.count) queries, 100k)", lector: String(format: "%.2f ms", lector),
                       peer: String(format: "bare FTS5 %.2f ms", raw), ratio: String(format: "%.2f×", lector / raw), goal: "—")
    }

    /// `query` through `articles.list(search:limit: 20)`, as a bare FTS5 MATCH … ORDER BY bm25
    /// LIMIT 20, and as the page floor: that MATCH joined to the shown columns of its rows (the
    /// least SQL any list of those rows needs: article, feed title, state), `runs` times each,
    /// alternating; fails when they find different numbers of rows.
    static func compareSearch(_ store: Store, _ query: String, runs: Int)
        throws -> (hits: Int, lector: Percentiles, raw: Percentiles, page: Percentiles) {
        let match = ftsQuery(query)
        let hits = try store.database.scalarInt("SELECT count(*) FROM articles_fts WHERE articles_fts MATCH ?", match)
        var lector: [Double] = [], raw: [Double] = [], page: [Double] = []
        var found = 0, rawFound = 0, pageFound = 0
        for _ in 0..<runs {
            lector.append(try secondsElapsed { found = try store.articles.list(ArticleQuery(search: query, limit: 20)).count } * 1000)
            raw.append(try secondsElapsed {
                rawFound = try store.database.query("SELECT rowid FROM articles_fts WHERE articles_fts MATCH ? ORDER BY bm25(articles_fts) LIMIT 20",
                                                    match) { $0.int64(0) }.count
            } * 1000)
            page.append(try secondsElapsed {
                pageFound = try store.database.query("""
                    SELECT a.id, a.title, a.url, a.published_at, f.title, s.read, s.starred
                    FROM (SELECT rowid AS hit, bm25(articles_fts) AS score FROM articles_fts WHERE articles_fts MATCH ?
                          ORDER BY score LIMIT 20)
                    CROSS JOIN articles a ON a.id = hit CROSS JOIN feeds f ON f.id = a.feed_id
                    LEFT JOIN article_state s ON s.article_id = a.id
                    """, match) { ($0.int64(0), $0.string(1), $0.optionalString(2), $0.optionalDouble(3), $0.string(4),
                                   $0.optionalString(5), $0.bool(6)) }.count
            } * 1000)
        }
        guard found == rawFound, found == pageFound else {
            throw BenchError.check("'\(query)': Lector found \(found), FTS5 \(rawFound), the page floor \(pageFound)")
        }
        return (hits, Percentiles(lector), Percentiles(raw), Percentiles(page))
    }

    /// The same quoting Lector's store applies: every word a quoted string, the last one a prefix.
    private static func ftsQuery(_ text: String) -> String {
        let tokens = text.split(separator: " ")
        return tokens.enumerated().map { index, token in "\"\(token)\"" + (index == tokens.count - 1 ? "*" : "") }.joined(separator: " ")
    }

    /// Deterministic articles: a 60-character title, ~2 KB of text and the same text as HTML.
    static func makeArticles(_ count: Int) -> [IncomingArticle] {
        var generator = SeededGenerator(seed: 20_240_602)
        // A vocabulary of a few thousand made-up words, so the FTS index is not trivially small.
        let syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "te", "vo", "zi", "pe", "da", "fo", "gu", "hi", "ja", "ba"]
        let vocabulary = (0..<4_096).map { index in
            (0..<(2 + index % 3)).map { shift in syllables[(index >> (shift * 4)) % 16] }.joined()
        } + BenchStore.words.map { $0.lowercased() }
        func words(_ n: Int) -> String {
            (0..<n).map { _ in vocabulary[Int(generator.next() % UInt64(vocabulary.count))] }.joined(separator: " ")
        }
        return (0..<count).map { index in
            let title = String(words(10).prefix(60))
            let text = words(290)
            return IncomingArticle(serverID: "article-\(index)", url: "http://127.0.0.1/a/\(index)", title: title, author: "Bench",
                                   summary: String(text.prefix(200)), contentHTML: "<p>" + text + "</p>", text: text,
                                   publishedAt: 1_700_000_000 + Double(index) * 60)
        }
    }
}
