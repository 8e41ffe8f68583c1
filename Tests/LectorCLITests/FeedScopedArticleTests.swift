import Foundation
import Testing
import LectorTestSupport
@testable import LectorStore

@Suite("Article identity in local accounts", .serialized)
struct FeedScopedArticleTests {
    static func feed(_ title: String, link: String) -> String {
        """
        <?xml version="1.0"?><rss version="2.0"><channel><title>\(title)</title><link>https://\(link).example/</link>
        <item><title>\(title) one</title><link>https://\(link).example/1</link><guid isPermaLink="false">shared-1</guid><description>\(title) body</description></item>
        <item><title>\(title) two</title><link>https://\(link).example/2</link><guid isPermaLink="false">shared-2</guid></item>
        </channel></rss>
        """
    }

    @Test("a feed reusing another feed's guids gets articles of its own; the first feed's content and links are untouched")
    func guidTakeover() throws {
        let site = StaticSite()
        site.serve("/genuine.xml", text: Self.feed("Genuine", link: "genuine"), contentType: "application/rss+xml")
        site.serve("/hijack.xml", text: Self.feed("Hijack", link: "evil"), contentType: "application/rss+xml")
        let server = try LoopbackServer(handler: site.handler)
        let home = TestHome()
        let store = try home.store()
        let account = try store.accounts.insert(kind: .local, name: "Home")
        for name in ["genuine", "hijack"] {
            let url = server.url("/\(name).xml").absoluteString
            try store.feeds.insert(accountID: account.id, folderID: nil, serverID: url, title: name, url: url, siteURL: nil)
        }
        // Two syncs: the second fetch of each feed must not move or rewrite anything either.
        for _ in 0..<2 {
            let sync = try runProcess(TestBinary.path, ["sync", "--account", "Home"], environment: home.environment)
            #expect(sync.status == 0, "sync: \(sync.stderr)")
        }
        let rows = try home.store().database.query("""
            SELECT f.title, a.title, a.url FROM articles a JOIN feeds f ON f.id = a.feed_id
            WHERE a.account_id = ? ORDER BY f.title, a.title
            """, account.id) { ($0.string(0), $0.string(1), $0.optionalString(2) ?? "") }
        #expect(rows.count == 4, "two articles per feed: \(rows)")
        #expect(rows.filter { $0.0 == "genuine" }.allSatisfy { $0.1.hasPrefix("Genuine") && $0.2.hasPrefix("https://genuine.example/") },
                "the genuine feed's articles were overwritten: \(rows)")
        #expect(rows.filter { $0.0 == "hijack" }.count == 2, "the second feed has its own articles: \(rows)")
    }
}
