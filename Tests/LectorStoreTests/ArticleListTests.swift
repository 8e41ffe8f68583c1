import Foundation
import Testing
import LectorTestSupport
@testable import LectorStore

@Suite("Article lists")
struct ArticleListTests {
    /// Two accounts; "Home" has a filed feed (articles 0–3) and an unfiled one (articles 10–11).
    private func store() throws -> (TemporaryStore, folder: Int64, unfiled: Int64, ids: [String: Int64]) {
        let temporary = try TemporaryStore()
        let (account, folder, _, filed) = try temporary.seedAccount(name: "Home", articles: 4)
        let unfiled = try temporary.store.feeds.insert(accountID: account.id, folderID: nil, serverID: "loose", title: "Loose",
                                                       url: "https://example.org/loose.xml", siteURL: nil)
        var ids: [String: Int64] = [:]
        for (index, id) in filed.enumerated() { ids["Article \(index)"] = id }
        for index in 10...11 {
            ids["Article \(index)"] = try temporary.store.articles.upsert(accountID: account.id, feedID: unfiled.id,
                                                                          TemporaryStore.article(index), read: .unread).id
        }
        _ = try temporary.seedAccount(name: "Other", articles: 2)
        try temporary.store.states.setRead([ids["Article 1"]!, ids["Article 10"]!], to: .read)
        try temporary.store.states.setStarred([ids["Article 2"]!, ids["Article 11"]!], to: true)
        return (temporary, folder.id, unfiled.id, ids)
    }

    private func titles(_ store: Store, _ query: ArticleQuery) throws -> [String] {
        try store.articles.list(query).map(\.title)
    }

    @Test("each filter alone and together, newest first, with feed titles and state filled in")
    func filters() throws {
        let (temporary, folder, unfiled, ids) = try store()
        let store = temporary.store
        let home = try #require(try store.accounts.named("Home")).id
        #expect(try titles(store, ArticleQuery(accountID: home)) == ["Article 11", "Article 10", "Article 3", "Article 2", "Article 1", "Article 0"])
        #expect(try titles(store, ArticleQuery(folderID: folder)) == ["Article 3", "Article 2", "Article 1", "Article 0"])
        #expect(try titles(store, ArticleQuery(feedID: unfiled)) == ["Article 11", "Article 10"])
        #expect(try titles(store, ArticleQuery(accountID: home, unreadOnly: true)) == ["Article 11", "Article 3", "Article 2", "Article 0"])
        #expect(try titles(store, ArticleQuery(accountID: home, starredOnly: true)) == ["Article 11", "Article 2"])
        #expect(try titles(store, ArticleQuery(folderID: folder, unreadOnly: true, starredOnly: true)) == ["Article 2"])
        #expect(try titles(store, ArticleQuery(accountID: home, since: 1_700_000_003)) == ["Article 11", "Article 10", "Article 3"])
        #expect(try titles(store, ArticleQuery(accountID: home, newestFirst: false, limit: 2)) == ["Article 0", "Article 1"])

        let row = try #require(try store.articles.list(ArticleQuery(feedID: unfiled)).first)
        #expect(row.feedTitle == "Loose" && row.read == .unread && row.starred, "feed title and state come with each row: \(row)")
        #expect(row.id == ids["Article 11"])
    }

    @Test("an article dated in the future is listed by when it arrived, not above everything for as long as it is kept")
    func futureDateSortsByArrival() throws {
        let temporary = try TemporaryStore()
        let (account, folder, feed, _) = try temporary.seedAccount(name: "Home", articles: 0)
        let now = Date().timeIntervalSince1970
        let future = IncomingArticle(serverID: "future", url: nil, title: "Dated next year", text: "x", publishedAt: now + 365 * 86_400)
        try temporary.store.articles.upsert(accountID: account.id, feedID: feed.id, future, read: .unread)
        Thread.sleep(forTimeInterval: 0.01)
        // Published (and fetched) after the future-dated one arrived: newer by any honest clock.
        let later = IncomingArticle(serverID: "later", url: nil, title: "Published just now", text: "x", publishedAt: Date().timeIntervalSince1970)
        try temporary.store.articles.upsert(accountID: account.id, feedID: feed.id, later, read: .unread)
        let expected = ["Published just now", "Dated next year"]
        #expect(try titles(temporary.store, ArticleQuery(accountID: account.id)) == expected, "the account's list")
        #expect(try titles(temporary.store, ArticleQuery(feedID: feed.id)) == expected, "the feed's list")
        #expect(try titles(temporary.store, ArticleQuery(folderID: folder.id)) == expected, "the folder's list")
        #expect(try temporary.store.articles.list(ArticleQuery(accountID: account.id)).last?.publishedAt == now + 365 * 86_400,
                "the article keeps the date its feed gave")
    }

    @Test("a store from before v15 lists its future-dated articles by arrival once migrated")
    func futureDateMigrated() throws {
        let folder = try TemporaryFolder.make("lector-listed")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/lector.sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let before = Migrator(Array(Schema.migrator.migrations.prefix { !$0.name.hasPrefix("v15:") }))
        let database = try Database(path: path)
        try before.migrate(database)
        let account = try AccountsTable(database: database).insert(kind: .local, name: "Home")
        let feed = try FeedsTable(database: database).insert(accountID: account.id, folderID: nil, serverID: "f", title: "F",
                                                             url: "https://f.example/feed", siteURL: nil)
        let articles = ArticlesTable(database: database)
        let now = Date().timeIntervalSince1970
        try articles.upsert(accountID: account.id, feedID: feed.id,
                            IncomingArticle(serverID: "future", url: nil, title: "Dated next year", text: "x", publishedAt: now + 365 * 86_400))
        Thread.sleep(forTimeInterval: 0.01)
        try articles.upsert(accountID: account.id, feedID: feed.id,
                            IncomingArticle(serverID: "later", url: nil, title: "Published just now", text: "x", publishedAt: Date().timeIntervalSince1970))
        try Schema.migrator.migrate(database)
        #expect(try articles.list(ArticleQuery(accountID: account.id)).map(\.title) == ["Published just now", "Dated next year"])
    }

    @Test("an unfiltered search gives FTS5's best matches in FTS5's order, a page at a time")
    func searchOrderIsFTS5Rank() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let account = try store.accounts.insert(kind: .local, name: "Ranks")
        let feed = try store.feeds.insert(accountID: account.id, folderID: nil, serverID: "ranks", title: "Ranks",
                                          url: "https://example.org/ranks.xml", siteURL: nil)
        // The word a different number of times in texts of different lengths: bm25 orders them all differently.
        for index in 0..<60 {
            let text = Array(repeating: "harbor", count: 1 + index % 7).joined(separator: " ") + " "
                + Array(repeating: "filler", count: 3 + (index * 13) % 40).joined(separator: " ")
            try store.articles.upsert(accountID: account.id, feedID: feed.id,
                                      IncomingArticle(serverID: "r\(index)", url: nil, title: index % 5 == 0 ? "Harbor \(index)" : "Title \(index)", text: text))
        }
        try store.search.feedBacklog()
        let ranked = try store.database.query("SELECT rowid FROM articles_fts WHERE articles_fts MATCH '\"harbor\"*' ORDER BY rank") { $0.int64(0) }
        #expect(ranked.count == 60)
        for limit in [1, 7, 20, 60, 100] {
            let listed = try store.articles.list(ArticleQuery(search: "harbor", limit: limit)).map(\.id)
            #expect(listed == Array(ranked.prefix(limit)), "the first \(limit) by rank, in rank's order")
        }
    }

    @Test("search honours the same filters and ranks within them")
    func searchWithFilters() throws {
        let (temporary, folder, _, _) = try store()
        let store = temporary.store
        #expect(try titles(store, ArticleQuery(search: "lighthouses", limit: 100)).count == 8, "every seeded article mentions lighthouses")
        #expect(Set(try titles(store, ArticleQuery(folderID: folder, unreadOnly: true, search: "lighthouses"))) == ["Article 0", "Article 2", "Article 3"])
        #expect(try titles(store, ArticleQuery(starredOnly: true, search: "number 11")) == ["Article 11"])
        let hit = try #require(try store.articles.list(ArticleQuery(starredOnly: true, search: "lighthouses")).first)
        #expect(hit.snippet?.contains("\u{1}lighthouses\u{2}") == true, "the snippet marks the match: \(String(describing: hit.snippet))")
    }
}
