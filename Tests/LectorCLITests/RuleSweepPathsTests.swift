import Foundation
import Testing
import LectorTestSupport

/// Where rules act, through the binary (issue 38, items 3, 5 and 6): on what arrives after them
/// — not on a restored account's history — whichever command stored it, and what they change
/// reaches the server within the sync that ran them.
@Suite("Rules act on what arrives, by every path, and reach the server at once", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct RuleSweepPathsTests {
    /// A FreshRSS emulator with two feeds of five entries, two of them starred and two read.
    private static func server() throws -> (ServiceUnderTest, FeedStore, Int) {
        let library = FeedStore()
        let now = Int64(Date().timeIntervalSince1970)
        let news = library.addFeed(title: "Harbour News", feedURL: "https://harbour.example/feed.xml", siteURL: "https://harbour.example/", folder: "News")
        let tech = library.addFeed(title: "Circuit Notes", feedURL: "https://circuit.example/atom.xml", siteURL: "https://circuit.example/", folder: "Tech")
        for n in 1...10 {
            library.addItem(feed: n <= 5 ? news : tech, title: "Tide report \(n)", url: "https://example.net/\(n)", content: "<p>\(n)</p>",
                            published: now - Int64(n) * 600, read: n == 3 || n == 8, starred: n == 1 || n == 6)
        }
        return (try ServiceUnderTest.start("freshrss", feeds: library), library, tech)
    }

    private static func serverSets(_ library: FeedStore) -> (starred: [String], read: [String]) {
        (library.items.filter(\.starred).map(\.title).sorted(), library.items.filter(\.read).map(\.title).sorted())
    }

    @Test("a backup restored on a new machine: its first syncs leave the server's starred and read sets as they were; what arrives after is ruled")
    func restoredRulesLeaveHistoryAlone() throws {
        let (service, library, tech) = try Self.server()
        let old = TestHome()
        try old.binaryOK(service.addArguments(name: "Server"), stdin: service.secret + "\n", "add")
        try old.binaryOK(["sync"], "first sync on machine 1")
        // Added after those articles arrived: they act on what comes next.
        try old.binaryOK(["rule", "add", "keep", "title contains tide", "--then", "star"], "rule")
        try old.binaryOK(["rule", "add", "mute", "title contains report", "--then", "read", "--account", "Server"], "rule")
        try old.binaryOK(["sync"], "second sync on machine 1")
        let before = Self.serverSets(library)
        #expect(before.starred.count == 2 && before.read.count == 2, "the rules added later changed nothing on machine 1: \(before)")
        let file = old.path + "/move.json"
        try old.binaryOK(["backup", "export", file], "export")
        try old.binaryOK(["account", "remove", "Server", "--yes"], "remove (drops the secret)")

        let new = TestHome()
        try new.binaryOK(["backup", "restore", file, "--yes"], "restore")
        try new.binaryOK(["account", "password", "Server", "--password-stdin"], stdin: service.secret + "\n", "password")
        let first = try new.binaryOK(["sync"], "first sync on machine 2")
        try new.binaryOK(["sync"], "second sync on machine 2")
        let after = Self.serverSets(library)
        #expect(after.starred == before.starred, "the restored rules starred the server's history: \(before.starred) -> \(after.starred)\n\(first.stdout)")
        #expect(after.read == before.read, "the restored rules read the server's history: \(before.read) -> \(after.read)\n\(first.stdout)")

        library.addItem(feed: tech, title: "Tide report 11", url: "https://example.net/11", content: "<p>11</p>",
                        published: Int64(Date().timeIntervalSince1970))
        try new.binaryOK(["sync"], "a sync bringing a new article")
        let ruled = Self.serverSets(library)
        #expect(ruled.starred == (before.starred + ["Tide report 11"]).sorted(), "the new article is starred by the rule: \(ruled.starred)")
        #expect(ruled.read == (before.read + ["Tide report 11"]).sorted(), "the new article is read by the rule: \(ruled.read)")
    }

    @Test("what a rule changes in a sync is on the server when that sync ends, and the output says it was sent")
    func ruleActionsReachServerWithinTheSync() throws {
        let (service, library, tech) = try Self.server()
        let home = TestHome()
        try home.binaryOK(service.addArguments(name: "Server"), stdin: service.secret + "\n", "add")
        try home.binaryOK(["sync"], "first sync")
        try home.binaryOK(["rule", "add", "mute", "title contains muted", "--then", "read"], "rule")
        try home.binaryOK(["rule", "add", "keep", "title contains muted", "--then", "star"], "rule")
        library.addItem(feed: tech, title: "A muted thing", url: "https://example.net/muted", content: "<p>m</p>",
                        published: Int64(Date().timeIntervalSince1970))
        let synced = try home.binaryOK(["sync"], "sync bringing the match")
        let item = try #require(library.items.first { $0.title == "A muted thing" })
        #expect(item.read && item.starred, "the rules' read and star are on the server when the sync ends: read \(item.read), starred \(item.starred)")
        #expect(synced.stdout.contains("rules: keep starred 1, mute read 1") && synced.stdout.contains("sent to the server"),
                "the sync says what the rules did and that it was sent: \(synced.stdout)")
    }

    @Test("when the server refuses what the rules changed within the sync, the sync says it is not sent yet and why; the next sync sends it")
    func ruleActionsNotSentYet() throws {
        let library = FeedStore()
        let tech = library.addFeed(title: "Circuit Notes", feedURL: "https://circuit.example/atom.xml", siteURL: "https://circuit.example/", folder: "Tech")
        library.addItem(feed: tech, title: "Old news", url: "https://example.net/old", content: "<p>o</p>", published: Int64(Date().timeIntervalSince1970) - 600)
        let emulator = GReaderEmulator(store: library, accounts: [EmulatedAccount(username: "alice", password: "correct horse")])
        // The fault: the server answers 503 to edit-tag (the marks) while it is set; the pull still works.
        let refusing = RefusedMarks()
        let server = try LoopbackServer { request in
            refusing.on && request.path.hasSuffix("/edit-tag") ? .text("Service Unavailable", status: 503) : emulator.handler(request)
        }
        defer { server.stop() }
        let home = TestHome()
        try home.binaryOK(["account", "add", "freshrss", "--name", "Server", "--url", server.baseURL.absoluteString, "--password-stdin", "--user", "alice"],
                          stdin: "correct horse\n", "add")
        try home.binaryOK(["sync"], "first sync")
        try home.binaryOK(["rule", "add", "mute", "title contains muted", "--then", "read"], "rule")
        library.addItem(feed: tech, title: "A muted thing", url: "https://example.net/muted", content: "<p>m</p>",
                        published: Int64(Date().timeIntervalSince1970))
        refusing.on = true
        let synced = try home.binary(["sync"])
        let item = try #require(library.items.first { $0.title == "A muted thing" })
        #expect(!item.read, "the server refused the mark: it is not read there")
        #expect(synced.stdout.contains("rules: mute read 1 (not sent yet: ") && synced.stdout.contains("503")
                    && synced.stdout.contains("; the next sync sends them)"),
                "the sync says the rule's change is not sent yet, why, and when it goes: \(synced.stdout) \(synced.stderr)")
        #expect(!synced.stdout.contains("sent to the server"), "nothing claimed sent: \(synced.stdout)")
        refusing.on = false
        try home.binaryOK(["sync"], "the next sync")
        #expect(library.items.first { $0.title == "A muted thing" }?.read == true, "the next sync sends the rule's mark")
    }

    @Test("a restored rule for a folder only the server's first sync brings is put in by that sync, not by a second restore")
    func waitingRulePlacedByFirstSync() throws {
        let (service, _, _) = try Self.server()
        let old = TestHome()
        try old.binaryOK(service.addArguments(name: "Server"), stdin: service.secret + "\n", "add")
        try old.binaryOK(["sync"], "sync on machine 1")
        try old.binaryOK(["rule", "add", "tech", "title contains tide", "--then", "hide", "--account", "Server", "--folder", "Tech"], "rule")
        let file = old.path + "/move.json"
        try old.binaryOK(["backup", "export", file], "export")
        try old.binaryOK(["account", "remove", "Server", "--yes"], "remove")

        let new = TestHome()
        let restored = try new.binaryOK(["backup", "restore", file, "--yes"], "restore")
        #expect(restored.stdout.contains("its first sync puts the rule in") && !restored.stdout.contains("restore again"),
                "the restore says the rule waits for the first sync: \(restored.stdout)")
        #expect(!(try new.binaryOK(["rule", "list"], "list").stdout.contains("tech")), "the rule is not in before its folder is")
        try new.binaryOK(["account", "password", "Server", "--password-stdin"], stdin: service.secret + "\n", "password")
        let synced = try new.binaryOK(["sync"], "first sync")
        #expect(synced.stdout.contains("restored rule(s) put in: tech"), "the sync says it put the rule in: \(synced.stdout)")
        let shown = try new.binaryOK(["rule", "show", "tech"], "show")
        #expect(shown.stdout.contains("Tech"), "the rule is in, for the folder Tech: \(shown.stdout)")
        let again = try new.binaryOK(["sync"], "second sync")
        #expect(!again.stdout.contains("put in"), "put in once: \(again.stdout)")
    }

    /// A site of two feeds whose items say "storm" or "calm".
    private static func site() throws -> LoopbackServer {
        let site = StaticSite()
        for name in ["tide", "lamp"] {
            site.serve("/\(name).xml", text: """
                <?xml version="1.0"?><rss version="2.0"><channel><title>\(name.capitalized) Weekly</title><link>https://\(name).example/</link>
                <item><title>Storm over \(name)</title><link>https://\(name).example/1</link><guid>\(name)-1</guid></item>
                <item><title>Calm over \(name)</title><link>https://\(name).example/2</link><guid>\(name)-2</guid></item>
                </channel></rss>
                """, contentType: "application/rss+xml")
        }
        return try LoopbackServer(handler: site.handler)
    }

    private static func starred(_ home: TestHome, account: String) throws -> [String] {
        let listing = try JSONSerialization.jsonObject(with: Data(try home.binaryOK(["article", "list", "--all", "--account", account, "--json"], "list").stdout.utf8))
        return ((listing as? [[String: Any]]) ?? []).filter { $0["starred"] as? Bool == true }.compactMap { $0["title"] as? String }.sorted()
    }

    @Test("feed add into a local account runs the rules over the articles it fetched")
    func feedAddRunsRules() throws {
        let server = try Self.site()
        defer { server.stop() }
        let home = TestHome()
        try home.binaryOK(["account", "add", "local", "--name", "Home"], "account")
        try home.binaryOK(["rule", "add", "storms", "title contains storm", "--then", "star"], "rule")
        try home.binaryOK(["feed", "add", server.url("/tide.xml").absoluteString], "feed add")
        #expect(try Self.starred(home, account: "Home") == ["Storm over tide"], "feed add's articles were not ruled")
        // The next sync finds nothing new: the rule acted once.
        try home.binaryOK(["sync"], "sync")
        #expect(try Self.starred(home, account: "Home") == ["Storm over tide"])
    }

    @Test("account copy runs the destination's rules over the articles its sync brought")
    func accountCopyRunsRules() throws {
        let server = try Self.site()
        defer { server.stop() }
        let home = TestHome()
        try home.binaryOK(["account", "add", "local", "--name", "Home"], "account")
        try home.binaryOK(["feed", "add", server.url("/tide.xml").absoluteString], "feed add")
        try home.binaryOK(["feed", "add", server.url("/lamp.xml").absoluteString], "feed add")
        try home.binaryOK(["article", "mark", "star", "id:1"], "star one, so that the copy syncs the destination")
        try home.binaryOK(["account", "add", "local", "--name", "Copy"], "account")
        try home.binaryOK(["rule", "add", "calms", "title contains calm", "--then", "star", "--account", "Copy"], "rule")
        let copied = try home.binaryOK(["account", "copy", "Home", "Copy"], "copy")
        #expect(try Self.starred(home, account: "Copy").filter { $0.hasPrefix("Calm") } == ["Calm over lamp", "Calm over tide"],
                "account copy's articles were not ruled: \(copied.stdout)")
    }
}

/// Whether the test's server refuses marks now (set between the binary's runs).
private final class RefusedMarks: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var on: Bool {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
