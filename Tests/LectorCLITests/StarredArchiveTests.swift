import Foundation
import Testing
import LectorStore
import LectorTestSupport

/// The starred archive through the binary: `backup export` pulls every starred article of an
/// account with its content, `backup inspect` counts them, `--starred-atom` writes them as a
/// feed our own parser reads back, and `backup restore --sections starred` puts them back —
/// starred again where the account has them, re-created where it can take entries, named where
/// it cannot — and changes nothing when run again.
@Suite("Starred archive: export and restore through the binary", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct StarredArchiveTests {
    static let remoteKinds = ["freshrss", "miniflux", "fever", "feedbin"]
    /// Text a feed could send that must survive JSON and Atom whole.
    static let trickyContent = "<p>Tide &amp; <b>\"moon\"</b> ]]> 3 < 4</p>"

    /// A server library with one feed of three articles, the first two starred.
    static func library() -> FeedStore {
        let library = FeedStore()
        let now = Int64(Date().timeIntervalSince1970)
        let feed = library.addFeed(title: "Harbour News", feedURL: "https://harbour.example/feed.xml", siteURL: "https://harbour.example/", folder: "News")
        for n in 1...3 {
            library.addItem(feed: feed, title: "Storm \(n)", url: "https://harbour.example/storm-\(n)", content: n == 1 ? trickyContent : "<p>Storm \(n)</p>",
                            author: "Ann", published: now - Int64(n) * 3_600, starred: n <= 2)
        }
        library.addRemoteFeed(RemoteFeed(feedURL: "https://harbour.example/feed.xml", siteURL: "https://harbour.example/", title: "Harbour News"))
        return library
    }

    private static func starredArticles(_ home: TestHome, _ context: String) throws -> [[String: Any]] {
        let listing = try home.binaryOK(["article", "list", "--starred", "--limit", "100", "--json"], context).stdout
        return try JSONSerialization.jsonObject(with: Data(listing.utf8)) as? [[String: Any]] ?? []
    }

    private static func backupStarred(_ file: String) throws -> [String: [[String: Any]]] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any]
        return object?["starred"] as? [String: [[String: Any]]] ?? [:]
    }

    @Test("a remote account's starred articles go into the backup with their content, and back into an empty account of each kind", arguments: remoteKinds)
    func remoteArchive(kind: String) throws {
        let source = try ServiceUnderTest.start(kind, feeds: Self.library())
        let old = TestHome()
        try old.binaryOK(source.addArguments(name: "Server"), stdin: source.secret + "\n", kind)
        let file = old.path + "/starred.json"
        let exported = try old.binaryOK(["backup", "export", file, "--sections", "accounts,starred"], kind)
        #expect(exported.stdout.contains("2 starred article(s)"), "\(kind): the export counts the starred articles: \(exported.stdout)")
        let archived = try Self.backupStarred(file)["Server"] ?? []
        #expect(Set(archived.compactMap { $0["title"] as? String }) == ["Storm 1", "Storm 2"], "\(kind): both starred articles are archived: \(archived)")
        let first = archived.first { $0["title"] as? String == "Storm 1" }
        #expect(first?["content"] as? String == Self.trickyContent, "\(kind): with its content as the server gave it: \(first ?? [:])")
        #expect(first?["feed_url"] as? String == "https://harbour.example/feed.xml" && first?["feed_title"] as? String == "Harbour News",
                "\(kind): with its feed: \(first ?? [:])")
        #expect(first?["published_at"] is String, "\(kind): with its date")
        let inspected = try old.binaryOK(["backup", "inspect", file], kind)
        #expect(inspected.stdout.contains("starred: 2 article(s) (2 in Server)"), "\(kind): inspect counts them: \(inspected.stdout)")

        // A new server that has none of them, and a fresh home with an empty account on it.
        let empty = FeedStore()
        empty.addRemoteFeed(RemoteFeed(feedURL: "https://harbour.example/feed.xml", siteURL: "https://harbour.example/", title: "Harbour News"))
        let destination = try ServiceUnderTest.start(kind, feeds: empty)
        let new = TestHome()
        try new.binaryOK(destination.addArguments(name: "Server"), stdin: destination.secret + "\n", kind)
        let restored = try new.binaryOK(["backup", "restore", file, "--sections", "starred", "--yes"], kind)
        if kind == "miniflux" {
            #expect(restored.stdout.contains("0 of 2 found (0 newly starred), 2 re-created, 0 not taken"), "\(kind): both imported: \(restored.stdout)")
            let imported = empty.items.filter(\.starred)
            #expect(Set(imported.map(\.title)) == ["Storm 1", "Storm 2"], "\(kind): the server holds both, starred: \(empty.items.map(\.title))")
            #expect(imported.first { $0.title == "Storm 1" }?.content == Self.trickyContent, "\(kind): with their content")
            let again = try new.binaryOK(["backup", "restore", file, "--sections", "starred", "--yes"], kind)
            #expect(again.stdout.contains("2 of 2 found (0 newly starred), 0 re-created, 0 not taken"), "\(kind): the second restore finds them: \(again.stdout)")
            #expect(empty.items.count == 2, "\(kind): running it twice adds nothing on the server: \(empty.items.map(\.title))")
            try new.binaryOK(["sync"], kind)
            #expect(Set(try Self.starredArticles(new, kind).compactMap { $0["title"] as? String }) == ["Storm 1", "Storm 2"], "\(kind): starred after a sync")
        } else {
            #expect(restored.stdout.contains("0 of 2 found (0 newly starred), 0 re-created, 2 not taken"), "\(kind): none could be taken: \(restored.stdout)")
            #expect(restored.stdout.contains("not taken: 'Storm 1' (Harbour News) <https://harbour.example/storm-1>: a \(kind) account cannot take articles in"),
                    "\(kind): each is named with the reason: \(restored.stdout)")
            #expect(empty.items.isEmpty, "\(kind): nothing was sent to the server")
        }
    }

    @Test("restoring into the account that still carries the articles stars them again, once", arguments: remoteKinds)
    func remoteRestar(kind: String) throws {
        let library = Self.library()
        let service = try ServiceUnderTest.start(kind, feeds: library)
        let home = TestHome()
        try home.binaryOK(service.addArguments(name: "Server"), stdin: service.secret + "\n", kind)
        let file = home.path + "/starred.json"
        try home.binaryOK(["backup", "export", file, "--sections", "starred"], kind)
        try home.binaryOK(["sync"], kind)
        try home.binaryOK(["article", "list", "--starred"], kind)
        try home.binaryOK(["article", "mark", "unstar", "1-2"], kind)
        try home.binaryOK(["sync"], kind)
        #expect(library.items.filter(\.starred).isEmpty, "\(kind): the stars are gone from the server: \(library.items.map { ($0.title, $0.starred) })")
        let restored = try home.binaryOK(["backup", "restore", file, "--sections", "starred", "--yes"], kind)
        #expect(restored.stdout.contains("2 of 2 found (2 newly starred), 0 re-created, 0 not taken"), "\(kind): \(restored.stdout)")
        #expect(Set(library.items.filter(\.starred).map(\.title)) == ["Storm 1", "Storm 2"], "\(kind): starred on the server again")
        let again = try home.binaryOK(["backup", "restore", file, "--sections", "starred", "--yes"], kind)
        #expect(again.stdout.contains("Nothing to restore"), "\(kind): a second run has nothing to do, the store holds them starred: \(again.stdout)")
        #expect(Set(library.items.filter(\.starred).map(\.title)) == ["Storm 1", "Storm 2"] && library.items.count == 3, "\(kind): the server is as it was")
    }

    @Test("a local account's starred articles are re-created in an empty local account of a fresh home, and its feed's next fetch adds no copy")
    func localArchive() throws {
        let site = StaticSite()
        site.serve("/tide.xml", text: """
            <?xml version="1.0"?><rss version="2.0"><channel><title>Tide Weekly</title><link>https://tide.example/</link>
            <item><title>First tide</title><link>https://tide.example/1</link><guid>tide-1</guid><pubDate>Wed, 03 Jun 2026 10:00:00 GMT</pubDate><description>\(Self.xmlEscaped(Self.trickyContent))</description></item>
            <item><title>Second tide</title><link>https://tide.example/2</link><guid>tide-2</guid><pubDate>Tue, 02 Jun 2026 10:00:00 GMT</pubDate><description>Second</description></item>
            <item><title>Third tide</title><link>https://tide.example/3</link><guid>tide-3</guid><pubDate>Mon, 01 Jun 2026 10:00:00 GMT</pubDate><description>Third</description></item>
            </channel></rss>
            """, contentType: "application/rss+xml")
        let server = try LoopbackServer(handler: site.handler)
        let old = TestHome()
        try old.binaryOK(["account", "add", "local", "--name", "Home"], "local")
        try old.binaryOK(["feed", "add", server.url("/tide.xml").absoluteString], "local")
        try old.binaryOK(["sync"], "local")
        try old.binaryOK(["article", "list"], "local")
        try old.binaryOK(["article", "mark", "star", "1,2"], "local")
        let file = old.path + "/starred.json", atom = old.path + "/starred.atom"
        try old.binaryOK(["backup", "export", file, "--starred-atom", atom], "local")
        let archived = try Self.backupStarred(file)["Home"] ?? []
        #expect(archived.count == 2 && archived.allSatisfy { $0["guid"] is String }, "local: two starred articles with their guids: \(archived)")

        let new = TestHome()
        try new.binaryOK(["account", "add", "local", "--name", "Home"], "local")
        let restored = try new.binaryOK(["backup", "restore", file, "--sections", "starred", "--yes"], "local")
        #expect(restored.stdout.contains("0 of 2 found (0 newly starred), 2 re-created, 0 not taken"), "local: \(restored.stdout)")
        let starred = try Self.starredArticles(new, "local")
        #expect(starred.count == 2, "local: both are starred in the new home: \(starred)")
        let store = try new.store()
        let first = try #require(try store.articles.list(ArticleQuery(starredOnly: true, limit: 10)).first { $0.title == "First tide" })
        #expect(try store.articles.contentHTML(of: first.id) == Self.trickyContent, "local: with its content")
        let again = try new.binaryOK(["backup", "restore", file, "--sections", "starred", "--yes"], "local")
        #expect(again.stdout.contains("Nothing to restore"), "local: the second run has nothing to do: \(again.stdout)")
        try new.binaryOK(["sync"], "local")
        let all = try store.articles.list(ArticleQuery(limit: 100))
        #expect(all.count == 3, "local: the feed's fetch finds the re-created articles instead of adding copies: \(all.map(\.title))")
        #expect(try Self.starredArticles(new, "local").count == 2, "local: still two starred")
    }

    @Test("a backup broken at its last starred article changes nothing (one line naming the place); the whole file restores, and again changes nothing")
    func brokenAtTheLastArticle() throws {
        let library = Self.library()
        for n in 4...7 {
            library.addItem(feed: library.feeds[0].id, title: "Storm \(n)", url: "https://harbour.example/storm-\(n)", content: "<p>Storm \(n)</p>",
                            author: "Ann", published: Int64(Date().timeIntervalSince1970) - Int64(n) * 3_600, starred: true)
        }
        let source = try ServiceUnderTest.start("miniflux", feeds: library)
        let old = TestHome()
        try old.binaryOK(source.addArguments(name: "Server"), stdin: source.secret + "\n", "broken")
        let file = old.path + "/starred.json"
        try old.binaryOK(["backup", "export", file, "--sections", "accounts,starred"], "broken")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let last = try #require(text.range(of: "\"published_at\": \"", options: .backwards), "the export has starred articles: \(text.prefix(400))")
        let line = text[..<last.lowerBound].filter { $0 == "\n" }.count + 1
        let truncated = old.path + "/truncated.json", badDate = old.path + "/bad-date.json"
        try String(text[..<last.upperBound]).write(toFile: truncated, atomically: true, encoding: .utf8)
        try (String(text[..<last.upperBound]) + "yesterday" + String(text[last.upperBound...].drop { $0 != "\"" })).write(toFile: badDate, atomically: true, encoding: .utf8)

        let empty = FeedStore()
        empty.addRemoteFeed(RemoteFeed(feedURL: "https://harbour.example/feed.xml", siteURL: "https://harbour.example/", title: "Harbour News"))
        let destination = try ServiceUnderTest.start("miniflux", feeds: empty)
        let new = TestHome()
        try new.binaryOK(destination.addArguments(name: "Server"), stdin: destination.secret + "\n", "broken")
        for (broken, place) in [(truncated, "unexpected end of file at line \(line),"), (badDate, "starred.Server[5].published_at: 'yesterday'")] {
            let refused = try new.binary(["backup", "restore", broken, "--sections", "starred", "--yes"])
            #expect(refused.status == 1 && refused.stderr.contains(broken) && refused.stderr.contains(place), "names the place: \(refused.status) \(refused.stderr)")
            #expect(refused.stderr.split(separator: "\n").count == 1, "one line: \(refused.stderr)")
            #expect(empty.items.isEmpty, "nothing was imported from \(broken): \(empty.items.map(\.title))")
        }

        let restored = try new.binaryOK(["backup", "restore", file, "--sections", "starred", "--yes"], "broken")
        #expect(restored.stdout.contains("0 of 6 found (0 newly starred), 6 re-created, 0 not taken"), "the whole file: \(restored.stdout)")
        let again = try new.binaryOK(["backup", "restore", file, "--sections", "starred", "--yes"], "broken")
        #expect(again.stdout.contains("6 of 6 found (0 newly starred), 0 re-created, 0 not taken"), "again: \(again.stdout)")
        #expect(empty.items.count == 6 && empty.items.allSatisfy(\.starred), "the server holds the six once, starred: \(empty.items.map { ($0.title, $0.starred) })")
    }

    /// An archived article without an address (a feed that gave none) cannot be found by it on the
    /// server after the first restore, so every restore imports it again: only the import's
    /// `external_id` (`lector:` and the guid or address) makes the server answer "I have it".
    @Test("an archived article without an address, restored twice into Miniflux, is one entry there: the import names it by external_id")
    func secondRestoreMakesNoCopy() throws {
        let source = try ServiceUnderTest.start("miniflux", feeds: Self.library())
        let old = TestHome()
        try old.binaryOK(source.addArguments(name: "Server"), stdin: source.secret + "\n", "external id")
        let file = old.path + "/starred.json"
        try old.binaryOK(["backup", "export", file, "--sections", "accounts,starred"], "external id")
        var root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        var starred = try #require(root["starred"] as? [String: [[String: Any]]])
        starred["Server"] = starred["Server"]?.map { entry in
            var entry = entry
            if entry["title"] as? String == "Storm 2" { entry["url"] = NSNull() }  // every field is present; null for none
            return entry
        }
        root["starred"] = starred
        try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: file))

        let empty = FeedStore()
        empty.addRemoteFeed(RemoteFeed(feedURL: "https://harbour.example/feed.xml", siteURL: "https://harbour.example/", title: "Harbour News"))
        let destination = try ServiceUnderTest.start("miniflux", feeds: empty)
        let new = TestHome()
        try new.binaryOK(destination.addArguments(name: "Server"), stdin: destination.secret + "\n", "external id")
        let first = try new.binaryOK(["backup", "restore", file, "--sections", "starred", "--yes"], "external id")
        #expect(first.stdout.contains("0 of 2 found (0 newly starred), 2 re-created, 0 not taken"), "the first restore imports both: \(first.stdout)")
        #expect(empty.items.count == 2, "two entries after the first restore: \(empty.items.map(\.title))")
        let again = try new.binaryOK(["backup", "restore", file, "--sections", "starred", "--yes"], "external id")
        #expect(empty.items.count == 2, "the second restore made a copy on the server: \(empty.items.map { ($0.title, $0.url) }); \(again.stdout)")
        #expect(again.stdout.contains("0 re-created"), "the second restore re-created something: \(again.stdout)")
    }

    @Test("--starred-atom writes the starred articles as an Atom feed our own parser reads back, content and all")
    func atomReadsBack() throws {
        let service = try ServiceUnderTest.start("miniflux", feeds: Self.library())
        let home = TestHome()
        try home.binaryOK(service.addArguments(name: "Server"), stdin: service.secret + "\n", "atom")
        let atom = home.path + "/starred.atom"
        try home.binaryOK(["backup", "export", home.path + "/b.json", "--sections", "accounts", "--starred-atom", atom], "atom")
        let parsed = try home.binaryOK(["feed", "parse", atom, "--json"], "atom").stdout
        let object = try #require(try JSONSerialization.jsonObject(with: Data(parsed.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "atom", "atom: parsed as Atom: \(object)")
        let items = object["items"] as? [[String: Any]] ?? []
        #expect(Set(items.compactMap { $0["title"] as? String }) == ["Storm 1", "Storm 2"], "atom: both articles: \(items)")
        let first = items.first { $0["title"] as? String == "Storm 1" }
        #expect(first?["content"] as? String == Self.trickyContent, "atom: the content reads back whole: \(first ?? [:])")
        #expect(first?["link"] as? String == "https://harbour.example/storm-1", "atom: with its link")
    }

    static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

/// `account copy --starred` loses nothing where the destination can take entries.
@Suite("account copy re-creates the starred articles the destination does not carry", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct StarredCopyTests {
    @Test("into Miniflux: the unmatched starred articles are imported into the destination feed, starred, with content and date; again: nothing new")
    func copyIntoMiniflux() throws {
        let source = try ServiceUnderTest.start("freshrss", feeds: StarredArchiveTests.library())
        let empty = FeedStore()
        empty.addRemoteFeed(RemoteFeed(feedURL: "https://harbour.example/feed.xml", siteURL: "https://harbour.example/", title: "Harbour News"))
        let destination = try ServiceUnderTest.start("miniflux", feeds: empty)
        let home = TestHome()
        try home.binaryOK(source.addArguments(name: "Old"), stdin: source.secret + "\n", "copy")
        try home.binaryOK(destination.addArguments(name: "New"), stdin: destination.secret + "\n", "copy")
        try home.binaryOK(["sync", "--account", "Old"], "copy")
        let copied = try home.binaryOK(["account", "copy", "Old", "New"], "copy")
        #expect(copied.stdout.contains("(0 of 2 found, 0 already starred); re-created 2 it did not carry"), "copy: \(copied.stdout)")
        #expect(!copied.stdout.contains("not found"), "copy: nothing is left behind: \(copied.stdout)")
        let imported = empty.items.filter(\.starred)
        #expect(Set(imported.map(\.title)) == ["Storm 1", "Storm 2"], "copy: both on the destination, starred: \(empty.items.map(\.title))")
        let original = source.feeds.items.first { $0.title == "Storm 1" }
        #expect(imported.first { $0.title == "Storm 1" }?.published == original?.published, "copy: with the original date")
        #expect(imported.first { $0.title == "Storm 1" }?.content == StarredArchiveTests.trickyContent, "copy: with the content")
        let again = try home.binaryOK(["account", "copy", "Old", "New"], "copy")
        #expect(again.stdout.contains("(2 of 2 found, 2 already starred)") && empty.items.count == 2, "copy: a second copy adds nothing: \(again.stdout)")
    }
}
