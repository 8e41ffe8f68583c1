import Foundation
import Testing
@testable import LectorStore

@Suite("Schema constraints")
struct SchemaConstraintTests {
    @Test("account names are unique regardless of case")
    func accountNamesUnique() throws {
        let temporary = try TemporaryStore()
        try temporary.store.accounts.insert(kind: .local, name: "Home")
        #expect(throws: StoreError.conflict("an account named 'HOME' already exists")) {
            try temporary.store.accounts.insert(kind: .freshrss, name: "HOME")
        }
    }

    @Test("only one account can be the default")
    func singleDefault() throws {
        let temporary = try TemporaryStore()
        let first = try temporary.store.accounts.insert(kind: .local, name: "One")
        let second = try temporary.store.accounts.insert(kind: .local, name: "Two")
        #expect(first.isDefault && !second.isDefault, "the first account becomes the default")
        #expect(throws: DatabaseError.self) {
            try temporary.store.database.execute("UPDATE accounts SET is_default = 1 WHERE id = ?", second.id)
        }
        try temporary.store.accounts.setDefault(second.id)
        #expect(try temporary.store.accounts.defaultAccount()?.name == "Two")
        #expect(try temporary.store.database.scalarInt("SELECT count(*) FROM accounts WHERE is_default = 1") == 1)
    }

    @Test("a feed's server id is unique within its account but may repeat across accounts")
    func feedServerIDUniquePerAccount() throws {
        let temporary = try TemporaryStore()
        let (account, _, feed, _) = try temporary.seedAccount(name: "A")
        let other = try temporary.store.accounts.insert(kind: .local, name: "B")
        #expect(throws: StoreError.self) {
            try temporary.store.feeds.insert(accountID: account.id, folderID: nil, serverID: feed.serverID, title: "Dup",
                                             url: "https://x", siteURL: nil)
        }
        try temporary.store.feeds.insert(accountID: other.id, folderID: nil, serverID: feed.serverID, title: "Same id elsewhere",
                                         url: "https://x", siteURL: nil)
    }

    @Test("folder names are unique within an account")
    func folderNamesUnique() throws {
        let temporary = try TemporaryStore()
        let (account, folder, _, _) = try temporary.seedAccount()
        #expect(throws: StoreError.self) {
            try temporary.store.folders.insert(accountID: account.id, serverID: "other", name: folder.name)
        }
    }

    @Test("applying the same sync page twice changes nothing")
    func upsertIsIdempotent() throws {
        let temporary = try TemporaryStore()
        let (account, _, feed, _) = try temporary.seedAccount(articles: 0)
        let page = (0..<5).map { TemporaryStore.article($0) }
        for article in page { try temporary.store.articles.upsert(accountID: account.id, feedID: feed.id, article, read: .unread) }
        let before = try temporary.store.database.scalarInt("SELECT total_changes()")
        var inserted = 0
        for article in page {
            if try temporary.store.articles.upsert(accountID: account.id, feedID: feed.id, article, read: .read).inserted { inserted += 1 }
        }
        let after = try temporary.store.database.scalarInt("SELECT total_changes()")
        #expect(inserted == 0, "no article should be inserted twice")
        #expect(after == before, "replaying the page changed \(after - before) rows")
        #expect(try temporary.count("articles") == 5)
        #expect(try temporary.store.database.scalarInt("SELECT count(*) FROM article_state WHERE read = 'unread'") == 5,
                "replaying a page must not overwrite state")
    }

    @Test("an updated article is re-indexed for search")
    func ftsFollowsUpdates() throws {
        let temporary = try TemporaryStore()
        let (account, _, feed, ids) = try temporary.seedAccount(articles: 1)
        #expect(try temporary.store.articles.search("lighthouses") == ids)
        var changed = TemporaryStore.article(0, title: "Windmills")
        changed.text = "all about windmills now"
        try temporary.store.articles.upsert(accountID: account.id, feedID: feed.id, changed)
        #expect(try temporary.store.articles.search("lighthouses").isEmpty, "old text should be gone from the index")
        #expect(try temporary.store.articles.search("windmills") == ids, "new text should be indexed")
    }

    @Test("read state is one of read, unread, unknown")
    func readStateChecked() throws {
        let temporary = try TemporaryStore()
        let (_, _, _, ids) = try temporary.seedAccount(articles: 1)
        #expect(throws: DatabaseError.self) {
            try temporary.store.database.execute("UPDATE article_state SET read = 'skimmed' WHERE article_id = ?", ids[0])
        }
    }

    @Test("a pending intent must name an article or a feed")
    func intentNeedsTarget() throws {
        let temporary = try TemporaryStore()
        let (account, _, _, _) = try temporary.seedAccount()
        #expect(throws: DatabaseError.self) {
            try temporary.store.database.execute(
                "INSERT INTO pending_intents (account_id, action, desired, created_at) VALUES (?, 'read', 'true', 0)", account.id)
        }
    }

    @Test("settings values must be valid JSON")
    func settingsAreJSON() throws {
        let temporary = try TemporaryStore()
        #expect(throws: StoreError.self) { try temporary.store.settings.apply(["reader.font": "{not json"]) }
        try temporary.store.settings.apply(["reader.font": "\"news\""])
        #expect(try temporary.store.settings.all() == ["reader.font": "\"news\""])
        try temporary.store.settings.apply(["reader.font": nil])
        #expect(try temporary.store.settings.all().isEmpty)
    }
}

@Suite("Cascades")
struct CascadeTests {
    @Test("removing a feed removes its articles, their state, search entries and pending intents")
    func feedRemovalCascades() throws {
        let temporary = try TemporaryStore()
        let (account, _, feed, ids) = try temporary.seedAccount(articles: 3)
        try temporary.store.intents.enqueue(accountID: account.id, action: .read, articleID: ids[0], desiredJSON: "true")
        try temporary.store.database.execute("INSERT INTO feed_fetch_meta (feed_id, etag) VALUES (?, 'x')", feed.id)
        try temporary.store.feeds.remove(feed.id)
        for table in ["articles", "article_state", "pending_intents", "feed_fetch_meta"] {
            #expect(try temporary.count(table) == 0, "\(table) should be empty after unsubscribing")
        }
        #expect(try temporary.store.articles.search("lighthouses").isEmpty, "the search index should forget the articles")
    }

    @Test("removing an account removes everything under it and nothing of other accounts")
    func accountRemovalCascades() throws {
        let temporary = try TemporaryStore()
        let (doomed, _, _, ids) = try temporary.seedAccount(name: "Doomed", articles: 2)
        _ = try temporary.seedAccount(name: "Kept", articles: 2)
        try temporary.store.intents.enqueue(accountID: doomed.id, action: .starred, articleID: ids[1], desiredJSON: "true")
        try temporary.store.database.execute("INSERT INTO account_sync_meta (account_id, cursor) VALUES (?, 'c')", doomed.id)
        try temporary.store.accounts.remove(doomed.id)
        #expect(try temporary.count("folders") == 1)
        #expect(try temporary.count("feeds") == 1)
        #expect(try temporary.count("articles") == 2)
        #expect(try temporary.count("article_state") == 2)
        #expect(try temporary.count("pending_intents") == 0)
        #expect(try temporary.count("account_sync_meta") == 0)
    }

    @Test("removing a folder keeps its feeds, unfiled")
    func folderRemovalUnfilesFeeds() throws {
        let temporary = try TemporaryStore()
        let (_, folder, _, _) = try temporary.seedAccount()
        try temporary.store.folders.remove(folder.id)
        let feeds = try temporary.store.feeds.list()
        #expect(feeds.count == 1 && feeds[0].folderName == nil, "the feed should remain without a folder")
    }
}

@Suite("Feed counters")
struct FeedCounterTests {
    /// The counters the triggers keep, beside the counts computed from scratch.
    private func counters(_ temporary: TemporaryStore) throws -> [String] {
        try temporary.store.database.query("""
            SELECT f.title, f.article_count, f.unread_count,
                   (SELECT count(*) FROM articles WHERE feed_id = f.id),
                   (SELECT count(*) FROM articles a JOIN article_state s ON s.article_id = a.id
                     WHERE a.feed_id = f.id AND s.read = 'unread')
            FROM feeds f ORDER BY f.id
            """) { row in
            "\(row.string(0)): kept \(row.int(1))/\(row.int(2)) actual \(row.int(3))/\(row.int(4))"
        }
    }

    private func expectConsistent(_ temporary: TemporaryStore, after step: String) throws {
        for line in try counters(temporary) {
            let parts = line.components(separatedBy: " kept ")[1].components(separatedBy: " actual ")
            #expect(parts[0] == parts[1], "counters drifted after \(step): \(line)")
        }
    }

    @Test("article and unread counters stay equal to the real counts through every change")
    func countersStayInStep() throws {
        let temporary = try TemporaryStore()
        let (account, _, feed, ids) = try temporary.seedAccount(articles: 4)
        let other = try temporary.store.feeds.insert(accountID: account.id, folderID: nil, serverID: "other", title: "Other",
                                                     url: "https://example.org/other.xml", siteURL: nil)
        try expectConsistent(temporary, after: "inserting")
        try temporary.store.database.execute("UPDATE article_state SET read = 'read' WHERE article_id = ?", ids[0])
        try temporary.store.database.execute("UPDATE article_state SET read = 'unknown' WHERE article_id = ?", ids[1])
        try expectConsistent(temporary, after: "marking read and unknown")
        try temporary.store.database.execute("UPDATE article_state SET read = 'unread' WHERE article_id = ?", ids[0])
        try expectConsistent(temporary, after: "marking unread again")
        var moved = TemporaryStore.article(2)
        moved.title = "Moved"
        try temporary.store.articles.upsert(accountID: account.id, feedID: other.id, moved)
        try expectConsistent(temporary, after: "moving an article to another feed")
        try temporary.store.database.execute("DELETE FROM articles WHERE id = ?", ids[3])
        try expectConsistent(temporary, after: "deleting an unread article")
        try temporary.store.database.execute("DELETE FROM article_state WHERE article_id = ?", ids[0])
        try expectConsistent(temporary, after: "deleting a state row")
        try temporary.store.feeds.remove(feed.id)
        try expectConsistent(temporary, after: "removing a feed")
    }
}
