import Foundation
import Testing
import LectorTestSupport
@testable import LectorCLI
@testable import LectorStore

/// A little website with two feeds and a page that advertises both, served on loopback.
final class FeedSite {
    let site = StaticSite()
    let server: LoopbackServer

    static func rss(_ title: String, items: [String]) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>\(title)</title><link>/</link>
        \(items.enumerated().map { "<item><guid>\(title)-\($0.offset)</guid><title>\($0.element)</title><link>/posts/\($0.offset)</link><description>&lt;p&gt;Body of \($0.element)&lt;/p&gt;</description><pubDate>Mon, 0\($0.offset + 1) Jan 2024 10:00:00 GMT</pubDate></item>" }.joined())
        </channel></rss>
        """
    }

    init() throws {
        server = try LoopbackServer(handler: site.handler)
        site.serve("/news.xml", text: Self.rss("Loopback News", items: ["Alpha", "Beta", "Gamma"]), contentType: "application/rss+xml", etag: "\"n1\"")
        site.serve("/comments.xml", text: Self.rss("Loopback Comments", items: ["Reply"]), contentType: "application/rss+xml")
        site.serve("/", text: """
            <html><head><title>Loopback</title>
            <link rel="alternate" type="application/rss+xml" title="News" href="/news.xml">
            <link rel="alternate" type="application/rss+xml" title="Comments" href="comments.xml">
            </head><body>hello</body></html>
            """, contentType: "text/html")
        site.serve("/single/", text: """
            <html><head><link rel="alternate" type="application/rss+xml" title="News" href="/news.xml"></head></html>
            """, contentType: "text/html")
    }

    func url(_ path: String) -> String { server.url(path).absoluteString }
}

/// The statuses a server answered, in order.
final class StatusLog: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [Int] = []

    func append(_ status: Int) { lock.withLock { statuses.append(status) } }
    var all: [Int] { lock.withLock { statuses } }
}

@Suite("Feeds on a local account", .serialized)
struct FeedCommandTests {
    private func home() throws -> TestHome {
        let home = TestHome()
        _ = try home.run("account", "add", "local", "--name", "Mine")
        return home
    }

    @Test("a feed is found by its title as shown and completed, without the invisible characters; an exact title still wins")
    func titleAsShown() throws {
        let home = try home()
        try home.addFeed(title: "Evil Ba\u{200B}nk", account: "Mine")
        #expect(try home.run("feed", "show", "Evil Bank").contains("url: https://example.org/"), "the completed title finds no feed")
        try home.addFeed(title: "Evil Bank", account: "Mine")
        let shown = try home.run("feed", "show", "Evil Bank", "--json")
        #expect(!shown.contains("\\u200b") && !shown.contains("\u{200B}"), "the title typed exactly names the other feed: \(shown)")
    }

    @Test("a site with one feed is subscribed through discovery, articles arrive unread, and sync then finds nothing new")
    func discoveryAndSync() throws {
        let site = try FeedSite()
        let home = try home()
        let added = try home.run("feed", "add", site.url("/single/"), "--folder", "News")
        #expect(added.contains("Subscribed to 'Loopback News' in News"), "\(added)")
        #expect(try home.run("article", "list", "--unread", "--json").components(separatedBy: "\"handle\"").count - 1 == 3)
        let sync = try home.run("sync")
        #expect(sync.contains("0 new article(s)"), "an unchanged feed gives nothing new: \(sync)")
        #expect(site.server.requests.last?.header("If-None-Match") == "\"n1\"", "sync asks conditionally")
    }

    @Test("a feed's validator is kept between syncs: the next sync asks conditionally and gets a 304, for Last-Modified alone and for an ETag alone",
          arguments: ["Last-Modified", "ETag"])
    func validatorKeptBetweenSyncs(validator: String) throws {
        let site = StaticSite()
        let modified = Date(timeIntervalSince1970: 1_700_000_000)
        site.serve("/feed.xml", text: FeedSite.rss("Validated", items: ["One"]), contentType: "application/rss+xml",
                   etag: validator == "ETag" ? "\"v1\"" : nil, lastModified: validator == "Last-Modified" ? modified : nil)
        let statuses = StatusLog()
        let server = try LoopbackServer { request in
            let response = site.respond(to: request)
            statuses.append(response.status)
            return response
        }
        let home = try home()
        try home.binaryOK(["feed", "add", server.url("/feed.xml").absoluteString], "subscribing")
        try home.binaryOK(["sync"], "the first sync")
        try home.binaryOK(["sync"], "the second sync")
        let request = try #require(server.requests.last)
        let (header, expected) = validator == "ETag" ? ("If-None-Match", "\"v1\"") : ("If-Modified-Since", HTTPDateFormat.format(modified))
        #expect(request.header(header) == expected, "the second sync must send \(header): \(expected), sent \(request.header(header) ?? "nothing")")
        #expect(statuses.all.last == 304, "the second sync must get a 304, not the whole feed again: \(statuses.all)")
    }

    @Test("several candidates: refused with the list when not at a terminal, --pick chooses")
    func severalCandidates() throws {
        let site = try FeedSite()
        let home = try home()
        let error = #expect(throws: CLIError.self) { try home.run("feed", "add", site.url("/")) }
        #expect(error?.exitStatus == .usage && error?.description.contains("Comments") == true, "\(String(describing: error))")
        let added = try home.run("feed", "add", site.url("/"), "--pick", "2", "--title", "Talk")
        #expect(added.contains("Subscribed to 'Talk'"), "\(added)")
    }

    @Test("a duplicate subscription is refused across http/https and a trailing slash, naming its folder")
    func duplicateRefused() throws {
        let site = try FeedSite()
        let home = try home()
        _ = try home.run("feed", "add", site.url("/news.xml"), "--folder", "Daily")
        let requests = site.server.requests.count
        for variant in [site.url("/news.xml/"), site.url("/news.xml").replacingOccurrences(of: "http://", with: "https://")] {
            let error = #expect(throws: CLIError.self) { try home.run(["feed", "add", variant]) }
            #expect(error?.exitStatus == .conflict && error?.description.contains("folder Daily") == true, "\(variant): \(String(describing: error))")
        }
        #expect(site.server.requests.count == requests, "a known URL is refused before anything is fetched")
    }

    @Test("rename, move, remove and folders work locally; removing a feed removes its articles")
    func editing() throws {
        let site = try FeedSite()
        let home = try home()
        _ = try home.run("feed", "add", site.url("/news.xml"))
        _ = try home.run("feed", "rename", "Loopback News", "Renamed")
        _ = try home.run("folder", "add", "Later")
        _ = try home.run("feed", "move", "Renamed", "Later")
        #expect(try home.run("feed", "list", "--folder", "Later").contains("Renamed"))
        _ = try home.run("folder", "rename", "Later", "Someday")
        #expect(try home.run("feed", "show", "Renamed").contains("folder: Someday"))
        #expect(throws: CLIError.self, "removing needs --yes off a terminal") { try home.run("feed", "remove", "Renamed") }
        _ = try home.run("feed", "remove", "Renamed", "--yes")
        #expect(try home.run("article", "list", "--account", "Mine").isEmpty)
        _ = try home.run("folder", "remove", "Someday")
        #expect(try home.run("folder", "list", "--account", "Mine") == "")
    }

    @Test("OPML export then import into another account reproduces feeds and folders, skipping duplicates")
    func opmlRoundTrip() throws {
        let site = try FeedSite()
        let home = try home()
        _ = try home.run("feed", "add", site.url("/news.xml"), "--folder", "A")
        _ = try home.run("feed", "add", site.url("/comments.xml"), "--folder", "B")
        let file = home.path + "/subs.opml"
        _ = try home.run("opml", "export", file)
        _ = try home.run("account", "add", "local", "--name", "Other")
        let imported = try home.run("opml", "import", file, "--account", "Other")
        #expect(imported.contains("Imported 2 feed(s)"), "\(imported)")
        let again = try home.run("opml", "import", file, "--account", "Other")
        #expect(again.contains("2 already subscribed"), "\(again)")
        let folders = try home.run("folder", "list", "--account", "Other")
        #expect(folders.contains("A") && folders.contains("B"))
    }

    @Test("feed parse prints the documented JSON shape for a file, and fails with one line on a broken one")
    func parseCommand() throws {
        let home = TestHome()
        let file = home.path + "-feed.xml"
        try FeedSite.rss("File Feed", items: ["One"]).write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let json = try home.run("feed", "parse", file, "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "rss" && object["title"] as? String == "File Feed")
        let item = try #require((object["items"] as? [[String: Any]])?.first)
        for key in ["id", "title", "link", "published", "updated", "summary", "content", "authors", "enclosures"] {
            #expect(item.keys.contains(key), "item JSON misses '\(key)'")
        }
        try "this is not a feed at all".write(toFile: file, atomically: true, encoding: .utf8)
        let error = #expect(throws: CLIError.self) { try home.run("feed", "parse", file) }
        #expect(error?.exitStatus == .failure && error?.description.contains("\n") == false)
    }

    @Test("a hostile feed cannot put escape sequences on the terminal, in lists or when reading")
    func hostileFeed() throws {
        let site = try FeedSite()
        site.site.serve("/evil.xml", text: """
            <?xml version="1.0"?><rss version="2.0"><channel><title>Evil&#x1b;]0;owned&#x7;</title>
            <item><guid>e1</guid><title>Clear&#x1b;[2J screen</title><author>x&#x1b;[31m</author>
            <description>&lt;p&gt;text &#x1b;[1A up&lt;/p&gt;</description></item></channel></rss>
            """, contentType: "application/rss+xml")
        let home = try home()
        let added = try home.run("feed", "add", site.url("/evil.xml"))
        let list = try home.run("article", "list")
        let read = try home.run("article", "read", "1", "--color", "never")
        for output in [added, list, read, try home.run("feed", "list")] {
            #expect(!output.contains("\u{1b}") && !output.contains("\u{07}"), "control characters reached the terminal: \(output.debugDescription)")
        }
    }

    @Test("reading an article renders it with numbered links and marks it read")
    func readMarksRead() throws {
        let home = TestHome()
        _ = try home.run("article", "list", "--unread")
        let text = try home.run("article", "read", "1", "--color", "never")
        #expect(text.contains("min read"), "\(text)")
        let first = try #require(try home.store().articles.list(ArticleQuery(limit: 200)).first { $0.title == "Why sync should never undo what you did" })
        #expect(first.read == .read, "reading marks the article read")
    }
}
