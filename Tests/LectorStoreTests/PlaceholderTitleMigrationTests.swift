import Foundation
import Testing
import LectorTestSupport
@testable import LectorStore

/// Local feeds Lector named after their host (or address) before it kept such titles apart.
@Suite("Placeholder titles are told apart from real ones")
struct PlaceholderTitleMigrationTests {
    @Test("the v13 migration flags local feeds named after their host or address; real titles and remote feeds stay real")
    func madeUpTitlesFlagged() throws {
        let folder = try TemporaryFolder.make("lector-v11")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/lector.sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        do {
            let database = try Database(path: path)
            try Migrator(Array(Schema.migrator.migrations.prefix(11))).migrate(database)
            try database.execute("INSERT INTO accounts (id, kind, name, created_at) VALUES (1, 'local', 'Home', 0)")
            try database.execute("INSERT INTO accounts (id, kind, name, url, created_at) VALUES (2, 'miniflux', 'Work', 'https://flux.example', 0)")
            for (id, account, title, url) in [(1, 1, "github.com", "https://github.com/a/releases.atom"),
                                              (2, 1, "https://example.org/rss", "https://example.org/rss"),
                                              (3, 1, "Tide Weekly", "https://tide.example/rss"),
                                              (4, 2, "flux.example", "https://flux.example/feed")] {
                try database.execute("INSERT INTO feeds (id, account_id, server_id, title, url, created_at) VALUES (?, ?, ?, ?, ?, 0)",
                                     id, account, url, title, url)
            }
        }
        let store = try Store(path: path)
        let flagged = try store.feeds.list().filter(\.feed.titleIsPlaceholder).map(\.feed.id).sorted()
        #expect(flagged == [1, 2], "the host- and address-named local feeds are placeholders, the others real: \(flagged)")
        try store.feeds.update(1, title: "Releases", siteURL: nil)
        #expect(try store.feeds.adoptFetchedTitle(1, "From the feed") == false, "a title the user gave is not replaced by a fetch")
        #expect(try store.feeds.adoptFetchedTitle(2, "Example") == true, "a placeholder is replaced by the fetched title")
        #expect(try store.feeds.list().filter(\.feed.titleIsPlaceholder).isEmpty, "no placeholder is left")
    }
}
