import Foundation
import LectorTestSupport
import Testing
@testable import LectorStore

/// A search typed a letter at a time (`browse`'s `/`, arrival order, one page): the index keeps
/// each word's first three letters (v33); a longer last word is read through its first three
/// letters and a shorter one through the other words' hits or the articles, newest first, checked
/// row by row (`SearchPrefixNarrowing`). Either way the page must be the rows FTS5's own prefix
/// search gives, in its order.
@Suite("Search as you type: prefix index and narrowed long prefixes")
struct SearchPrefixTests {
    /// Words that share their first three letters and part after them, stems that differ from
    /// their words (daily → daili), one word (swiftly) rare among the many that begin with "swi", and
/// one (quay) whose first letters begin no other word.
    static let common = ["swift", "switch", "swim", "swimming", "daily", "dairy", "dais", "garden", "gardening", "river"]

    private func store(articles: Int = 400) throws -> TemporaryStore {
        let temporary = try TemporaryStore()
        let account = try temporary.store.accounts.insert(kind: .local, name: "Home")
        let feed = try temporary.store.feeds.insert(accountID: account.id, folderID: nil, serverID: "feed", title: "Feed",
                                                    url: "https://example.org/feed.xml", siteURL: nil)
        var generator = SeededGenerator(seed: 7)
        for index in 0..<articles {
            let pick = { Self.common[generator.below(Self.common.count)] }
            let title = [pick(), pick()].joined(separator: " ").capitalized
            var words = (0..<6).map { _ in pick() }
            if index % 97 == 5 { words.append("swiftly") }
            if index % 389 == 11 { words.append("quay") }
            try temporary.store.articles.upsert(accountID: account.id, feedID: feed.id,
                                                IncomingArticle(serverID: "a\(index)", url: nil, title: title, text: words.joined(separator: " "),
                                                                publishedAt: Double(1_700_000_000 + index)))
        }
        try temporary.store.search.feedBacklog()
        return temporary
    }

    /// FTS5's own answer: the query's prefix search, the last stored first.
    private func bare(_ store: Store, _ words: String, limit: Int) throws -> [Int64] {
        let match = try #require(FTS5Query.matchingAllTokens(in: words))
        return try store.database.query("SELECT rowid FROM articles_fts WHERE articles_fts MATCH ? ORDER BY rowid DESC LIMIT ?",
                                        match, limit) { $0.int64(0) }
    }

    @Test("a typed search's page is FTS5's prefix search's, for prefixes shorter than three letters, of three and longer, one word or more, rare or common")
    func typedPagesAreTheFullSearchs() throws {
        // More articles than a one- or two-letter prefix reads before it runs the full search.
        let temporary = try store(articles: 1_700)
        let prefixes = ["s", "sw", "swi", "swif", "swift", "swim", "swimm", "switc", "swiftl", "swiftly", "dail", "daily", "dair",
                        "gard", "garden", "gardeni", "garden swi", "garden swif", "daily swimm", "river dai", "zzzz", "swiz",
                        "d", "da", "r", "q", "qu", "z", "zz", "garden s", "river d", "daily sw", "swim q", "swift g", "river z"]
        for words in prefixes {
            for limit in [1, 5, 19, 200] {
                var query = ArticleQuery(search: words, limit: limit)
                query.searchByArrival = true
                let listed = try temporary.store.articles.list(query).map(\.id)
                let expected = try bare(temporary.store, words, limit: limit)
                #expect(listed == expected, "'\(words)' limit \(limit): \(listed.count) rows listed, FTS5 gives \(expected.count)")
            }
        }
    }

    @Test("a long prefix is read through its first three letters, not merged whole: a row FTS5 would not give is never kept")
    func narrowingChecksEveryRow() throws {
        let temporary = try store(articles: 60)
        var query = ArticleQuery(search: "swif", limit: 10)
        query.searchByArrival = true
        let narrowing = try #require(SearchPrefixNarrowing(query, tokenizer: try temporary.store.database.searchTokenizer()),
                                     "a four-letter prefix is narrowed")
        #expect(narrowing.candidates.search == "swi" && narrowing.candidates.limit == SearchPrefixNarrowing.candidateLimit(10, prefixLength: 4))
        let rows = try temporary.store.articles.list(query)
        #expect(!rows.isEmpty && rows.allSatisfy { row in
            let text = (try? temporary.store.articles.text(of: row.id)) ?? ""
            return (row.title + " " + text).lowercased().split(separator: " ").contains { $0.hasPrefix("swif") }
        }, "every row has a word that begins with swif")
        for three in ["swi", "dai", "garden swi"] {
            var indexed = query
            indexed.search = three
            #expect(SearchPrefixNarrowing(indexed, tokenizer: try temporary.store.database.searchTokenizer()) == nil,
                    "'\(three)' is read from the prefix index as it is")
        }
        for (short, others) in [("s", nil), ("da", nil), ("garden s", "garden")] as [(String, String?)] {
            var typed = query
            typed.search = short
            let narrowing = try #require(SearchPrefixNarrowing(typed, tokenizer: try temporary.store.database.searchTokenizer()),
                                         "'\(short)' is shorter than the index's prefixes")
            #expect(narrowing.candidates.search == others && narrowing.candidates.lastWordWhole && narrowing.candidates.byArrival,
                    "'\(short)' is read from the other words' hits, or the articles newest first")
            let rows = try temporary.store.articles.list(typed)
            let last = String(short.split(separator: " ").last!)
            #expect(rows.count == 10 && rows.allSatisfy { row in
                let text = (try? temporary.store.articles.text(of: row.id)) ?? ""
                return (row.title + " " + text).lowercased().split(separator: " ").contains { $0.hasPrefix(last) }
            }, "every row of '\(short)' has a word that begins with \(last)")
        }
    }

    @Test("the search index keeps every word's first three letters (v33); the upgrade indexes the articles it held, and those waiting are indexed after")
    func prefixIndexAfterUpgrade() throws {
        let old = try OldStore(version: Schema.migrator.migrations.count - 1)
        do {
            let database = try Database(path: old.path)
            try database.executeScript("""
                INSERT INTO articles (id, account_id, feed_id, server_id, title, text, fetched_at)
                    SELECT 9001, account_id, id, 'indexed', 'Harbour swifts', 'swifts over the harbour', 1 FROM feeds LIMIT 1;
                INSERT INTO articles_fts (rowid, title, text) SELECT id, title, text FROM articles WHERE id = 9001;
                DELETE FROM search_backlog WHERE article_id = 9001;
                INSERT INTO articles (id, account_id, feed_id, server_id, title, text, fetched_at)
                    SELECT 9002, account_id, id, 'waiting', 'Harbour swims', 'swimmers in the harbour', 1 FROM feeds LIMIT 1;
                """)
            #expect(try database.scalarInt("SELECT count(*) FROM search_backlog WHERE article_id = 9002") == 1, "the second article waits")
        }
        let store = try Store(path: old.path)
        let table = try store.database.queryFirst("SELECT sql FROM sqlite_master WHERE name = 'articles_fts'") { $0.string(0) } ?? ""
        #expect(table.contains("prefix = '3'"), "the index keeps prefixes: \(table)")
        #expect(try store.database.scalarInt("SELECT count(*) FROM search_backlog WHERE article_id = 9002") == 1,
                "the article waiting to be indexed still waits")
        try store.search.feedBacklog()
        #expect(try store.database.query("SELECT rowid FROM articles_fts WHERE articles_fts MATCH 'harbo*' ORDER BY rowid") { $0.int64(0) }
                    .filter { $0 > 9000 } == [9001, 9002], "both articles are found by a prefix")
        #expect(throws: Never.self, "FTS5's integrity check") {
            try store.database.execute("INSERT INTO articles_fts (articles_fts, rank) VALUES ('integrity-check', 1)")
        }
    }
}
