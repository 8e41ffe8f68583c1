import Foundation
import Testing
import LectorTestSupport

/// Moving to a new machine: export on one home, restore into a fresh home whose keyring has never
/// seen the account, give the secret, sync. Per kind against its emulator, and for a local account
/// against a loopback site. The restored machine must end with the same feeds and folders, no
/// duplicates, exit 0 everywhere, and a second restore of the same file must change nothing.
@Suite("Restore then sync, per account kind", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct RestoreThenSyncTests {
    static let remoteKinds = ["freshrss", "miniflux", "fever", "feedbin"]

    /// "title|url|folder" per feed, sorted; duplicates stay visible.
    private static func feeds(_ home: TestHome, _ context: String) throws -> [String] {
        let listing = try JSONSerialization.jsonObject(with: Data(try home.binaryOK(["feed", "list", "--json"], context).stdout.utf8)) as? [[String: Any]] ?? []
        return listing.map { "\($0["title"] as? String ?? "")|\($0["url"] as? String ?? "")|\($0["folder"] as? String ?? "-")" }.sorted()
    }

    private static func folders(_ home: TestHome, _ context: String) throws -> [String] {
        let listing = try JSONSerialization.jsonObject(with: Data(try home.binaryOK(["folder", "list", "--json"], context).stdout.utf8)) as? [[String: Any]] ?? []
        return listing.compactMap { $0["name"] as? String }.sorted()
    }

    /// Prints the run for the record (the closing note of the issue shows it).
    private static func log(_ kind: String, _ step: String, _ result: ProcessResult) {
        print("[\(kind)] $ lector \(step) -> exit \(result.status)\n" + (result.stdout + result.stderr).split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
    }

    @Test("a remote account restored on a fresh machine syncs cleanly, and restoring again changes nothing", arguments: remoteKinds)
    func remoteRestoreThenSync(kind: String) throws {
        let library = FeedStore()
        let now = Int64(Date().timeIntervalSince1970)
        let news = library.addFeed(title: "Harbour News", feedURL: "https://harbour.example/feed.xml", siteURL: "https://harbour.example/", folder: "News")
        let tech = library.addFeed(title: "Circuit Notes", feedURL: "https://circuit.example/atom.xml", siteURL: "https://circuit.example/", folder: "Tech")
        let loose = library.addFeed(title: "Loose Leaf", feedURL: "https://leaf.example/rss", siteURL: "https://leaf.example/", folder: "Tech")
        for (feed, n) in [(news, 1), (news, 2), (tech, 3), (loose, 4)] {
            library.addItem(feed: feed, title: "Entry \(n)", url: "https://example.net/\(n)", content: "<p>\(n)</p>", published: now - Int64(n) * 600)
        }
        let service = try ServiceUnderTest.start(kind, feeds: library)
        let old = TestHome()
        try old.binaryOK(service.addArguments(name: "Server"), stdin: service.secret + "\n", kind)
        try old.binaryOK(["sync"], kind)
        let feedsBefore = try Self.feeds(old, kind)
        let foldersBefore = try Self.folders(old, kind)
        #expect(feedsBefore.count == 3 && foldersBefore.contains("News") && foldersBefore.contains("Tech"), "\(kind): the source account is set up: \(feedsBefore) \(foldersBefore)")
        let file = old.path + "/move.json"
        try old.binaryOK(["backup", "export", file], kind)
        // The new machine's keyring has never seen this login: removing the account drops its secret.
        try old.binaryOK(["account", "remove", "Server", "--yes"], kind)

        let new = TestHome()
        let restored = try new.binaryOK(["backup", "restore", file, "--yes"], kind)
        Self.log(kind, "backup restore move.json --yes", restored)
        #expect(restored.stdout.contains("account password Server"), "\(kind): the restore says how to give the secret: \(restored.stdout)")
        let password = try new.binaryOK(["account", "password", "Server", "--password-stdin"], stdin: service.secret + "\n", kind)
        Self.log(kind, "account password Server --password-stdin", password)
        let synced = try new.binary(["sync"])
        Self.log(kind, "sync", synced)
        #expect(synced.status == 0, "\(kind): the first sync after a restore must succeed: \(synced.stderr)")
        #expect(!synced.stderr.contains("UNIQUE") && !synced.stderr.contains("SQLite"), "\(kind): no store error: \(synced.stderr)")
        let feedsAfter = try Self.feeds(new, kind)
        #expect(feedsAfter == feedsBefore, "\(kind): the same feeds, no duplicates:\nbefore \(feedsBefore)\nafter  \(feedsAfter)")
        #expect(try Self.folders(new, kind) == foldersBefore, "\(kind): the same folders")

        let again = try new.binaryOK(["backup", "restore", file, "--yes"], kind)
        Self.log(kind, "backup restore move.json --yes (again)", again)
        #expect(again.stdout.contains("Nothing to restore"), "\(kind): a second restore has nothing to do: \(again.stdout)")
        let resynced = try new.binaryOK(["sync"], kind)
        Self.log(kind, "sync (again)", resynced)
        #expect(try Self.feeds(new, kind) == feedsBefore, "\(kind): nothing changed after the second restore and sync")
    }

    @Test("a local account restored on a fresh machine keeps its feeds and folders and syncs them")
    func localRestoreThenSync() throws {
        let site = StaticSite()
        for name in ["tide", "lamp", "gull"] {
            site.serve("/\(name).xml", text: """
                <?xml version="1.0"?><rss version="2.0"><channel><title>\(name.capitalized) Weekly</title><link>https://\(name).example/</link>
                <item><title>First \(name)</title><link>https://\(name).example/1</link><guid>\(name)-1</guid></item>
                </channel></rss>
                """, contentType: "application/rss+xml")
        }
        let server = try LoopbackServer(handler: site.handler)
        let old = TestHome()
        try old.binaryOK(["account", "add", "local", "--name", "Home"], "local")
        try old.binaryOK(["feed", "add", server.url("/tide.xml").absoluteString, "--folder", "Sea"], "local")
        try old.binaryOK(["feed", "add", server.url("/lamp.xml").absoluteString, "--folder", "Coast"], "local")
        try old.binaryOK(["feed", "add", server.url("/gull.xml").absoluteString], "local")
        try old.binaryOK(["sync"], "local")
        let feedsBefore = try Self.feeds(old, "local")
        let foldersBefore = try Self.folders(old, "local")
        let file = old.path + "/move.json"
        try old.binaryOK(["backup", "export", file], "local")

        let new = TestHome()
        Self.log("local", "backup restore move.json --yes", try new.binaryOK(["backup", "restore", file, "--yes"], "local"))
        #expect(try Self.feeds(new, "local") == feedsBefore, "local: restored as they were, before any sync")
        let synced = try new.binary(["sync"])
        Self.log("local", "sync", synced)
        #expect(synced.status == 0, "local: sync after restore: \(synced.stderr)")
        #expect(try Self.feeds(new, "local") == feedsBefore && (try Self.folders(new, "local")) == foldersBefore, "local: same feeds and folders")
        let again = try new.binaryOK(["backup", "restore", file, "--yes"], "local")
        Self.log("local", "backup restore move.json --yes (again)", again)
        #expect(again.stdout.contains("Nothing to restore"), "local: a second restore has nothing to do: \(again.stdout)")
    }
}
