import Foundation
import Testing
import LectorTestSupport
@testable import LectorStore

@Suite("Local articles keyed by feed and guid")
struct FeedScopedArticleMigrationTests {
    @Test("the migration scopes a local account's article ids to their feed and leaves remote ids, state and content alone")
    func migrationScopesLocalIDs() throws {
        let folder = try TemporaryFolder.make("lector-scope")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/lector.sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        // A store as the version before this migration left it.
        let before = Migrator(Array(Schema.migrator.migrations.prefix { !$0.name.contains("keyed by feed and guid") }))
        let database = try Database(path: path)
        try before.migrate(database)
        let accounts = AccountsTable(database: database), feeds = FeedsTable(database: database), articles = ArticlesTable(database: database)
        let local = try accounts.insert(kind: .local, name: "Home")
        let remote = try accounts.insert(kind: .miniflux, name: "Flux", url: "https://flux.example", username: "me")
        let feed = try feeds.insert(accountID: local.id, folderID: nil, serverID: "https://a.example/feed", title: "A",
                                        url: "https://a.example/feed", siteURL: nil)
        let remoteFeed = try feeds.insert(accountID: remote.id, folderID: nil, serverID: "7", title: "R", url: "https://r.example/feed", siteURL: nil)
        let kept = try articles.upsert(accountID: local.id, feedID: feed.id,
                                           IncomingArticle(serverID: "guid-1", url: "https://a.example/1", title: "One", text: "one"),
                                           read: .read, starred: true)
        _ = try articles.upsert(accountID: remote.id, feedID: remoteFeed.id, IncomingArticle(serverID: "42", url: nil, title: "R", text: "r"))

        let applied = try Schema.migrator.migrate(database)
        #expect(applied.count == Schema.migrator.migrations.count - before.migrations.count, "only the steps after it run: \(applied)")
        let ids = try database.query("SELECT account_id, server_id FROM articles ORDER BY id") { ($0.int64(0), $0.string(1)) }
        #expect(ids.map(\.1) == [LocalArticleID.scoped(feedID: feed.id, guid: "guid-1"), "42"], "got \(ids)")
        let state = try database.query("SELECT read, starred FROM article_state WHERE article_id = ?", kept.id) { ($0.string(0), $0.int64(1)) }
        #expect(state.first?.0 == "read" && state.first?.1 == 1, "state survives: \(state)")
    }

    @Test("two feeds of one local account with the same guids keep their own articles")
    func sameGuidTwoFeeds() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let account = try store.accounts.insert(kind: .local, name: "Home")
        let a = try store.feeds.insert(accountID: account.id, folderID: nil, serverID: "a", title: "A", url: "https://a.example/f", siteURL: nil)
        let b = try store.feeds.insert(accountID: account.id, folderID: nil, serverID: "b", title: "B", url: "https://b.example/f", siteURL: nil)
        for (feed, word) in [(a, "genuine"), (b, "hijack")] {
            _ = try store.articles.upsert(accountID: account.id, feedID: feed.id,
                                          IncomingArticle(serverID: LocalArticleID.scoped(feedID: feed.id, guid: "same"),
                                                          url: "https://\(word).example/", title: word, text: word))
        }
        let titles = try store.database.query("SELECT feed_id, title, url FROM articles ORDER BY feed_id") { ($0.int64(0), $0.string(1), $0.optionalString(2)) }
        #expect(titles.map(\.1) == ["genuine", "hijack"] && titles.map(\.0) == [a.id, b.id], "each feed keeps its article: \(titles)")
    }
}
