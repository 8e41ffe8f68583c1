import Foundation
import LectorKeyring
import Testing
import LectorTestSupport

/// A Tiny Tiny RSS account's portability verbs through the `lector` binary, against the TT-RSS
/// emulator on loopback (issue 42, part 3): `feed apply` into TT-RSS categories, `account copy`
/// into and out of TT-RSS, and `backup export`/`restore` of a TT-RSS account.
@Suite("TT-RSS feed apply, account copy and backup through the binary", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct TTRSSPortabilityCommandTests {
    static let password = "tt-secret"

    static func rss(_ name: String, items: [(title: String, url: String)]) -> String {
        """
        <?xml version="1.0"?><rss version="2.0"><channel><title>\(name)</title><link>http://\(name.lowercased()).test/</link>
        \(items.map { "<item><title>\($0.title)</title><link>\($0.url)</link><guid>\($0.url)</guid><description>x</description></item>" }.joined())
        </channel></rss>
        """
    }

    /// A TT-RSS emulator holding "Tech Blog" (category Tech) with a starred article, beside the
    /// feed documents themselves (so a local account can fetch what TT-RSS subscribes to), and a
    /// catalog of feeds TT-RSS can subscribe to.
    final class World {
        let home = TestHome()
        let emulator: TTRSSEmulator
        let server: LoopbackServer

        init() throws {
            let store = FeedStore(defaultFolderName: "Uncategorized")
            emulator = TTRSSEmulator(store: store, password: TTRSSPortabilityCommandTests.password)
            let emulator = emulator
            server = try LoopbackServer { request in
                switch request.path {
                case "/site/tech.xml":
                    return .text(TTRSSPortabilityCommandTests.rss("Tech", items: [("Tech 1", "http://tech.test/1"), ("Tech 2", "http://tech.test/2")]),
                                 contentType: "application/rss+xml")
                case "/site/harbour.xml":
                    return .text(TTRSSPortabilityCommandTests.rss("Harbour", items: [("Tide table", "https://harbour.example/tide")]),
                                 contentType: "application/rss+xml")
                default: return emulator.respond(to: request)
                }
            }
            let now = Int64(Date().timeIntervalSince1970)
            let tech = store.addFeed(title: "Tech Blog", feedURL: techURL, siteURL: "http://tech.test/", folder: "Tech")
            emulator.addArticle(id: 1, feed: tech, title: "Tech 1", url: "http://tech.test/1", content: "<p>1</p>", updated: now - 60, starred: true)
            emulator.addArticle(id: 2, feed: tech, title: "Tech 2", url: "http://tech.test/2", content: "<p>2</p>", updated: now - 120)
            // TT-RSS's copy of the harbour feed no longer carries the old storm.
            store.addRemoteFeed(RemoteFeed(feedURL: "https://harbour.example/feed.xml", title: "Harbour News",
                                           entries: [RemoteEntry(title: "Tide table", url: "https://harbour.example/tide", published: now - 60)]))
            store.addRemoteFeed(RemoteFeed(feedURL: "https://lighthouse.example/rss", title: "Lighthouse Weekly"))
        }

        deinit { server.stop() }

        var techURL: String { server.url("/site/tech.xml").absoluteString }

        func lector(_ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
            try runProcess(TestBinary.path, arguments, environment: home.environment, stdin: stdin)
        }

        func addTinyAccount(name: String = "Tiny") throws {
            let added = try lector(["account", "add", "ttrss", "--name", name, "--url", server.url("/api/").absoluteString,
                                    "--user", "tester", "--password-stdin"], stdin: TTRSSPortabilityCommandTests.password + "\n")
            try #require(added.status == 0, "account add ttrss: \(added.stderr)")
        }

        /// "feed URL | category" of the emulated server's feeds.
        var filing: Set<String> {
            let folders = Dictionary(uniqueKeysWithValues: emulator.store.folders.map { ($0.id, $0.name) })
            return Set(emulator.store.feeds.map { "\($0.feedURL) | \(folders[$0.folderID] ?? "")" })
        }

        func write(_ text: String, name: String) throws -> String {
            let path = home.path + "/" + name
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        func feedList(account: String) throws -> [[String: Any]] {
            let listed = try lector(["feed", "list", "--account", account, "--json"])
            return try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
        }
    }

    @Test("feed apply into TT-RSS: new categories made through the web backend, the feeds subscribed in them on the server and in feed list; again: nothing to change")
    func feedApply() throws {
        let world = try World()
        try world.addTinyAccount()
        #expect(try world.lector(["sync"]).status == 0)
        let file = try world.write("""
            \(world.techURL) "Tech"
            https://harbour.example/feed.xml "Coast"
            https://lighthouse.example/rss "Coast" "~Lamps"
            """, name: "urls")
        let applied = try world.lector(["feed", "apply", file, "--json"])
        #expect(applied.status == 0, "apply exited \(applied.status): \(applied.stdout) \(applied.stderr)")
        let steps = ((try? JSONSerialization.jsonObject(with: Data(applied.stdout.utf8))) as? [String: Any])?["steps"] as? [[String: Any]] ?? []
        #expect(!steps.isEmpty && steps.allSatisfy { "\($0["outcome"] ?? "")" == "done" }, "every step done: \(applied.stdout)")
        #expect(world.filing == [world.techURL + " | Tech", "https://harbour.example/feed.xml | Coast", "https://lighthouse.example/rss | Coast"],
                "the server after apply: \(world.filing.sorted())")
        #expect(world.emulator.store.feeds.first { $0.feedURL == "https://lighthouse.example/rss" }?.title == "Lamps", "the title given in the file")
        #expect(world.emulator.calls.contains("web:Pref_Feeds.addCat"), "the category was made through the web backend: \(world.emulator.calls)")
        let listed = Set(try world.feedList(account: "Tiny").map { "\($0["url"] as? String ?? "") | \($0["folder"] as? String ?? "-")" })
        #expect(listed == world.filing, "feed list shows what the server has: \(listed.sorted())")
        let again = try world.lector(["feed", "apply", file])
        #expect(again.status == 0 && again.stdout.contains("Nothing to change"), "the second apply: \(again.stdout) \(again.stderr)")
        _ = try world.lector(["account", "remove", "Tiny", "--yes"])
    }

    @Test("account copy from Miniflux into TT-RSS: feeds in their categories; TT-RSS cannot take entries in, so the starred it does not carry are listed in a file")
    func copyIntoTTRSS() throws {
        let world = try World()
        let now = Int64(Date().timeIntervalSince1970)
        let sourceFeeds = FeedStore()
        let harbour = sourceFeeds.addFeed(title: "Harbour News", feedURL: "https://harbour.example/feed.xml", folder: "News")
        sourceFeeds.addItem(feed: harbour, title: "Tide table", url: "https://harbour.example/tide", published: now - 60, starred: true)
        sourceFeeds.addItem(feed: harbour, title: "Old storm", url: "https://harbour.example/storm", published: now - 120, starred: true)
        let source = try ServiceUnderTest.start("miniflux", feeds: sourceFeeds)
        let added = try world.lector(source.addArguments(name: "Old"), stdin: source.secret + "\n")
        try #require(added.status == 0, "account add miniflux: \(added.stderr)")
        try world.addTinyAccount()
        #expect(try world.lector(["sync"]).status == 0)

        let dry = try world.lector(["account", "copy", "Old", "Tiny", "--dry-run"])
        #expect(dry.status == 0 && dry.stdout.contains("+ folder News") && dry.stdout.contains("+ feed https://harbour.example/feed.xml 'Harbour News' in News"),
                "the dry run's plan: \(dry.stdout) \(dry.stderr)")
        #expect(!world.emulator.store.feeds.contains { $0.feedURL == "https://harbour.example/feed.xml" }, "a dry run subscribed on the server")

        let copied = try world.lector(["account", "copy", "Old", "Tiny", "--json"])
        #expect(copied.status == 0, "copy exited \(copied.status): \(copied.stdout) \(copied.stderr)")
        #expect(world.filing.contains("https://harbour.example/feed.xml | News"), "the server after copy: \(world.filing.sorted())")
        let json = try JSONSerialization.jsonObject(with: Data(copied.stdout.utf8)) as? [String: Any] ?? [:]
        let starred = json["starred"] as? [String: Any] ?? [:]
        #expect(starred["wanted"] as? Int == 2 && starred["matched"] as? Int == 1 && starred["newly_starred"] as? Int == 1 && starred["recreated"] as? Int == 0,
                "the one TT-RSS carries starred, nothing re-created: \(starred)")
        #expect(world.emulator.store.items.first { $0.url == "https://harbour.example/tide" }?.starred == true, "the tide table starred on the server")
        let file = try #require(starred["unmatched_file"] as? String, "the starred TT-RSS does not carry are listed in a file: \(copied.stdout)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("https://harbour.example/storm"), "the file lists the old storm")
        #expect(!world.emulator.store.items.contains { $0.url == "https://harbour.example/storm" }, "nothing was made up on the server")

        let plain = try world.lector(["account", "copy", "Old", "Tiny"])
        #expect(plain.status == 0 && plain.stdout.contains("Feeds and folders: nothing to change."), "the second copy: \(plain.stdout) \(plain.stderr)")
        #expect(plain.stdout.contains("* starred 0 article(s) in 'Tiny' (1 of 2 found, 1 already starred)") && plain.stdout.contains("not found: 'Old storm'"),
                "the second copy's starred part: \(plain.stdout)")
        #expect(plain.stdout.contains("a ttrss account cannot take articles in") && plain.stdout.contains("listed in " + file),
                "the text says TT-RSS cannot take the rest in, and where they are listed: \(plain.stdout)")
        _ = try world.lector(["account", "remove", "Tiny", "--yes"])
        _ = try world.lector(["account", "remove", "Old", "--yes"])
    }

    @Test("account copy from TT-RSS into a local account: the feed in its folder, the starred article starred there")
    func copyOutOfTTRSS() throws {
        let world = try World()
        try world.addTinyAccount()
        #expect(try world.lector(["account", "add", "local", "--name", "Home"]).status == 0)
        #expect(try world.lector(["sync", "--account", "Tiny"]).status == 0)
        let copied = try world.lector(["account", "copy", "Tiny", "Home", "--json"])
        #expect(copied.status == 0, "copy exited \(copied.status): \(copied.stdout) \(copied.stderr)")
        let home = try world.feedList(account: "Home").map { "\($0["url"] as? String ?? "") | \($0["folder"] as? String ?? "-")" }
        #expect(home == [world.techURL + " | Tech"], "the local account's feeds: \(home)")
        let starred = (try JSONSerialization.jsonObject(with: Data(copied.stdout.utf8)) as? [String: Any])?["starred"] as? [String: Any] ?? [:]
        #expect(starred["wanted"] as? Int == 1 && starred["matched"] as? Int == 1, "the starred part: \(starred)")
        let listed = try world.lector(["article", "list", "--account", "Home", "--starred"])
        #expect(listed.stdout.contains("Tech 1") && !listed.stdout.contains("Tech 2"), "the local account's starred: \(listed.stdout) \(listed.stderr)")
        let again = try world.lector(["account", "copy", "Tiny", "Home"])
        #expect(again.status == 0 && again.stdout.contains("Feeds and folders: nothing to change."), "the second copy: \(again.stdout) \(again.stderr)")
        _ = try world.lector(["account", "remove", "Tiny", "--yes"])
    }

    @Test("backup export of a TT-RSS account and restore into a fresh home: the account back without its secret, which is asked for; rules and settings back; then it syncs")
    func backupRestore() throws {
        let world = try World()
        try world.addTinyAccount()
        #expect(try world.lector(["sync"]).status == 0)
        #expect(try world.lector(["rule", "add", "quiet", "title contains 2", "--then", "read", "--feed", "Tech Blog"]).status == 0)
        #expect(try world.lector(["settings", "set", "reader.font", "classic"]).status == 0)
        let file = world.home.path + "/move.json"
        let exported = try world.lector(["backup", "export", file])
        #expect(exported.status == 0, "export: \(exported.stderr)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(!text.contains(Self.password), "no secret in the backup file")
        #expect(text.contains("\"ttrss\""), "the account's kind travels")
        // The new machine's keyring has never seen this login.
        #expect(try world.lector(["account", "remove", "Tiny", "--yes"]).status == 0)

        let fresh = TestHome()
        let restored = try fresh.binary(["backup", "restore", file, "--yes"])
        #expect(restored.status == 0, "restore: \(restored.stdout) \(restored.stderr)")
        #expect(restored.stdout.contains("Account 'Tiny' needs its secret: run 'lector account password Tiny'"), "the secret is asked for: \(restored.stdout)")
        let account = try #require(try fresh.store().accounts.named("Tiny"))
        #expect(account.kind == .ttrss && account.needsPassword && account.username == "tester", "the restored account")
        #expect(try fresh.binary(["settings", "get", "reader.font"]).stdout == "classic\n")
        // The rule names a feed the restored account has not synced yet: it waits for the first sync.
        #expect(restored.stdout.contains("Rule 'quiet' left out: account 'Tiny' has no feed \(world.techURL) here yet; its first sync puts the rule in."),
                "the restore says the rule waits: \(restored.stdout)")
        #expect(restored.stdout.contains("its first sync after that puts back its 1 starred article(s)"), "the starred article waits: \(restored.stdout)")
        try fresh.binaryOK(["account", "password", "Tiny", "--password-stdin"], stdin: Self.password + "\n", "account password")
        let synced = try fresh.binary(["sync"])
        #expect(synced.status == 0, "the first sync after the restore: \(synced.stderr)")
        let feeds = try JSONSerialization.jsonObject(with: Data(try fresh.binary(["feed", "list", "--json"]).stdout.utf8)) as? [[String: Any]] ?? []
        #expect(feeds.map { "\($0["url"] as? String ?? "") | \($0["folder"] as? String ?? "-")" } == [world.techURL + " | Tech"], "after the sync: \(feeds)")
        let rules = try fresh.binary(["rule", "list", "--json"])
        let listed = try JSONSerialization.jsonObject(with: Data(rules.stdout.utf8)) as? [[String: Any]] ?? []
        let quiet = listed.first { $0["name"] as? String == "quiet" }
        #expect(quiet?["action"] as? String == "read" && quiet?["feed"] as? String == world.techURL, "the first sync put the rule in, on its feed: \(rules.stdout) \(rules.stderr)")
        let starred = try fresh.binary(["article", "list", "--starred"])
        #expect(starred.stdout.contains("Tech 1") && !starred.stdout.contains("Tech 2"), "the starred article: \(starred.stdout)")
        let again = try fresh.binary(["backup", "restore", file, "--dry-run"])
        #expect(again.stdout.contains("Nothing to restore"), "a second restore has nothing to do: \(again.stdout)")
        _ = try fresh.binary(["account", "remove", "Tiny", "--yes"])
    }
}
