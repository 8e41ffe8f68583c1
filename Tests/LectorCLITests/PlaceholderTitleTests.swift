import Foundation
import Testing
import LectorTestSupport

/// A feed listed without a title (a newsboat urls line without `~Title`) is named after its host
/// until its first fetch: that name is Lector's, so the feed's own title replaces it, and it is
/// never sent to a server as the feed's title.
@Suite("A title Lector made up gives way to the feed's own", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct PlaceholderTitleTests {
    private static func titles(_ home: TestHome) throws -> [String: String] {
        let listing = try JSONSerialization.jsonObject(with: Data(try home.binaryOK(["feed", "list", "--json"], "feed list").stdout.utf8)) as? [[String: Any]] ?? []
        return Dictionary(listing.map { ($0["url"] as? String ?? "", $0["title"] as? String ?? "") }) { first, _ in first }
    }

    @Test("a urls feed without ~title takes the feed's own title at its first fetch; a given or renamed title stays")
    func placeholderReplacedAtFirstFetch() throws {
        let site = StaticSite()
        for name in ["tide", "lamp", "gull"] {
            site.serve("/\(name).xml", text: FeedSite.rss("\(name.capitalized) Weekly", items: ["First \(name)"]), contentType: "application/rss+xml")
        }
        let server = try LoopbackServer(handler: site.handler)
        defer { server.stop() }
        let tide = server.url("/tide.xml").absoluteString, lamp = server.url("/lamp.xml").absoluteString, gull = server.url("/gull.xml").absoluteString
        let home = TestHome()
        try home.binaryOK(["account", "add", "local", "--name", "Mine"], "account add")
        let urls = home.path + "/urls"
        try "\(tide)\n\(lamp) \"~My Lamp\"\n\(gull)\n".write(toFile: urls, atomically: true, encoding: .utf8)
        try home.binaryOK(["opml", "import", urls], "import the urls file")
        let before = try Self.titles(home)
        #expect(before[tide] == "127.0.0.1" && before[lamp] == "My Lamp", "before a fetch: the host, and the given title: \(before)")
        try home.binaryOK(["feed", "rename", gull, "Gulls"], "the user names one feed")
        let file = home.path + "/before-fetch.json"
        try home.binaryOK(["backup", "export", file], "export before any fetch")

        try home.binaryOK(["sync"], "first sync")
        let after = try Self.titles(home)
        #expect(after[tide] == "Tide Weekly", "the placeholder gave way to the feed's own title: \(after)")
        #expect(after[lamp] == "My Lamp", "a title from the file is the user's and stays: \(after)")
        #expect(after[gull] == "Gulls", "a title the user gave stays: \(after)")

        try home.binaryOK(["feed", "rename", "Tide Weekly", "Tides"], "rename the fetched title")
        try home.binaryOK(["sync"], "second sync")
        #expect(try Self.titles(home)[tide] == "Tides", "a later fetch never renames a feed whose title is real")

        let moved = TestHome()
        try moved.binaryOK(["backup", "restore", file, "--yes"], "restore the backup written before the fetch")
        try moved.binaryOK(["sync"], "sync the restored home")
        let restored = try Self.titles(moved)
        #expect(restored[tide] == "Tide Weekly" && restored[gull] == "Gulls", "the backup keeps a placeholder a placeholder: \(restored)")
    }

    @Test("an OPML outline without a title is named by the feed's first fetch, not after its address")
    func opmlOutlineWithoutTitle() throws {
        let site = StaticSite()
        site.serve("/tide.xml", text: FeedSite.rss("Tide Weekly", items: ["First tide"]), contentType: "application/rss+xml")
        let server = try LoopbackServer(handler: site.handler)
        defer { server.stop() }
        let tide = server.url("/tide.xml").absoluteString
        let home = TestHome()
        try home.binaryOK(["account", "add", "local", "--name", "Mine"], "account add")
        let opml = home.path + "/feeds.opml"
        try "<?xml version=\"1.0\"?><opml version=\"2.0\"><head><title>x</title></head><body><outline type=\"rss\" xmlUrl=\"\(tide)\"/></body></opml>"
            .write(toFile: opml, atomically: true, encoding: .utf8)
        try home.binaryOK(["opml", "import", opml], "import the OPML file")
        try home.binaryOK(["sync"], "first sync")
        let titles = try Self.titles(home)
        #expect(titles[tide] == "Tide Weekly", "the address was a stand-in, the feed's own title replaces it: \(titles)")
    }

    @Test("account copy never sends a placeholder title: a new feed gets the server's title, an existing one keeps its own")
    func placeholderNeverPushed() throws {
        let library = FeedStore()
        library.addRemoteFeed(RemoteFeed(feedURL: "https://harbour.example/feed.xml", title: "Harbour News", entries: []))
        _ = library.addFeed(title: "Circuit Notes", feedURL: "https://circuit.example/atom.xml", siteURL: "https://circuit.example/", folder: "Tech")
        let service = try ServiceUnderTest.start("freshrss", feeds: library)
        let home = TestHome()
        try home.binaryOK(["account", "add", "local", "--name", "Mine"], "account add local")
        let urls = home.path + "/urls"
        try "https://harbour.example/feed.xml\nhttps://circuit.example/atom.xml\n".write(toFile: urls, atomically: true, encoding: .utf8)
        try home.binaryOK(["opml", "import", urls, "--account", "Mine"], "import the urls file")
        try home.binaryOK(service.addArguments(name: "Server"), stdin: service.secret + "\n", "account add freshrss")

        let copied = try home.binaryOK(["account", "copy", "Mine", "Server", "--feeds"], "account copy")
        let titles = Dictionary(service.feeds.feeds.map { ($0.feedURL, $0.title) }) { first, _ in first }
        #expect(titles["https://harbour.example/feed.xml"] == "Harbour News",
                "a new feed is named by the server, not 'harbour.example': \(titles)\n\(copied.stdout)")
        #expect(titles["https://circuit.example/atom.xml"] == "Circuit Notes",
                "an existing feed is not renamed to 'circuit.example': \(titles)\n\(copied.stdout)")
    }
}
