import Foundation
import Testing
import LectorTestSupport

/// Labels travelling through the binary: `account copy` carries them where the destination takes
/// labels (FreshRSS, local); a backup's starred section carries a local account's labels back.
@Suite("Labels travel through the binary", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct LabelTravelTests {
    @Test("account copy FreshRSS into FreshRSS and into a local account: the starred articles keep their labels there")
    func copyCarriesLabels() throws {
        let now = Int64(Date().timeIntervalSince1970)
        let sourceFeeds = FeedStore()
        let harbour = sourceFeeds.addFeed(title: "Harbour News", feedURL: "https://harbour.example/feed.xml", folder: "News")
        sourceFeeds.addItem(feed: harbour, title: "Tide table", url: "https://harbour.example/tide", published: now - 60, starred: true,
                            labels: ["Keep"])
        let source = try ServiceUnderTest.start("freshrss", feeds: sourceFeeds)
        let destFeeds = FeedStore()
        destFeeds.addRemoteFeed(RemoteFeed(feedURL: "https://harbour.example/feed.xml", title: "Harbour News",
                                           entries: [LectorTestSupport.RemoteEntry(title: "Tide table", url: "https://harbour.example/tide", published: now - 60)]))
        let dest = try ServiceUnderTest.start("freshrss", feeds: destFeeds)
        let home = TestHome()
        func lector(_ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
            let result = try runProcess(TestBinary.path, arguments, environment: home.environment, stdin: stdin)
            #expect(result.status == 0, "lector \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
            return result
        }
        _ = try lector(source.addArguments(name: "Old"), stdin: source.secret + "\n")
        _ = try lector(dest.addArguments(name: "New"), stdin: dest.secret + "\n")
        _ = try lector(["account", "add", "local", "--name", "Here"])
        _ = try lector(["sync", "--account", "Old"])
        #expect(try lector(["label", "list", "--account", "Old"]).stdout.contains("Keep"), "the source's label did not arrive")

        _ = try lector(["account", "copy", "Old", "New"])
        #expect(destFeeds.items.first { $0.title == "Tide table" }?.labels == ["Keep"],
                "the destination server's article lacks the label: \(destFeeds.items.map { ($0.title, $0.labels) })")
        _ = try lector(["account", "copy", "Old", "Here"])
        let listed = try lector(["article", "list", "--account", "Here", "--label", "Keep", "--json"]).stdout
        #expect(listed.contains("Tide table"), "the local destination's article lacks the label: \(listed)")
    }

    @Test("a backup's starred section carries a local account's labels, and the restore into a fresh home puts them back")
    func backupCarriesLocalLabels() throws {
        let site = StaticSite()
        site.serve("/tide.xml", text: """
            <?xml version="1.0"?><rss version="2.0"><channel><title>Tide Weekly</title><link>https://tide.example/</link>
            <item><title>First tide</title><link>https://tide.example/1</link><guid>tide-1</guid><description>One</description></item>
            <item><title>Second tide</title><link>https://tide.example/2</link><guid>tide-2</guid><description>Two</description></item>
            </channel></rss>
            """, contentType: "application/rss+xml")
        let server = try LoopbackServer(handler: site.handler)
        defer { server.stop() }
        let old = TestHome()
        try old.binaryOK(["account", "add", "local", "--name", "Home"], "old")
        try old.binaryOK(["feed", "add", server.url("/tide.xml").absoluteString], "old")
        try old.binaryOK(["sync"], "old")
        try old.binaryOK(["article", "list", "--oldest-first"], "old")
        try old.binaryOK(["article", "mark", "star", "1,2"], "old")
        try old.binaryOK(["article", "label", "add", "Keep", "1"], "old")
        let file = old.path + "/backup.json"
        try old.binaryOK(["backup", "export", file], "old")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any]
        let archived = (object?["starred"] as? [String: [[String: Any]]])?["Home"] ?? []
        let labels = Dictionary(uniqueKeysWithValues: archived.map { ($0["title"] as? String ?? "", $0["labels"] as? [String] ?? []) })
        #expect(labels == ["First tide": ["Keep"], "Second tide": []], "the starred section's labels: \(archived)")

        let new = TestHome()
        try new.binaryOK(["account", "add", "local", "--name", "Home"], "new")
        try new.binaryOK(["backup", "restore", file, "--sections", "starred", "--yes"], "new")
        let listed = try new.binaryOK(["article", "list", "--label", "Keep", "--json"], "new").stdout
        #expect(listed.contains("First tide") && !listed.contains("Second tide"), "the restored label: \(listed)")
    }
}
