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

    @Test("a kept feed's starred articles are in the account's backup; feed list marks the feed (table, JSON, plain); feed apply does not count it as subscribed",
          arguments: ["freshrss", "miniflux"])
    func keptFeedInBackupListAndApply(kind: String) throws {
        let library = StarredArchiveTests.library()
        let quay = library.addFeed(title: "Quay Notes", feedURL: "https://quay.example/feed.xml", siteURL: "https://quay.example/", folder: "News")
        library.addItem(feed: quay, title: "Tide 1", url: "https://quay.example/tide-1", content: "<p>Tide</p>", starred: true)
        let service = try ServiceUnderTest.start(kind, feeds: library)
        let home = TestHome()
        try home.binaryOK(service.addArguments(name: "Server"), stdin: service.secret + "\n", kind)
        try home.binaryOK(["sync"], kind)
        library.unsubscribeAsAnotherClient(feed: try #require(library.feeds.first { $0.title == "Harbour News" }?.id))
        try home.binaryOK(["sync"], kind)

        // The server no longer has them: only this store does, and the backup takes them from it.
        let file = home.path + "/backup.json"
        let exported = try home.binaryOK(["backup", "export", file, "--sections", "accounts,starred"], kind)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any]
        let archived = (object?["starred"] as? [String: [[String: Any]]])?["Server"] ?? []
        #expect(Set(archived.compactMap { $0["title"] as? String }) == ["Storm 1", "Storm 2", "Tide 1"],
                "\(kind): the kept feed's starred articles are in the backup beside the server's: \(archived.map { $0["title"] ?? "" }) \(exported.stdout)")
        let storm = archived.first { $0["title"] as? String == "Storm 1" }
        #expect(storm?["content"] as? String == StarredArchiveTests.trickyContent && storm?["feed_url"] as? String == "https://harbour.example/feed.xml",
                "\(kind): with their content and feed: \(storm ?? [:])")

        // feed list: plain, JSON, and the table at a terminal.
        let plain = try home.binaryOK(["feed", "list"], kind).stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(plain.first { $0[1] == "Harbour News" }?.last == "left-server" && plain.first { $0[1] == "Quay Notes" }?.last == "active",
                "\(kind): the plain STATE column marks the kept feed: \(plain)")
        let json = try JSONSerialization.jsonObject(with: Data(try home.binaryOK(["feed", "list", "--json"], kind).stdout.utf8)) as? [[String: Any]] ?? []
        #expect(json.first { $0["title"] as? String == "Harbour News" }?["left_server"] as? Bool == true
                    && json.first { $0["title"] as? String == "Quay Notes" }?["left_server"] as? Bool == false,
                "\(kind): --json says which feed left the server: \(json)")
        let table = try runAtTerminal(home, ["feed", "list"], answer: "", after: "\u{1}no question\u{1}")
        #expect(table.stdout.contains("Harbour News (left the server)") && !table.stdout.contains("Quay Notes (left"),
                "\(kind): the table marks the kept feed: \(table.stdout)")

        // (FreshRSS: Lector fetches a feed itself before subscribing it, and harbour.example is not
        // reachable from a test; Miniflux subscribes through the server's own discovery.)
        guard kind == "miniflux" else { return }
        let urls = home.path + "/feeds.urls"
        try "https://harbour.example/feed.xml\nhttps://quay.example/feed.xml\n".write(toFile: urls, atomically: true, encoding: .utf8)
        let plan = try home.binaryOK(["feed", "apply", urls, "--account", "Server", "--dry-run"], kind)
        #expect(plan.stdout.contains("+ feed https://harbour.example/feed.xml"), "\(kind): the kept feed is not subscribed on the server: the plan subscribes it: \(plan.stdout)")
        try home.binaryOK(["feed", "apply", urls, "--account", "Server", "--yes"], kind)
        #expect(library.feeds.contains { $0.feedURL == "https://harbour.example/feed.xml" }, "\(kind): the server was not asked to subscribe: \(library.feeds.map(\.feedURL))")
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
