import Foundation
import Testing
import LectorTestSupport
@testable import LectorStore

/// What `feed check` remembers of a feed lives in `app_meta`; it must not outlive the feed.
@Suite("A feed's check record goes with the feed")
struct FeedCheckRecordCleanupTests {
    @Test("the v10 migration drops orphaned records and keeps live ones; removing a feed later drops its record")
    func recordsFollowTheirFeeds() throws {
        let folder = try TemporaryFolder.make("lector-v9")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/lector.sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        do {
            let database = try Database(path: path)
            try Migrator(Array(Schema.migrator.migrations.prefix(9))).migrate(database)
            try database.execute("INSERT INTO accounts (id, kind, name, created_at) VALUES (1, 'local', 'Home', 0)")
            for id in [1, 2] {
                try database.execute("INSERT INTO feeds (id, account_id, server_id, title, url, created_at) VALUES (?, 1, ?, 'F', ?, 0)",
                                     id, "https://example.org/\(id)", "https://example.org/\(id)")
            }
            for id in [1, 2, 7] { try database.execute("INSERT INTO app_meta (key, value) VALUES (?, '{}')", "feed-check.\(id)") }
            try database.execute("INSERT INTO app_meta (key, value) VALUES ('feed-check-unrelated', 'x')")
        }
        let store = try Store(path: path)
        func records() throws -> [String] {
            try store.database.query("SELECT key FROM app_meta WHERE key LIKE 'feed-check%' ORDER BY key") { $0.string(0) }
        }
        #expect(try records() == ["feed-check-unrelated", "feed-check.1", "feed-check.2"], "the orphan of feed 7 goes, the rest stay")
        try store.feeds.remove(2)
        #expect(try records() == ["feed-check-unrelated", "feed-check.1"], "feed 2's record stayed after the feed went")
        try store.accounts.remove(1)
        #expect(try records() == ["feed-check-unrelated"], "a feed removed with its account left its record")
    }
}
