import Foundation
import Testing
@testable import LectorStore

@Suite("Migrations")
struct MigrationTests {
    @Test("an empty file is migrated to the latest schema")
    func migratesEmptyFile() throws {
        let path = NSTemporaryDirectory() + "lector-empty-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        let store = try Store(path: path)
        #expect(try store.database.userVersion() == Schema.migrator.latestVersion)
        let tables = try store.database.query("SELECT name FROM sqlite_master WHERE type IN ('table') ORDER BY name") { $0.string(0) }
        for expected in ["accounts", "folders", "feeds", "articles", "article_state", "pending_intents", "settings",
                         "feed_fetch_meta", "account_sync_meta", "articles_fts"] {
            #expect(tables.contains(expected), "schema v1 should create table \(expected); has \(tables)")
        }
    }

    @Test("opening twice applies nothing the second time")
    func migrationIsIdempotent() throws {
        let temporary = try TemporaryStore()
        let applied = try Schema.migrator.migrate(temporary.store.database)
        #expect(applied.isEmpty, "no step should run again, ran \(applied)")
    }

    @Test("a store from a newer Lector is refused with a clear message")
    func refusesNewerSchema() throws {
        let temporary = try TemporaryStore()
        try temporary.store.database.setUserVersion(Schema.migrator.latestVersion + 1)
        #expect {
            _ = try Store(path: temporary.path)
        } throws: { error in
            guard case StoreError.newerSchema(_, let found, let supported)? = error as? StoreError else { return false }
            return found == supported + 1 && (error as! StoreError).description.contains("upgrade Lector")
        }
    }

    @Test("a failing step leaves the store at the previous version")
    func failingStepRollsBack() throws {
        let temporary = try TemporaryStore()
        let migrator = Migrator(Schema.migrator.migrations + [
            Migration("broken") { db in
                try db.execute("CREATE TABLE half_done (x)")
                try db.execute("THIS IS NOT SQL")
            },
        ])
        #expect(throws: StoreError.self) { try migrator.migrate(temporary.store.database) }
        #expect(try temporary.store.database.userVersion() == Schema.migrator.latestVersion)
        let leftovers = try temporary.store.database.scalarInt("SELECT count(*) FROM sqlite_master WHERE name = 'half_done'")
        #expect(leftovers == 0, "the failed step's table must be rolled back")
    }

    @Test("read-only open refuses a store that was never migrated")
    func readOnlyNeedsCurrentSchema() throws {
        let path = NSTemporaryDirectory() + "lector-ro-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(Store.openReadOnly(path: path) == nil, "a missing file gives no store")
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        #expect(Store.openReadOnly(path: path) == nil, "an unmigrated file gives no store")
    }
}

@Suite("Listing plan")
struct ListingPlanTests {
    @Test("the newest articles are read through the time index, never by sorting the whole table")
    func newestFirstUsesTheIndex() throws {
        let temporary = try TemporaryStore()
        _ = try temporary.seedAccount(articles: 3)
        let plan = try temporary.store.database.query("""
            EXPLAIN QUERY PLAN
            SELECT a.id FROM articles a JOIN feeds f ON f.id = a.feed_id JOIN article_state s ON s.article_id = a.id
            WHERE (?1 IS NULL OR a.account_id = ?1) AND (?2 = 0 OR s.read = 'unread')
            ORDER BY \(ArticlesTable.listingTime) DESC, a.id DESC LIMIT 20
            """, Int64?.none, false) { $0.string(3) }
        #expect(plan.contains { $0.contains("USING INDEX articles_by_time") }, "the list must walk articles_by_time: \(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "the list must not sort every article: \(plan)")
        #expect(try temporary.store.articles.list(ArticleQuery(limit: 2)).map(\.title) == ["Article 2", "Article 1"],
                "newest first by publish date")
    }
}
