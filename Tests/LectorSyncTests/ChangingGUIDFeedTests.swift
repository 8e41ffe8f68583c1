import Foundation
import LectorFeeds
import LectorHTTP
import LectorStore
import LectorSync
import LectorTestSupport
import Synchronization
import Testing

/// A feed that hands out new guids at every fetch (seen in review: 20 copies of the same 20
/// items per fetch): an item is known by its guid, and one whose guid is new but whose link,
/// title and date match an article of the same feed is that article.
@Suite("A feed whose guids change at every fetch")
struct ChangingGUIDFeedTests {
    @Test("fetching it twice stores each item once; a genuinely new item still arrives")
    func fetchedTwiceStoresEachItemOnce() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lector-guids-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let fetches = Mutex(0)
        let server = try LoopbackServer { _ in
            let round = fetches.withLock { count in count += 1; return count }
            let items = (1...3).map { n in
                "<item><title>Item \(n)</title><link>https://shifty.example/\(n)</link><guid isPermaLink=\"false\">run-\(round)-item-\(n)</guid>"
                    + "<pubDate>Mon, 0\(n) Jun 2026 10:00:00 GMT</pubDate></item>"
            }
            // The second fetch also brings one item the feed did not have before.
            let fresh = round > 1 ? "<item><title>Item 4</title><link>https://shifty.example/4</link><guid>run-\(round)-item-4</guid></item>" : ""
            return .text("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Shifty</title>\(items.joined())\(fresh)</channel></rss>",
                         contentType: "application/rss+xml")
        }
        let store = try Store(path: directory.appendingPathComponent("lector.sqlite").path)
        let account = try store.accounts.insert(kind: .local, name: "Home")
        _ = try store.feeds.insert(accountID: account.id, folderID: nil, serverID: "shifty", title: "Shifty",
                                   url: server.url("/feed.xml").absoluteString, siteURL: nil)
        let sync = LocalFeedSync(store: store, account: account, fetcher: FeedFetcher(http: HTTPClient()), progress: { _ in })
        _ = try sync.run(manual: true)
        #expect(try store.articles.count(accountID: account.id) == 3, "the first fetch stores the three items")
        _ = try sync.run(manual: true)
        let titles = try store.articles.list(ArticleQuery(accountID: account.id, newestFirst: false, limit: 100)).map(\.title).sorted()
        #expect(fetches.withLock { $0 } == 2, "the feed was fetched twice")
        #expect(titles == ["Item 1", "Item 2", "Item 3", "Item 4"], "each item once, the new one added: \(titles)")
    }
}
