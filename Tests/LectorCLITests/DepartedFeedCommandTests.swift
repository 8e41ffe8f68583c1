import Foundation
import Testing
import LectorTestSupport

/// A feed that leaves the server's list (another client unsubscribed it) through the binary:
/// `sync` says what left and what was kept, the starred articles stay starred here, and later
/// syncs leave them so.
@Suite("A feed that leaves the server's list keeps its starred articles, through the binary", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct DepartedFeedCommandTests {
    private static func starredTitles(_ home: TestHome, _ context: String) throws -> Set<String> {
        let listing = try home.binaryOK(["article", "list", "--starred", "--limit", "100", "--json"], context).stdout
        let rows = try JSONSerialization.jsonObject(with: Data(listing.utf8)) as? [[String: Any]] ?? []
        return Set(rows.compactMap { $0["title"] as? String })
    }

    @Test("unsubscribed elsewhere: sync names the feed, keeps its 2 starred articles, removes the third; the next sync keeps them starred",
          arguments: ["freshrss", "miniflux"])
    func keepsStarred(kind: String) throws {
        // Harbour News: Storm 1 and 2 starred, Storm 3 not; and a second feed that stays.
        let library = StarredArchiveTests.library()
        let quay = library.addFeed(title: "Quay Notes", feedURL: "https://quay.example/feed.xml", siteURL: "https://quay.example/", folder: "News")
        library.addItem(feed: quay, title: "Tide 1", url: "https://quay.example/tide-1", content: "<p>Tide</p>")
        let service = try ServiceUnderTest.start(kind, feeds: library)
        let home = TestHome()
        try home.binaryOK(service.addArguments(name: "Server"), stdin: service.secret + "\n", kind)
        try home.binaryOK(["sync"], kind)
        #expect(try Self.starredTitles(home, kind) == ["Storm 1", "Storm 2"], "\(kind): the starred articles arrived")

        let harbour = try #require(library.feeds.first { $0.title == "Harbour News" }?.id)
        library.unsubscribeAsAnotherClient(feed: harbour)
        let synced = try home.binaryOK(["sync"], kind)
        #expect(synced.stdout.contains("feed 'Harbour News' left the server's list: kept here with 2 starred article(s); 1 other article(s) removed"),
                "\(kind): the sync says what left and what stayed: \(synced.stdout)")
        #expect(try Self.starredTitles(home, kind) == ["Storm 1", "Storm 2"], "\(kind): the starred articles went with the feed")
        let all = try home.binaryOK(["article", "list", "--limit", "100"], kind).stdout
        #expect(!all.contains("Storm 3") && all.contains("Tide 1"), "\(kind): the unstarred article stayed, or the other feed's went: \(all)")

        let again = try home.binaryOK(["sync"], kind)
        #expect(!again.stdout.contains("left the server"), "\(kind): announced twice: \(again.stdout)")
        #expect(try Self.starredTitles(home, kind) == ["Storm 1", "Storm 2"], "\(kind): the next sync unstarred the kept articles")

        // The kept feed is no subscription of the server's: not exported, and no bar to subscribing again.
        let opml = try home.binaryOK(["opml", "export"], kind).stdout
        #expect(!opml.contains("harbour.example/feed.xml") && opml.contains("quay.example/feed.xml"),
                "\(kind): the OPML export lists a feed the server no longer has: \(opml)")
        // (FreshRSS: Lector fetches the feed itself before subscribing, and harbour.example is not
        // reachable from a test; Miniflux subscribes through the server's own discovery.)
        guard kind == "miniflux" else { return }
        let added = try home.binary(["feed", "add", "https://harbour.example/feed.xml", "--account", "Server"])
        #expect(added.status == 0, "\(kind): subscribing again was refused: \(added.stdout) \(added.stderr)")
        #expect(library.feeds.contains { $0.feedURL == "https://harbour.example/feed.xml" }, "\(kind): the server was not asked to subscribe")
        try home.binaryOK(["sync"], kind)
        #expect(try Self.starredTitles(home, kind) == ["Storm 1", "Storm 2"], "\(kind): the kept articles went when the feed came back")
    }

    @Test("feed remove of a kept feed takes it away here, though the server has no such feed any more", arguments: ["freshrss", "miniflux"])
    func removeKeptFeed(kind: String) throws {
        let library = StarredArchiveTests.library()
        let service = try ServiceUnderTest.start(kind, feeds: library)
        let home = TestHome()
        try home.binaryOK(service.addArguments(name: "Server"), stdin: service.secret + "\n", kind)
        try home.binaryOK(["sync"], kind)
        library.unsubscribeAsAnotherClient(feed: try #require(library.feeds.first?.id))
        try home.binaryOK(["sync"], kind)
        let removed = try home.binary(["feed", "remove", "Harbour News", "--yes"])
        #expect(removed.status == 0, "\(kind): removing the kept feed failed: \(removed.stdout) \(removed.stderr)")
        #expect(try Self.starredTitles(home, kind).isEmpty, "\(kind): its articles stayed after it was removed")
        try home.binaryOK(["sync"], kind)
    }
}
