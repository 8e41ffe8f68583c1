import Foundation
import Testing
@testable import LectorStore

/// A page of `--where` and `rule test` over full-text tests: a common word's page is found by
/// walking the articles newest first and asking the index about each row; a rare word's hits
/// are read first and sorted; `rule test` counts a full-text filter from the index alone. Each
/// way must give exactly the page and count a plain reading of the articles gives.
@Suite("Filtered pages over the full-text index")
struct FilteredPageTests {
    /// 6,000 articles: "harbour" in every other text (3,000 hits, at or above the driving limit
    /// when it is lowered), "quasar" in three, "comet" in titles of every tenth.
    final class World {
        let temporary: TemporaryStore
        var store: Store { temporary.store }

        init() throws {
            temporary = try TemporaryStore()
            let (account, _, feed, _) = try temporary.seedAccount(articles: 0)
            try temporary.store.database.write {
                for index in 0..<6_000 {
                    let words = (index % 2 == 0 ? "harbour lights " : "open sea ") + ([17, 2_500, 5_999].contains(index) ? "quasar" : "dust")
                    let article = IncomingArticle(serverID: "item-\(index)", url: "https://example.org/\(index)",
                                                  title: index % 10 == 0 ? "Comet \(index)" : "Note \(index)", text: "Text \(index): \(words)",
                                                  publishedAt: Double(1_700_000_000 + index))
                    _ = try temporary.store.articles.upsert(accountID: account.id, feedID: feed.id, article, read: .unread)
                }
            }
            // As a sync leaves it: the index caught up.
            try SearchIndex(database: temporary.store.database).feedBacklog()
        }

        /// What a page must be: the matching articles' ids newest first, read without the index.
        func expected(_ test: (Int) -> Bool, limit: Int = 20) throws -> [Int64] {
            try store.database.query("SELECT id, CAST(substr(server_id, 6) AS INTEGER) FROM articles ORDER BY listed_at DESC, id DESC") {
                ($0.int64(0), $0.int(1))
            }.filter { test($0.1) }.prefix(limit).map(\.0)
        }

        func query(_ expression: String) throws -> ArticleQuery {
            ArticleQuery(filter: try FilterParser.parse(expression), now: 1_800_000_000, limit: 20, includeHidden: true)
        }

        /// The page `list` gives, and the pages of both ways of reading the index.
        func pages(_ expression: String) throws -> [String: [Int64]] {
            let table = ArticlesTable(database: store.database)
            var pages = ["list": try store.articles.list(try query(expression)).map(\.id)]
            try store.database.registerFilterFunctions()
            for (name, limit) in [("walked", 1), ("driven", 1_000_000)] {
                let statement = try #require(ArticlesTable.listStatement(try query(expression),
                                                                         indexPlan: try table.indexPlan(try query(expression), drivingHitLimit: limit)))
                pages[name] = try store.database.query(statement.sql, arguments: statement.arguments) { $0.int64(0) }
            }
            return pages
        }

        /// EXPLAIN QUERY PLAN of the page under the plan the driving limit gives.
        func steps(_ expression: String, drivingHitLimit: Int) throws -> [String] {
            let plan = try ArticlesTable(database: store.database).indexPlan(try query(expression), drivingHitLimit: drivingHitLimit)
            let statement = try #require(ArticlesTable.listStatement(try query(expression), indexPlan: plan))
            return try store.database.query("EXPLAIN QUERY PLAN " + statement.sql, arguments: statement.arguments) { $0.string(3) }
        }
    }

    static let quasar: Set<Int> = [17, 2_500, 5_999]

    /// What each filter of `pagesAreExact` means for the article of this index, said plainly.
    static func holds(_ expression: String, index: Int) -> Bool {
        let harbour = index % 2 == 0, quasar = quasar.contains(index), comet = index % 10 == 0
        switch expression {
        case "content contains harbour": return harbour
        case "content contains quasar": return quasar
        case "content contains harbour and content contains quasar": return harbour && quasar
        case "title contains comet and not content contains harbour": return comet && !harbour
        case "content contains quasar or title contains comet": return quasar || comet
        default: preconditionFailure("no plain meaning written for '\(expression)'")
        }
    }

    @Test("a common word's page, a rare word's, both together and either one: walked or driven by hits, the articles a plain reading gives",
          arguments: ["content contains harbour", "content contains quasar", "content contains harbour and content contains quasar",
                      "title contains comet and not content contains harbour", "content contains quasar or title contains comet"])
    func pagesAreExact(_ expression: String) throws {
        let world = try World()
        let expected = try world.expected { Self.holds(expression, index: $0) }
        for (way, page) in try world.pages(expression) {
            #expect(page == expected, "'\(expression)' read \(way): \(page), a plain reading gives \(expected)")
        }
    }

    @Test("the rarest required phrase's hits are read first; a common word walks the time index and asks the index per row")
    func plansFollowTheHits() throws {
        let world = try World()
        let rare = try ArticlesTable(database: world.store.database).indexPlan(try world.query("content contains harbour and content contains quasar"))
        #expect(rare == FilterSQL.IndexPlan(driving: "text : \"quasar\""), "the rare word must drive: \(String(describing: rare))")
        let driven = try world.steps("content contains harbour and content contains quasar", drivingHitLimit: ArticlesTable.drivingHitLimit)
        #expect(driven.contains { $0.hasPrefix("SEARCH a USING INTEGER PRIMARY KEY (rowid=?)") }, "the rare word's hits must be read first: \(driven)")
        let common = try ArticlesTable(database: world.store.database).indexPlan(try world.query("content contains harbour"), drivingHitLimit: 1_000)
        #expect(common == FilterSQL.IndexPlan(driving: nil), "a word with more hits than the limit must not drive: \(String(describing: common))")
        let walked = try world.steps("content contains harbour", drivingHitLimit: 1_000)
        #expect(walked.first?.hasPrefix("SCAN a USING INDEX articles_by_time") == true, "a common word must walk the time index: \(walked)")
        #expect(!walked.contains { $0.contains("TEMP B-TREE") }, "the walk must not sort: \(walked)")
    }

    @Test("rule test counts a full-text filter from the index, and the count is the articles'",
          arguments: ["content contains harbour", "content contains quasar or title contains comet", "content contains harbour and title contains comet",
                      "content contains harbour and unread"])
    func countsAreExact(_ expression: String) throws {
        let world = try World()
        let filter = try FilterParser.parse(expression)
        let found = try world.store.ruleEngine.test(filter, scope: RuleScope(), limit: 5, now: 1_800_000_000)
        let (sql, arguments) = RuleEngine.matching(filter, scope: RuleScope(), ruleID: nil, now: 1_800_000_000, select: "count(*)")
        try world.store.database.registerFilterFunctions()
        let plain = try world.store.database.query(sql, arguments: arguments) { $0.int(0) }.first
        #expect(found.count == plain, "rule test counted \(found.count) for '\(expression)', the articles hold \(String(describing: plain))")
        #expect(found.page.count == 5, "rule test's first page should be full")
    }
}
