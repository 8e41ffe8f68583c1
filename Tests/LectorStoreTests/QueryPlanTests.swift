import Foundation
import Testing
import LectorTestSupport
@testable import LectorStore

/// The plans of the queries a list runs on every call: at a million articles anything that reads
/// every hit or every article, or sorts them, costs a hundred times what it does at ten thousand.
@Suite("Query plans that stay flat as the account grows")
struct QueryPlanTests {
    /// The EXPLAIN QUERY PLAN lines of what `list` runs for `query`.
    private func plan(_ store: Store, _ query: ArticleQuery) throws -> [String] {
        let (sql, arguments) = try #require(ArticlesTable.listStatement(query), "the query should have a statement")
        return try store.database.query("EXPLAIN QUERY PLAN " + sql, arguments: arguments) { $0.string(3) }
    }

    private func plan(_ store: Store, _ sql: String, _ arguments: Int64?...) throws -> [String] {
        try store.database.query("EXPLAIN QUERY PLAN " + sql, arguments: arguments) { $0.string(3) }
    }

    @Test("counting a list to find its end reads an index of articles only, no state and no article row",
          arguments: [ArticleQuery(), ArticleQuery(accountID: 1), ArticleQuery(feedID: 1)])
    func totalReadsAnIndexOnly(_ query: ArticleQuery) throws {
        let temporary = try TemporaryStore()
        _ = try temporary.seedAccount(articles: 3)
        var counted = query
        counted.limit = -1
        let (sql, arguments) = try #require(ArticlesTable.tallyStatement(counted, states: false))
        let steps = try temporary.store.database.query("EXPLAIN QUERY PLAN " + sql, arguments: arguments) { $0.string(3) }
        #expect(steps.count == 1 && steps[0].contains("COVERING INDEX"), "one walk of a covering index, nothing joined: \(steps)")
        #expect(try temporary.store.articles.total(query) == (query.feedID == nil ? 3 : try temporary.store.articles.tally(query).total),
                "the count is the tally's")
    }

    @Test("an unfiltered search ranks the hits alone under its limit, then reads the page's articles by id")
    func searchRanksBeforeReadingArticles() throws {
        let temporary = try TemporaryStore()
        _ = try temporary.seedAccount(articles: 3)
        let steps = try plan(temporary.store, ArticleQuery(search: "river"))
        #expect(Array(steps.prefix(3)) == ["CO-ROUTINE (subquery-1)", "SCAN articles_fts VIRTUAL TABLE INDEX 0:M2", "USE TEMP B-TREE FOR ORDER BY"],
                "the hits must be ranked on their own, before any join (FTS5's `ORDER BY rank` sorts every hit with no limit): \(steps)")
        #expect(steps.contains("SEARCH a USING INTEGER PRIMARY KEY (rowid=?)"), "the page's articles are read by id: \(steps)")
        #expect(!steps.contains { $0 == "SCAN a" || $0.hasPrefix("SCAN a ") || $0.hasPrefix("SCAN articles ") }, "no scan of articles: \(steps)")
        let (sql, _) = try #require(ArticlesTable.listStatement(ArticleQuery(search: "river")))
        #expect(sql.contains("ORDER BY score LIMIT ?7)"), "the ranking keeps only the page's hits: \(sql)")
    }

    @Test("a filtered search is ranked inside the full-text index: no sort of every hit, articles read only for the page",
          arguments: [ArticleQuery(accountID: 1, search: "river"), ArticleQuery(accountID: 1, folderID: 1, unreadOnly: true, search: "river"),
                      ArticleQuery(feedID: 1, search: "river"), ArticleQuery(starredOnly: true, search: "river")])
    func searchRanksInsideTheIndex(_ query: ArticleQuery) throws {
        let temporary = try TemporaryStore()
        _ = try temporary.seedAccount(articles: 3)
        let steps = try plan(temporary.store, query)
        #expect(steps.first?.hasPrefix("SCAN articles_fts VIRTUAL TABLE") == true, "the index must be the outer loop: \(steps)")
        #expect(!steps.contains { $0.contains("TEMP B-TREE") }, "every hit would be sorted (and joined to its article) first: \(steps)")
        #expect(!steps.contains { $0 == "SCAN a" || $0.hasPrefix("SCAN a ") || $0.hasPrefix("SCAN articles ") }, "no scan of articles: \(steps)")
    }

    @Test("a feed's newest article time is one step down the feed time index, never a sort of its articles")
    func newestTimeReadsTheIndex() throws {
        let temporary = try TemporaryStore()
        _ = try temporary.seedAccount(articles: 3)
        let steps = try temporary.store.database.query("""
            EXPLAIN QUERY PLAN SELECT \(ArticlesTable.listingTime) FROM articles WHERE feed_id = ?
            ORDER BY \(ArticlesTable.listingTime) DESC, id DESC LIMIT 1
            """, Int64(1)) { $0.string(3) }
        #expect(steps == ["SEARCH articles USING INDEX articles_by_feed_time (feed_id=?)"], "the feed's articles would be read and sorted: \(steps)")
        #expect(try temporary.store.articles.newestListingTime(feedID: 1) == 1_700_000_002)
    }

    @Test("feed titles for completion come from the title index alone, already in order", arguments: [nil, Int64(1)])
    func feedTitlesReadTheIndex(_ accountID: Int64?) throws {
        let temporary = try TemporaryStore()
        _ = try temporary.seedAccount(articles: 1)
        let steps = try temporary.store.database.query("EXPLAIN QUERY PLAN " + FeedsTable.titlesSQL, accountID, "Sw") { $0.string(3) }
        #expect(steps == ["SCAN feeds USING COVERING INDEX feeds_by_title"], "the whole feeds table would be read and sorted: \(steps)")
    }

    @Test("the newest, unread and starred lists walk the time index without sorting",
          arguments: [ArticleQuery(), ArticleQuery(unreadOnly: true), ArticleQuery(starredOnly: true), ArticleQuery(newestFirst: false)])
    func listsWalkTheTimeIndex(_ query: ArticleQuery) throws {
        let temporary = try TemporaryStore()
        _ = try temporary.seedAccount(articles: 3)
        let steps = try plan(temporary.store, query)
        #expect(steps.first?.contains("USING INDEX articles_by_time") == true, "the list must walk articles_by_time: \(steps)")
        #expect(!steps.contains { $0.contains("TEMP B-TREE") }, "the list must not sort every article: \(steps)")
    }

    @Test("the unread and starred counters read no article rows", arguments: [Int64?.none, 1])
    func countersReadNoArticles(_ accountID: Int64?) throws {
        let temporary = try TemporaryStore()
        _ = try temporary.seedAccount(articles: 3)
        // Counting the starred index grew with the starred articles (30,000 at a million).
        let steps = try plan(temporary.store, ArticlesTable.counts, accountID, nil, nil)
        #expect(steps.allSatisfy { $0.contains("feeds") }, "unread and starred must come from the feed counters: \(steps)")
    }

    @Test("the counters agree with counting every article, per account and over all")
    func countersMatchAFullCount() throws {
        let temporary = try TemporaryStore()
        let (home, _, _, homeIDs) = try temporary.seedAccount(name: "Home", articles: 5)
        let (work, _, _, workIDs) = try temporary.seedAccount(name: "Work", articles: 4)
        try temporary.store.states.setRead([homeIDs[0], homeIDs[1], workIDs[0]], to: .read)
        try temporary.store.states.setStarred([homeIDs[2], workIDs[1], workIDs[2]], to: true)
        func full(_ accountID: Int64?) throws -> [Int] {
            try temporary.store.database.query("""
                SELECT coalesce(sum(s.read = 'unread'), 0), coalesce(sum(s.starred), 0)
                FROM articles a JOIN article_state s ON s.article_id = a.id WHERE ?1 IS NULL OR a.account_id = ?1
                """, accountID) { [$0.int(0), $0.int(1)] }[0]
        }
        for accountID in [nil, home.id, work.id] {
            let counted = try temporary.store.articles.counters(accountID: accountID)
            #expect([counted.unread, counted.starred] == (try full(accountID)), "account \(String(describing: accountID))")
        }
        let homeCounts = try temporary.store.articles.counters(accountID: home.id)
        #expect(homeCounts.unread == 3 && homeCounts.starred == 1, "Home has 3 unread and 1 starred, not \(homeCounts)")
        // Every way a count changes: unstarring, a starred article moved to another feed, one deleted.
        try temporary.store.states.setStarred([workIDs[1]], to: false)
        let otherFeed = try temporary.store.feeds.insert(accountID: work.id, folderID: nil, serverID: "other", title: "Other",
                                                         url: "https://other.example/feed", siteURL: nil)
        try temporary.store.database.execute("UPDATE articles SET feed_id = ? WHERE id = ?", otherFeed.id, workIDs[2])
        try temporary.store.database.execute("DELETE FROM articles WHERE id = ?", homeIDs[2])
        for accountID in [nil, home.id, work.id] {
            let counted = try temporary.store.articles.counters(accountID: accountID)
            #expect([counted.unread, counted.starred] == (try full(accountID)), "after unstar, move and delete: account \(String(describing: accountID))")
        }
        let perFeed = try temporary.store.database.query("""
            SELECT f.id, f.starred_count, (SELECT count(*) FROM articles a JOIN article_state s ON s.article_id = a.id
                                           WHERE a.feed_id = f.id AND s.starred = 1) FROM feeds f
            """) { ($0.int64(0), $0.int(1), $0.int(2)) }
        #expect(perFeed.allSatisfy { $0.1 == $0.2 }, "each feed's starred_count matches its articles: \(perFeed)")
    }

    @Test("the v8 migration counts the starred articles a store already has, feed by feed")
    func starredCountBackfill() throws {
        let folder = try TemporaryFolder.make("lector-starred")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/lector.sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let before = Migrator(Array(Schema.migrator.migrations.prefix { !$0.name.contains("counts its starred") }))
        let database = try Database(path: path)
        try before.migrate(database)
        let accounts = AccountsTable(database: database), feeds = FeedsTable(database: database), articles = ArticlesTable(database: database)
        let account = try accounts.insert(kind: .local, name: "Home")
        let first = try feeds.insert(accountID: account.id, folderID: nil, serverID: "a", title: "A", url: "https://a.example/feed", siteURL: nil)
        let second = try feeds.insert(accountID: account.id, folderID: nil, serverID: "b", title: "B", url: "https://b.example/feed", siteURL: nil)
        for (index, feed) in [first, first, first, second].enumerated() {
            _ = try articles.upsert(accountID: account.id, feedID: feed.id,
                                    IncomingArticle(serverID: "g\(index)", url: nil, title: "T\(index)", text: "t"),
                                    read: .unread, starred: index != 1)
        }
        _ = try Schema.migrator.migrate(database)
        let counts = try database.query("SELECT starred_count FROM feeds ORDER BY id") { $0.int(0) }
        #expect(counts == [2, 1], "feed A has 2 starred, feed B 1: \(counts)")
        #expect(try ArticlesTable(database: database).counters(accountID: account.id).starred == 3)
    }
}

@Suite("Id sets staged page by page")
struct StagedIDSetTests {
    @Test("a set staged in pages applies like the whole set, and a new set starts empty")
    func stagedPagesApplyLikeOneSet() throws {
        let temporary = try TemporaryStore()
        let account = try temporary.store.accounts.insert(kind: .freshrss, name: "Remote", url: "https://rss.example/", username: "me")
        let feed = try temporary.store.feeds.insert(accountID: account.id, folderID: nil, serverID: "feed/1", title: "Feed",
                                                    url: "https://example.org/feed.xml", siteURL: nil)
        for index in 0..<1_200 {
            try temporary.store.articles.upsert(accountID: account.id, feedID: feed.id, TemporaryStore.article(index), read: .read)
        }
        let sync = temporary.store.sync
        // A set left half-gathered by a run that failed must not leak into the next one.
        try sync.startIDSet()
        try sync.addToIDSet((0..<1_200).map { "item-\($0)" })
        try sync.startIDSet()
        try sync.addToIDSet((0..<600).map { "item-\($0)" })
        try sync.addToIDSet((600..<700).map { "item-\($0)" } + ["item-0", "not-here"])
        let changed = try sync.applyStagedIDSet(accountID: account.id, field: .unread, complete: true, protected: ["item-5"])
        let unread = try temporary.store.database.query("""
            SELECT a.server_id FROM articles a JOIN article_state s ON s.article_id = a.id WHERE s.read = 'unread'
            """) { $0.string(0) }
        #expect(changed == 699, "700 members, one of them protected, should have turned unread; \(changed) changed")
        #expect(Set(unread) == Set((0..<700).map { "item-\($0)" }).subtracting(["item-5"]),
                "only the second set's members may be unread: \(unread.count) are")
    }
}

@Suite("Feed and folder lists from the feed time index")
struct FeedListingIndexTests {
    private func plan(_ store: Store, _ query: ArticleQuery) throws -> [String] {
        let (sql, arguments) = try #require(ArticlesTable.listStatement(query))
        return try store.database.query("EXPLAIN QUERY PLAN " + sql, arguments: arguments) { $0.string(3) }
    }

    @Test("a feed's list is one range of the feed time index, never a walk of every article or a sort",
          arguments: [ArticleQuery(feedID: 1), ArticleQuery(feedID: 1, unreadOnly: true), ArticleQuery(feedID: 1, newestFirst: false)])
    func feedListUsesTheFeedTimeIndex(_ query: ArticleQuery) throws {
        let temporary = try TemporaryStore()
        _ = try temporary.seedAccount(articles: 3)
        let steps = try plan(temporary.store, query)
        #expect(steps.first?.contains("USING INDEX articles_by_feed_time (feed_id=?)") == true, "the feed's range must be read: \(steps)")
        #expect(!steps.contains { $0.contains("TEMP B-TREE") }, "a feed's articles must not be sorted: \(steps)")
    }

    @Test("a folder's list reads each feed's range only down to its limit-th article",
          arguments: [ArticleQuery(folderID: 1), ArticleQuery(folderID: 1, unreadOnly: true), ArticleQuery(folderID: 1, newestFirst: false)])
    func folderListStopsAtEachFeedsPage(_ query: ArticleQuery) throws {
        let temporary = try TemporaryStore()
        _ = try temporary.seedAccount(articles: 3)
        let steps = try plan(temporary.store, query)
        #expect(steps.contains { $0.contains("USING INDEX articles_by_feed_time (feed_id=? AND listed_at") },
                "each feed's articles must be bounded by the time of its limit-th: \(steps)")
        #expect(!steps.contains { $0 == "SCAN a" || $0.hasPrefix("SCAN a ") }, "no walk of every article: \(steps)")
    }

    @Test("a folder's page is the same as sorting all its articles, newest or oldest first, unread or not",
          arguments: [false, true], [true, false])
    func folderPageMatchesAFullSort(unreadOnly: Bool, newestFirst: Bool) throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let account = try store.accounts.insert(kind: .local, name: "Home")
        let folder = try store.folders.insert(accountID: account.id, serverID: "f", name: "News")
        let other = try store.folders.insert(accountID: account.id, serverID: "g", name: "Other")
        var feeds: [Int64] = []
        for index in 0..<4 {
            feeds.append(try store.feeds.insert(accountID: account.id, folderID: index == 3 ? other.id : folder.id, serverID: "feed\(index)",
                                                title: "Feed \(index)", url: "https://example.org/\(index).xml", siteURL: nil).id)
        }
        // Feed 0 is busy and recent, feed 1 quiet and old, feed 2 in between with equal times;
        // every third article is read.
        for number in 0..<60 {
            let feed = feeds[number % 7 == 0 ? 1 : (number % 3 == 0 ? 2 : (number % 11 == 0 ? 3 : 0))]
            let time = Double(1_700_000_000 + (number % 7 == 0 ? number : number * 10) - (number % 5 == 0 ? number % 10 : 0))
            let article = IncomingArticle(serverID: "n\(number)", url: nil, title: "N\(number)", text: "", publishedAt: time)
            try store.articles.upsert(accountID: account.id, feedID: feed, article, read: number % 3 == 0 ? .read : .unread)
        }
        let all = try store.database.query("""
            SELECT a.id FROM articles a JOIN feeds f ON f.id = a.feed_id JOIN article_state s ON s.article_id = a.id
            WHERE f.folder_id = ? AND (? = 0 OR s.read = 'unread')
            ORDER BY coalesce(a.published_at, a.fetched_at) \(newestFirst ? "DESC" : "ASC"), a.id \(newestFirst ? "DESC" : "ASC")
            """, folder.id, unreadOnly) { $0.int64(0) }
        for limit in [1, 5, 12, 100] {
            let page = try store.articles.list(ArticleQuery(folderID: folder.id, unreadOnly: unreadOnly, newestFirst: newestFirst,
                                                            limit: limit)).map(\.id)
            #expect(page == Array(all.prefix(limit)), "limit \(limit): the folder's page differs from a full sort")
        }
    }
}

@Suite("Unknown server ids looked up per page")
struct UnknownServerIDTests {
    @Test("only the ids the account lacks come back, in their order, whatever characters they hold")
    func unknownIDsKeepOrderAndOddCharacters() throws {
        let temporary = try TemporaryStore()
        let (account, _, feed, _) = try temporary.seedAccount(name: "Home", articles: 3)
        let (other, _, _, _) = try temporary.seedAccount(name: "Work", articles: 0)
        let odd = "tag:\"quoted\"/\\slash/é/\u{1F600}"
        try temporary.store.articles.upsert(accountID: account.id, feedID: feed.id,
                                             IncomingArticle(serverID: odd, url: nil, title: "Odd", text: ""))
        let asked = ["new-2", "item-1", odd, "new-1", "item-0", "new-\u{00E9}"]
        #expect(try temporary.store.sync.unknownServerIDs(accountID: account.id, among: asked) == ["new-2", "new-1", "new-\u{00E9}"])
        #expect(try temporary.store.sync.unknownServerIDs(accountID: other.id, among: asked) == asked,
                "another account's articles are not this account's")
        let plan = try temporary.store.database.query("EXPLAIN QUERY PLAN " + SyncTable.unknownIDs, account.id, "[]") { $0.string(3) }
        #expect(plan.contains { $0.contains("COVERING INDEX sqlite_autoindex_articles_1 (account_id=? AND server_id=?)") },
                "each id must be one lookup in the (account, server id) index: \(plan)")
    }
}
