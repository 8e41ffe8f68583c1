import Foundation
import Testing
import LectorTestSupport
@testable import LectorStore

@Suite("Migration to v4")
struct SchemaV4MigrationTests {
    @Test("a v3 store with queued intents migrates to v4: intents kept at generation 0, acknowledgeable, claims table present")
    func fromVersion3() throws {
        let folder = try TemporaryFolder.make("lector-v3")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/lector.sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        // Build a real v3 store with the first three steps only, and queue two wishes in it.
        do {
            let database = try Database(path: path)
            try Migrator(Array(Schema.migrator.migrations.prefix(3))).migrate(database)
            #expect(try database.userVersion() == 3)
            try database.execute("INSERT INTO accounts (id, kind, name, url, created_at) VALUES (1, 'freshrss', 'Remote', 'https://r.example/', 0)")
            try database.execute("INSERT INTO feeds (id, account_id, server_id, title, url, created_at) VALUES (1, 1, 'f', 'F', 'https://r.example/f', 0)")
            for id in 1...2 {
                try database.execute("INSERT INTO articles (id, account_id, feed_id, server_id, fetched_at) VALUES (?, 1, 1, ?, 0)", id, "s\(id)")
            }
            try database.execute("INSERT INTO pending_intents (account_id, action, article_id, desired, created_at, in_flight) VALUES (1, 'read', 1, 'true', 1, 1)")
            try database.execute("INSERT INTO pending_intents (account_id, action, article_id, desired, created_at) VALUES (1, 'starred', 2, 'false', 2)")
        }
        let store = try Store(path: path)
        #expect(try store.database.userVersion() == Schema.migrator.latestVersion, "a v3 store migrates through v4 to the latest")
        let intents = try store.intents.all(accountID: 1)
        #expect(intents.map(\.desired) == ["true", "false"] && intents.allSatisfy { $0.generation == 0 },
                "the queued wishes of a v3 store must survive the upgrade at generation 0, got \(intents)")
        // The v3 in-flight row is sent again and acknowledged at its generation.
        let sending = try store.intents.selectForSending(accountID: 1)
        try store.intents.enqueue(accountID: 1, action: .starred, articleID: 2, desiredJSON: "true")
        try store.intents.acknowledge(sending)
        #expect(try store.intents.all(accountID: 1).map(\.desired) == ["true"], "only the wish changed after sending may stay")
        #expect(try store.syncClaims.current(accountID: 1) == nil)
        let check = try store.database.query("PRAGMA integrity_check") { $0.string(0) }
        #expect(check == ["ok"])
    }
}
