import Foundation
import Testing
import LectorTestSupport
@testable import LectorCLI
@testable import LectorSettings
@testable import LectorStore

/// The preview lines under an article's title come from its summary, or, when the server sent
/// the article without one (FreshRSS's Google Reader API puts the whole body in `summary`, Fever
/// has only `html`), from the start of its text — as a local feed's article shows them.
@Suite("Previews of server articles", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct RemotePreviewTests {
    @Test("a FreshRSS (GReader or Fever) article's list row has the preview lines of its body", arguments: ["freshrss", "fever"])
    func previewFromTheBody(kind: String) throws {
        let home = TestHome()
        let feeds = FeedStore()
        let feed = feeds.addFeed(title: "Harbour News", feedURL: "https://harbour.example/feed.xml", siteURL: "https://harbour.example/", folder: "News")
        // Fever lists only feeds with an icon.
        feeds.setFavicon(feed: feed, mimeType: "image/png", data: Data([0x89, 0x50, 0x4E, 0x47]))
        feeds.addItem(feed: feed, title: "Tide table", url: "https://harbour.example/1",
                      content: "<p>High water at six o'clock, low water at noon.</p>", published: Int64(Date().timeIntervalSince1970))
        let service = try ServiceUnderTest.start(kind, feeds: feeds)
        let added = try runProcess(TestBinary.path, service.addArguments(name: "Server"), environment: home.environment, stdin: service.secret + "\n")
        try #require(added.status == 0, "\(kind): account add failed: \(added.stderr)")
        try home.binaryOK(["sync"], "\(kind): the sync")
        let store = try home.store()
        let account = try #require(try store.accounts.named("Server"))
        let articles = try store.articles.list(ArticleQuery(accountID: account.id))
        try #require(articles.count == 1, "\(kind): the sync stored \(articles.count) article(s)")
        let shown = ArticleListView(preferences: .defaults, width: 100, palette: Palette(theme: .system, color: false)).render(articles, searching: false)
        let lines = shown.split(separator: "\n").map(String.init)
        #expect(lines.count == 3 && lines[2].contains("High water at six o'clock"),
                "\(kind): the row should be followed by its preview line:\n\(shown)")
    }
}
