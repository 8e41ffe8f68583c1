import Foundation
import Testing
import LectorTestSupport
@testable import LectorStore

@Suite("Search index fed in bulk")
struct SearchIndexTests {
    /// FTS5's own consistency check of an external-content index against the articles table.
    private func expectIndexIntact(_ store: Store, _ comment: Comment) throws {
        #expect(throws: Never.self, comment) {
            try store.database.execute("INSERT INTO articles_fts (articles_fts, rank) VALUES ('integrity-check', 1)")
        }
    }

    @Test("a new article waits in the backlog and is searchable as soon as anyone searches")
    func searchFeedsTheBacklogFirst() throws {
        let temporary = try TemporaryStore()
        let (_, _, _, ids) = try temporary.seedAccount(articles: 3)
        #expect(try temporary.store.search.pendingCount() == 3, "new articles should wait for a bulk feed, not be indexed row by row")
        #expect(try temporary.store.articles.search("lighthouses").sorted() == ids.sorted())
        #expect(try temporary.store.search.pendingCount() == 0, "searching should have fed the whole backlog")
        try expectIndexIntact(temporary.store, "after the bulk feed")
    }

    @Test("deleting an article the index has not seen yet leaves the index intact")
    func deleteBeforeIndexing() throws {
        let temporary = try TemporaryStore()
        let (_, _, _, ids) = try temporary.seedAccount(articles: 2)
        try temporary.store.database.execute("DELETE FROM articles WHERE id = ?", ids[0])
        #expect(try temporary.store.search.pendingCount() == 1, "the deleted article must leave the backlog too")
        #expect(try temporary.store.articles.search("lighthouses") == [ids[1]])
        try expectIndexIntact(temporary.store, "an FTS5 'delete' of a row never indexed would corrupt the index")
    }

    @Test("editing an article still in the backlog indexes only its new text")
    func editBeforeIndexing() throws {
        let temporary = try TemporaryStore()
        let (account, _, feed, ids) = try temporary.seedAccount(articles: 1)
        var changed = TemporaryStore.article(0, title: "Windmills")
        changed.text = "all about windmills now"
        try temporary.store.articles.upsert(accountID: account.id, feedID: feed.id, changed)
        #expect(try temporary.store.articles.search("windmills") == ids)
        #expect(try temporary.store.articles.search("lighthouses").isEmpty, "the old text was never indexed and must not match")
        try expectIndexIntact(temporary.store, "after editing an unindexed article")
    }

    @Test("an article id reused after a delete is indexed again, not taken for indexed")
    func reusedRowIDIsIndexed() throws {
        let temporary = try TemporaryStore()
        let (account, _, feed, ids) = try temporary.seedAccount(articles: 2)
        try temporary.store.search.feedBacklog()
        try temporary.store.database.execute("DELETE FROM articles WHERE id = ?", ids[1])
        let reused = try temporary.store.articles.upsert(accountID: account.id, feedID: feed.id,
                                                         IncomingArticle(serverID: "late", url: nil, title: "Tidal mills", text: "tides"))
        #expect(reused.id == ids[1], "SQLite hands out the freed highest rowid again; this test relies on it")
        #expect(try temporary.store.articles.search("tides") == [reused.id])
        try temporary.store.database.execute("DELETE FROM articles WHERE id = ?", reused.id)
        try expectIndexIntact(temporary.store, "after deleting a reused, indexed id")
    }

    @Test("a sync writing many articles feeds the index in batches, not only at the end")
    func applyEntriesFeedsFullBatches() throws {
        let temporary = try TemporaryStore()
        let (account, _, feed, _) = try temporary.seedAccount(articles: 0)
        let entries = (0..<(SearchIndex.batchSize + 10)).map { index in
            (feedID: feed.id, article: TemporaryStore.article(index), read: Bool?.none, starred: Bool?.none)
        }
        try temporary.store.sync.applyEntries(accountID: account.id, entries, protected: [])
        #expect(try temporary.store.search.pendingCount() == 0, "a full batch should be indexed inside the sync's own transaction")
        let small = [(feedID: feed.id, article: TemporaryStore.article(9_999), read: Bool?.none, starred: Bool?.none)]
        try temporary.store.sync.applyEntries(accountID: account.id, small, protected: [])
        #expect(try temporary.store.search.pendingCount() == 1, "a small page waits for the end of the run")
        #expect(try temporary.store.search.feedBacklog() == 1)
        try expectIndexIntact(temporary.store, "after batched feeding")
    }

    @Test("a version 1 store keeps its index through the migration and stays consistent")
    func migrationFromVersion1() throws {
        let folder = try TemporaryFolder.make("lector-v1")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/lector.sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        do {
            let database = try Database(path: path)
            try Migrator(Array(Schema.migrator.migrations.prefix(1))).migrate(database)
            try database.execute("INSERT INTO accounts (kind, name, created_at) VALUES ('local', 'Old', 0)")
            try database.execute("INSERT INTO feeds (account_id, server_id, title, url, created_at) VALUES (1, 'f', 'F', 'https://example.org/f.xml', 0)")
            try database.execute("""
                INSERT INTO articles (account_id, feed_id, server_id, title, text, fetched_at)
                VALUES (1, 1, 'a', 'Harbour', 'lighthouses at dusk', 0), (1, 1, 'b', 'Moors', 'heather and lighthouses', 0)
                """)
            try database.execute("INSERT INTO article_state (article_id, read, starred) SELECT id, 'unread', 0 FROM articles")
        }
        let store = try Store(path: path)
        #expect(try store.search.pendingCount() == 0, "articles of a v1 store were indexed by its triggers already")
        #expect(try store.articles.search("lighthouses").count == 2)
        try store.database.execute("DELETE FROM articles WHERE title = 'Harbour'")
        try store.database.execute("UPDATE articles SET text = 'heather only' WHERE title = 'Moors'")
        #expect(try store.articles.search("lighthouses").isEmpty, "a delete and an edit must reach the migrated index")
        #expect(try store.articles.search("heather").count == 1)
        try expectIndexIntact(store, "after migrating a v1 store")
    }
}
