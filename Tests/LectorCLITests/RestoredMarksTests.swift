import Foundation
import Testing
import LectorTestSupport

/// A local account's stars and read marks travel in its backup and come back on the new machine
/// when its feeds are next fetched: export, restore into a fresh home, sync against the same
/// loopback site, and the same articles are starred and read, once.
@Suite("A local account's stars and read marks survive a move", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct RestoredMarksTests {
    /// An RSS feed whose items have guids, except the last, which only has a link.
    static func feed(_ title: String, items: Int) -> String {
        let entries = (1...items).map { n in
            let guid = n == items ? "" : "<guid isPermaLink=\"false\">\(title)-\(n)</guid>"
            return "<item>\(guid)<title>\(title) \(n)</title><link>https://\(title.lowercased()).example/\(n)</link>"
                + "<pubDate>Mon, 0\(n) Jan 2024 10:00:00 GMT</pubDate></item>"
        }
        return "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>\(title)</title><link>https://\(title.lowercased()).example/</link>"
            + entries.joined() + "</channel></rss>"
    }

    /// "feed title|article title" → (read, starred), for every article of the home.
    private static func marks(_ home: TestHome, _ context: String) throws -> [String: String] {
        let listing = try JSONSerialization.jsonObject(with: Data(try home.binaryOK(["article", "list", "--all", "--limit", "500", "--json"], context).stdout.utf8)) as? [[String: Any]] ?? []
        return Dictionary(listing.map { article in
            ("\(article["feed"] as? String ?? "")|\(article["title"] as? String ?? "")",
             "\(article["read"] as? Bool == true ? "read" : "unread"),\(article["starred"] as? Bool == true ? "starred" : "-")")
        }) { first, _ in first }
    }

    private static func ids(_ home: TestHome) throws -> [String: Int] {
        let listing = try JSONSerialization.jsonObject(with: Data(try home.binaryOK(["article", "list", "--all", "--limit", "500", "--json"], "ids").stdout.utf8)) as? [[String: Any]] ?? []
        return Dictionary(listing.map { ($0["title"] as? String ?? "", $0["id"] as? Int ?? 0) }) { first, _ in first }
    }

    @Test("export, restore into a fresh home, sync: the same articles are starred and read; restoring again changes nothing")
    func marksTravelWithTheBackup() throws {
        let site = StaticSite()
        site.serve("/tide.xml", text: Self.feed("Tide", items: 5), contentType: "application/rss+xml")
        site.serve("/lamp.xml", text: Self.feed("Lamp", items: 3), contentType: "application/rss+xml")
        let server = try LoopbackServer(handler: site.handler)
        defer { server.stop() }
        let old = TestHome()
        try old.binaryOK(["account", "add", "local", "--name", "Home"], "account add")
        try old.binaryOK(["feed", "add", server.url("/tide.xml").absoluteString], "feed add tide")
        try old.binaryOK(["feed", "add", server.url("/lamp.xml").absoluteString, "--folder", "Coast"], "feed add lamp")
        try old.binaryOK(["sync"], "sync the old home")
        let ids = try Self.ids(old)
        // Tide 5 and Lamp 3 have no guid: they are known by their link.
        try old.binaryOK(["article", "mark", "star"] + ["Tide 2", "Tide 5", "Lamp 1", "Lamp 3"].map { "id:\(ids[$0] ?? 0)" }, "star four")
        try old.binaryOK(["article", "mark", "read"] + ["Tide 1", "Tide 2", "Tide 5", "Lamp 2"].map { "id:\(ids[$0] ?? 0)" }, "read four")
        let before = try Self.marks(old, "marks on the old home")
        #expect(before.values.filter { $0.hasSuffix("starred") }.count == 4 && before.values.filter { $0.hasPrefix("read") }.count == 4,
                "the old home has 4 starred and 4 read: \(before)")
        let file = old.path + "/move.json"
        try old.binaryOK(["backup", "export", file], "export")
        let inspected = try old.binaryOK(["backup", "inspect", file], "inspect")
        #expect(inspected.stdout.contains("marks: 4 read, 4 starred in 2 feed(s)"), "inspect counts the marks: \(inspected.stdout)")

        let new = TestHome()
        let restored = try new.binaryOK(["backup", "restore", file, "--yes"], "restore")
        #expect(restored.stdout.contains("(4 read, 4 starred) wait for their feeds' next fetch"),
                "the restore says the marks wait for the next fetch: \(restored.stdout)")
        let carried = new.path + "/carried.json"
        try new.binaryOK(["backup", "export", carried], "export before any fetch")
        let pending = try new.binaryOK(["backup", "inspect", carried], "inspect the re-export")
        #expect(pending.stdout.contains("marks: 4 read, 4 starred in 2 feed(s)"), "marks waiting for a fetch are exported too: \(pending.stdout)")
        let again = try new.binaryOK(["backup", "restore", file, "--yes"], "restore again before the sync")
        #expect(again.stdout.contains("Nothing to restore"), "marks waiting for a fetch are not restored twice: \(again.stdout)")

        try new.binaryOK(["sync"], "sync the new home")
        let after = try Self.marks(new, "marks on the new home")
        #expect(after == before, "the same articles are read and starred:\nbefore \(before.sorted { $0.key < $1.key })\nafter  \(after.sorted { $0.key < $1.key })")

        // An article already here takes the file's mark at once, as a setting takes the file's value.
        try new.binaryOK(["article", "mark", "unread", "id:\(try Self.ids(new)["Tide 1"] ?? 0)"], "the user marks one unread")
        try new.binaryOK(["sync"], "sync after the user's change")
        #expect(try Self.marks(new, "after the user's change")["Tide|Tide 1"] == "unread,-", "restored marks are applied once, not at every fetch")
        let planned = try new.binaryOK(["backup", "restore", file, "--dry-run"], "plan a third restore")
        #expect(planned.stdout.contains("feed \(server.url("/tide.xml").absoluteString) marks (1 read, 0 starred)"),
                "the plan counts the one mark to restore: \(planned.stdout)")
        try new.binaryOK(["backup", "restore", file, "--yes"], "restore a third time")
        #expect(try Self.marks(new, "after the third restore") == before, "the article is read again, before any fetch")
        try new.binaryOK(["sync"], "sync again")
        #expect(try Self.marks(new, "after the second sync") == before, "nothing is duplicated or marked twice")
    }

    @Test("a file whose marks are broken is refused in one line, and nothing is restored")
    func brokenMarksRefused() throws {
        let home = TestHome()
        let file = home.path + "/broken.json"
        try home.binaryOK(["backup", "export", file], "export an empty home for its settings")
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        document["accounts"] = [["kind": "local", "name": "Home", "url": NSNull(), "user": NSNull(), "default": true]]
        document["subscriptions"] = ["Home": ["folders": [String](), "feeds": [
            ["title": "Tide", "url": "https://tide.example/rss", "site_url": NSNull(), "folder": NSNull(), "read_articles": "tide-1"],
        ]]]
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: file))
        let refused = try home.binary(["backup", "restore", file, "--yes"])
        #expect(refused.status != 0 && refused.stderr.split(separator: "\n").count == 1
                && refused.stderr.contains("subscriptions.Home.feeds[0].read_articles: expected an array, found a string"),
                "one line names the broken field: \(refused.status) \(refused.stderr)")
        #expect(try home.store().accounts.named("Home") == nil, "nothing was restored")
    }
}
