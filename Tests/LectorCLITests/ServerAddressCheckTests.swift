import Foundation
import Testing
import LectorTestSupport
@testable import LectorStore

/// Feed and site addresses a server sends are held to the rule typed ones meet: what fails
/// (`file:`, `javascript:`, `feed:`, a login in it) is kept out of the store with one line, so
/// nothing later fetches, copies or exports it; and `backup export` writes nothing that Lector's
/// own restore would refuse. Issue 39, P6.
@Suite("Addresses a server sends are checked at the boundary", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct ServerAddressCheckTests {
    static let hostile: [(title: String, url: String)] = [
        ("Passwd", "file:///etc/passwd"), ("Script", "javascript:alert(1)"), ("Scheme", "feed:https://example.org/s.xml"),
        ("Login", "https://alice:pw@example.org/login.xml"),
    ]

    @Test("a sync keeps out each feed whose address the server sent fails the rule, one line each; the export restores",
          arguments: [("miniflux", true), ("freshrss", false)])
    func syncKeepsBadAddressesOut(kind: String, token: Bool) throws {
        let feeds = FeedStore()
        let good = feeds.addFeed(title: "Good", feedURL: "https://example.org/good.xml", siteURL: "javascript:alert(2)")
        feeds.addItem(feed: good, title: "Hello", url: "https://example.org/hello")
        for feed in Self.hostile {
            let id = feeds.addFeed(title: feed.title, feedURL: feed.url)
            feeds.addItem(feed: id, title: "From \(feed.title)", url: "https://example.org/\(feed.title)")
        }
        let service = try ServiceUnderTest.start(kind, token: token, feeds: feeds)
        let home = TestHome()
        try home.binaryOK(service.addArguments(name: "Server"), stdin: service.secret + "\n", "add the account")
        let synced = try home.binaryOK(["sync"], "sync")
        for feed in Self.hostile {
            let lines = synced.stdout.split(separator: "\n").filter { $0.contains("'\(feed.title)'") }
            #expect(lines.count == 1 && lines[0].contains("kept out"), "\(feed.title): one line says it was kept out: \(synced.stdout)")
        }
        #expect(!synced.stdout.contains("alice:pw") && !synced.stdout.contains("/etc/passwd"), "no address is repeated: \(synced.stdout)")
        let stored = try home.store().feeds.list().map(\.feed)
        #expect(stored.map(\.url) == ["https://example.org/good.xml"], "only the good feed is stored: \(stored.map(\.url))")
        #expect(stored.first?.siteURL == nil, "its javascript: site address is left out: \(stored.map(\.siteURL))")

        let file = home.path + "/backup.json"
        try home.binaryOK(["backup", "export", file, "--sections", "accounts,settings,subscriptions"], "export")
        try TestHome().binaryOK(["backup", "restore", file, "--yes"], "Lector's own restore takes the export")
    }

    @Test("a feed an older Lector stored at a file: address: export writes nothing and names it; account copy does not subscribe to it")
    func legacyBadAddress() throws {
        let home = TestHome()
        let store = try home.store()
        let server = try store.accounts.insert(kind: .miniflux, name: "Server", url: "http://127.0.0.1:9/", username: nil)
        _ = try store.feeds.insert(accountID: server.id, folderID: nil, serverID: "7", title: "Passwd", url: "file:///etc/passwd", siteURL: nil)
        _ = try store.feeds.insert(accountID: server.id, folderID: nil, serverID: "8", title: "Good", url: "https://example.org/good.xml", siteURL: nil)
        let file = home.path + "/backup.json"
        let exported = try home.binary(["backup", "export", file])
        #expect(exported.status != 0, "the export fails: \(exported.stdout)")
        #expect(exported.stderr.contains("nothing written") && exported.stderr.contains("'Passwd'"),
                "one line names the feed: \(exported.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file), "no file is left")

        try home.binaryOK(["account", "add", "local", "--name", "Mine"], "add a local account")
        let copied = try home.binary(["account", "copy", "Server", "Mine", "--feeds"])
        let mine = try #require(try home.store().accounts.named("Mine"))
        let urls = try home.store().feeds.list(accountID: mine.id).map(\.feed.url)
        #expect(!urls.contains("file:///etc/passwd"), "the copy never subscribes to file:///etc/passwd: \(urls) \(copied.stdout)\(copied.stderr)")
    }
}
