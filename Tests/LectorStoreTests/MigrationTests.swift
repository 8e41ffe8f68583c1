import Foundation
import Testing
import LectorTestSupport
@testable import LectorStore

@Suite("Migrations")
struct MigrationTests {
    @Test("an empty file is migrated to the latest schema")
    func migratesEmptyFile() throws {
        let folder = try TemporaryFolder.make("lector-empty")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/lector.sqlite"
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

    @Test("a store that a step unknown to this Lector was applied to is refused, naming the step; completion does not read it")
    func refusesUnknownStep() throws {
        let temporary = try TemporaryStore()
        try temporary.store.database.execute("INSERT INTO schema_migrations (name) VALUES ('v16: from a newer Lector')")
        #expect {
            _ = try Store(path: temporary.path)
        } throws: { error in
            let text = (error as? StoreError)?.description ?? ""
            return text.contains("does not know its step 'v16: from a newer Lector'") && text.contains("upgrade Lector")
        }
        #expect(Store.openReadOnly(path: temporary.path) == nil, "completion must not read a store of steps it does not know")
    }

    @Test("a store from before the record of step names, with more steps than this Lector has, is refused")
    func refusesNewerUnrecordedSchema() throws {
        let old = try OldStore(version: 14)
        let database = try Database(path: old.path)
        #expect {
            try Migrator(Array(Schema.migrator.migrations.prefix(13))).migrate(database)
        } throws: { error in
            (error as? StoreError)?.description.contains("does not know its step 'step 14'") == true
        }
    }

    @Test("a store from before the record of step names has the steps its user_version counts recorded by name, and gets only the rest")
    func recordsUnnamedStepsOnce() throws {
        let old = try OldStore(version: 9)
        let database = try Database(path: old.path)
        let applied = try Schema.migrator.migrate(database)
        let names = Schema.migrator.migrations.map(\.name)
        #expect(applied == Array(names.dropFirst(9)), "only the steps after v9 run")
        #expect(try database.query("SELECT name FROM schema_migrations ORDER BY rowid") { $0.string(0) } == names,
                "every step is recorded by name, in order")
        #expect(try database.userVersion() == names.count, "user_version counts the steps, for a Lector from before the record")
    }

    @Test("steps added on two lines of work are both applied, whichever came first")
    func stepsFromTwoLinesOfWork() throws {
        let temporary = try TemporaryStore()
        let mine = Migration("v16 here: a table of ours") { db in try db.execute("CREATE TABLE ours (x)") }
        let theirs = Migration("v16 there: a table of theirs") { db in try db.execute("CREATE TABLE theirs (x)") }
        try Migrator(Schema.migrator.migrations + [mine]).migrate(temporary.store.database)
        let applied = try Migrator(Schema.migrator.migrations + [theirs, mine]).migrate(temporary.store.database)
        #expect(applied == [theirs.name], "the merged build applies only the step this store lacks")
        #expect(try temporary.store.database.scalarInt("SELECT count(*) FROM sqlite_master WHERE name IN ('ours', 'theirs')") == 2)
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
        let folder = try TemporaryFolder.make("lector-ro")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/lector.sqlite"
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
