import Foundation
import Testing
import LectorTestSupport
@testable import LectorStore

/// Labels through the `lector` binary: a FreshRSS account on the loopback emulator (labels on
/// the server, server first for rename and remove) and a local account (labels here only).
@Suite("Labels through the binary", .serialized)
struct LabelCommandTests {
    final class World {
        let feeds = FeedStore()
        let server: LoopbackServer
        let home = TestHome()
        static let user = EmulatedAccount(username: "alice", password: "alice-pw")

        init() throws {
            let feed = feeds.addFeed(title: "Tech", feedURL: "https://tech.example/rss.xml", siteURL: "https://tech.example/", folder: "Tech")
            // Ids are receipt times: now, so that the sync's age limit keeps them.
            for (index, title) in ["Alpha", "Beta", "Gamma"].enumerated() {
                feeds.addItem(feed: feed, title: title, url: "https://tech.example/\(index)", published: Int64(Date().timeIntervalSince1970) - 60 + Int64(index))
            }
            server = try LoopbackServer(handler: GReaderEmulator(store: feeds, accounts: [Self.user]).handler)
            let added = try runProcess(TestBinary.path, ["account", "add", "freshrss", "--name", "Fresh", "--url", server.baseURL.absoluteString,
                                                         "--user", "alice", "--password-stdin"], environment: home.environment, stdin: "alice-pw\n")
            #expect(added.status == 0, "account add: \(added.stderr)")
            try ok("sync")
        }

        deinit { server.stop() }

        func lector(_ arguments: String...) throws -> ProcessResult { try home.binary(arguments) }

        @discardableResult
        func ok(_ arguments: String...) throws -> ProcessResult { try home.binaryOK(arguments, "labels") }

        /// The titles `article list` shows with these options, oldest first (and remembered as handles).
        func listed(_ arguments: String...) throws -> [String] {
            let result = try runProcess(TestBinary.path, ["article", "list", "--json", "--oldest-first"] + arguments, environment: home.environment)
            #expect(result.status == 0, "article list \(arguments): \(result.stderr)")
            let listing = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
            return listing.compactMap { $0["title"] as? String }
        }

        /// "account label articles unread" per label, from `label list --json`.
        func labels() throws -> [String] {
            let listing = try JSONSerialization.jsonObject(with: Data(try ok("label", "list", "--json").stdout.utf8)) as? [[String: Any]] ?? []
            return listing.map { "\($0["account"] ?? "") \($0["label"] ?? "") \($0["articles"] ?? "") \($0["unread"] ?? "")" }
        }

        /// Title → labels on the server.
        func remote() -> [String: [String]] {
            Dictionary(uniqueKeysWithValues: feeds.items.map { ($0.title, $0.labels) })
        }
    }

    @Test("article label add|remove: written here, sent to FreshRSS at once; article list --label; label list counts per account")
    func addRemoveListFreshRSS() throws {
        let world = try World()
        let first = try world.listed()
        #expect(first == ["Alpha", "Beta", "Gamma"], "listed: \(first)")
        let added = try world.ok("article", "label", "add", "Later", "1", "2")
        #expect(added.stdout.contains("2 of 2 article(s) labelled 'Later', sent."), "add said: \(added.stdout)")
        #expect(world.remote() == ["Alpha": ["Later"], "Beta": ["Later"], "Gamma": []], "the server's labels: \(world.remote())")
        #expect(try world.listed("--label", "Later") == ["Alpha", "Beta"])
        #expect(try world.listed("--where", "label = later and title contains beta") == ["Beta"], "the filter field label")
        #expect(try world.labels() == ["Fresh Later 2 2"])
        try world.ok("sync")
        #expect(try world.listed("--label", "Later") == ["Alpha", "Beta"], "the sync undid the labels")
        _ = try world.listed()
        let removed = try world.ok("article", "label", "remove", "Later", "1")
        #expect(removed.stdout.contains("1 of 1 article(s) no longer labelled 'Later', sent."), "remove said: \(removed.stdout)")
        #expect(world.remote()["Alpha"] == [], "the removal did not reach the server")
        let completion = try world.ok("__complete", "article", "list", "--label", "La")
        #expect(completion.stdout.hasPrefix("Later\t"), "label names complete: \(completion.stdout)")
    }

    @Test("label rename and remove go to FreshRSS first (rename-tag, disable-tag), then the store; offline nothing changes")
    func renameRemoveFreshRSS() throws {
        let world = try World()
        _ = try world.listed()
        try world.ok("article", "label", "add", "Later", "1", "3")
        let renamed = try world.ok("label", "rename", "Later", "Soon")
        #expect(renamed.stdout.contains("Renamed label 'Later' to 'Soon' in 'Fresh'."), "rename said: \(renamed.stdout)")
        #expect(world.remote() == ["Alpha": ["Soon"], "Beta": [], "Gamma": ["Soon"]], "rename-tag did not reach the server: \(world.remote())")
        #expect(try world.labels() == ["Fresh Soon 2 2"])
        let unknown = try world.lector("label", "remove", "Nope")
        #expect(unknown.status == 3, "an unknown label is not found (exit 3): \(unknown.status) \(unknown.stderr)")
        world.server.stop()
        let offline = try world.lector("label", "remove", "Soon")
        #expect(offline.status != 0, "removing a FreshRSS label offline must fail")
        #expect(try world.labels() == ["Fresh Soon 2 2"], "a failed server removal changed the store")
    }

    @Test("label remove deletes the label on FreshRSS and here; the articles stay")
    func removeFreshRSS() throws {
        let world = try World()
        _ = try world.listed()
        try world.ok("article", "label", "add", "Soon", "2")
        let removed = try world.ok("label", "remove", "Soon")
        #expect(removed.stdout.contains("Removed label 'Soon' from 'Fresh'."), "remove said: \(removed.stdout)")
        #expect(world.remote()["Beta"] == [], "disable-tag did not reach the server")
        #expect(try world.labels().isEmpty && world.listed() == ["Alpha", "Beta", "Gamma"])
    }

    @Test("rule add --then label:NAME labels what a sync brings in, sent to the server; search save --label keeps a label on what it matches")
    func ruleAndSavedSearchLabels() throws {
        let world = try World()
        try world.ok("rule", "add", "hot", "title contains gamma", "--then", "label:Hot")
        try world.ok("search", "save", "Bees", "title contains beta", "--label")
        let feed = try #require(world.feeds.feeds.first)
        world.feeds.addItem(feed: feed.id, title: "Gamma rays", url: "https://tech.example/rays", published: Int64(Date().timeIntervalSince1970))
        try world.ok("sync")
        #expect(try world.listed("--label", "Hot") == ["Gamma rays"], "the rule labels only what the sync brought in")
        #expect(try world.listed("--label", "Bees") == ["Beta"], "the saved search's label")
        #expect(world.remote()["Gamma rays"] == ["Hot"], "the rule's label did not reach the server: \(world.remote())")
        #expect(world.remote()["Beta"] == ["Bees"], "the saved search's label did not reach the server after the sync: \(world.remote())")
        let rules = try world.ok("rule", "list")
        #expect(rules.stdout.contains("label:Hot"), "rule list shows the action: \(rules.stdout)")
        let wrong = try world.lector("rule", "add", "bad", "unread", "--then", "label:")
        #expect(wrong.status == 2, "a label action without a name is a usage error: \(wrong.stderr)")
    }

    @Test("a local account keeps labels in the store: add, list, rename, remove, with no server")
    func localLabels() throws {
        let site = StaticSite()
        let server = try LoopbackServer(handler: site.handler)
        defer { server.stop() }
        site.serve("/news.xml", text: RuleCommandTests.feed("News", items: ["One", "Two"]), contentType: "application/rss+xml")
        let home = TestHome()
        let store = try home.store()
        let account = try store.accounts.insert(kind: .local, name: "Home")
        let url = server.url("/news.xml").absoluteString
        try store.feeds.insert(accountID: account.id, folderID: nil, serverID: url, title: "News", url: url, siteURL: nil)
        func ok(_ arguments: String...) throws -> ProcessResult { try home.binaryOK(arguments, "local") }
        _ = try ok("demo", "off")
        _ = try ok("sync")
        _ = try ok("article", "list", "--oldest-first")
        #expect(try ok("article", "label", "add", "Keep", "1").stdout.contains("1 of 1 article(s) labelled 'Keep'."), "no server: no 'sent'")
        #expect(try ok("label", "list").stdout.contains("Keep"))
        _ = try ok("label", "rename", "Keep", "Kept")
        #expect(try ok("article", "list", "--label", "Kept", "--json").stdout.contains("\"One\""))
        _ = try ok("label", "remove", "Kept")
        #expect(try ok("label", "list").stdout.isEmpty, "no labels: an empty plain list")
    }
}
