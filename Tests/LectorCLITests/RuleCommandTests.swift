import Foundation
import Testing
import LectorTestSupport
@testable import LectorStore

/// Filters, rules and saved searches through the `lector` binary, on a local account whose two
/// feeds are served on loopback.
@Suite("Rules and filters through the binary", .serialized)
struct RuleCommandTests {
    static func feed(_ title: String, items: [String]) -> String {
        let entries = items.enumerated().map { index, item in
            "<item><title>\(item)</title><link>https://\(title.lowercased()).example/\(index)</link><guid>\(title)-\(item)</guid><description>About \(item)</description></item>"
        }.joined()
        return """
            <?xml version="1.0"?><rss version="2.0"><channel><title>\(title)</title><link>https://\(title.lowercased()).example/</link>
            \(entries)</channel></rss>
            """
    }

    /// A local account "Home" with feeds Coins and Harbour (stored, never fetched yet), and no demo library.
    final class World {
        let site = StaticSite()
        let server: LoopbackServer
        let home = TestHome()

        init() throws {
            server = try LoopbackServer(handler: site.handler)
            serve(coins: ["Bitcoin surges", "Café prices"], harbour: ["Bitcoin at the harbour", "Harbour tide"])
            let store = try home.store()
            let account = try store.accounts.insert(kind: .local, name: "Home")
            for name in ["Coins", "Harbour"] {
                let url = server.url("/\(name).xml").absoluteString
                try store.feeds.insert(accountID: account.id, folderID: nil, serverID: url, title: name, url: url, siteURL: nil)
            }
            let demo = try runProcess(TestBinary.path, ["demo", "off"], environment: home.environment)
            #expect(demo.status == 0, "demo off: \(demo.stderr)")
        }

        func serve(coins: [String], harbour: [String]) {
            site.serve("/Coins.xml", text: RuleCommandTests.feed("Coins", items: coins), contentType: "application/rss+xml")
            site.serve("/Harbour.xml", text: RuleCommandTests.feed("Harbour", items: harbour), contentType: "application/rss+xml")
        }

        func lector(_ arguments: String...) throws -> ProcessResult {
            try runProcess(TestBinary.path, arguments, environment: home.environment)
        }

        @discardableResult
        func ok(_ arguments: String...) throws -> ProcessResult {
            let result = try runProcess(TestBinary.path, arguments, environment: home.environment)
            #expect(result.status == 0, "lector \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
            return result
        }

        /// Title → (read, starred) of every stored article, hidden ones too.
        func states() throws -> [String: (read: Bool, starred: Bool)] {
            let listing = try JSONSerialization.jsonObject(with: Data(try ok("article", "list", "--all", "--json").stdout.utf8)) as? [[String: Any]] ?? []
            var states: [String: (read: Bool, starred: Bool)] = [:]
            for article in listing { states[article["title"] as? String ?? ""] = (article["read"] as? Bool ?? false, article["starred"] as? Bool ?? false) }
            return states
        }

        func listed(_ arguments: String...) throws -> [String] {
            let result = try runProcess(TestBinary.path, ["article", "list", "--json"] + arguments, environment: home.environment)
            #expect(result.status == 0, "article list \(arguments): \(result.stderr)")
            let listing = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
            return listing.compactMap { $0["title"] as? String }.sorted()
        }
    }

    @Test("article list --where selects by the filter; a mistake is one line with its column and the nearest word, exit 2")
    func whereFilter() throws {
        let world = try World()
        try world.ok("sync")
        #expect(try world.listed("--where", "title contains bitcoin") == ["Bitcoin at the harbour", "Bitcoin surges"])
        #expect(try world.listed("--where", "title contains cafe and feed = coins") == ["Café prices"], "accents and case do not count")
        #expect(try world.listed("--where", "not title contains bitcoin and (feed = Harbour or title matches \"^Caf\")")
                == ["Café prices", "Harbour tide"])
        let wrong = try world.lector("article", "list", "--where", "titel contains bitcoin")
        #expect(wrong.status == 2, "a parse error is a usage error: \(wrong.status) \(wrong.stderr)")
        #expect(wrong.stderr.contains("column 1") && wrong.stderr.contains("did you mean 'title'?"), "column and nearest word: \(wrong.stderr)")
        #expect(wrong.stderr.split(separator: "\n").count == 1, "one line: \(wrong.stderr)")
        #expect(wrong.stdout.isEmpty)
    }

    @Test("the enabled rules act on what a sync brings in, in their scope only; a rule acts once and never undoes a hand-made change")
    func rulesRunInSync() throws {
        let world = try World()
        try world.ok("rule", "add", "coins", "title contains bitcoin", "--then", "read", "--feed", "Coins")
        try world.ok("rule", "add", "tides", "title contains tide", "--then", "hide")
        try world.ok("rule", "add", "harbour-stars", "feed = Harbour and title contains bitcoin", "--then", "star")
        let refused = try world.lector("rule", "add", "bad", "title contains x", "--then", "unstar")
        #expect(refused.status == 2 && refused.stderr.contains("read, star, hide"), "no undoing action: \(refused.stderr)")
        let synced = try world.ok("sync").stdout
        #expect(synced.contains("rules: coins read 1, harbour-stars starred 1, tides hid 1"), "the sync says what the rules did: \(synced)")
        var states = try world.states()
        #expect(states["Bitcoin surges"]?.read == true, "the coins rule read its feed's match: \(states)")
        #expect(states["Bitcoin at the harbour"]?.read == false, "the coins rule is scoped to Coins: \(states)")
        #expect(states["Bitcoin at the harbour"]?.starred == true, "the star rule starred its match: \(states)")
        #expect(states["Café prices"].map { !$0.read && !$0.starred } == true, "no rule matched it: \(states)")
        let shown = try world.listed()
        #expect(shown == ["Bitcoin at the harbour", "Bitcoin surges", "Café prices"], "the hidden tide left the list: \(shown)")
        #expect(try world.listed("--all").contains("Harbour tide"), "--all shows hidden articles")

        // By hand after the rule: it stays; the rule applied again, or a second sync, changes nothing.
        let id = try #require(try world.home.store().articles.list(ArticleQuery(limit: 10)).first { $0.title == "Bitcoin surges" }).id
        try world.ok("article", "mark", "unread", "id:\(id)")
        let again = try world.ok("rule", "apply", "coins")
        #expect(again.stdout.contains("Nothing to do"), "the rule acted on it once already: \(again.stdout)")
        world.serve(coins: ["Bitcoin surges", "Café prices", "Bitcoin slumps"], harbour: ["Bitcoin at the harbour", "Harbour tide"])
        try world.ok("rule", "disable", "harbour-stars")
        try world.ok("sync")
        states = try world.states()
        #expect(states["Bitcoin surges"]?.read == false, "the hand-made unread stayed: \(states)")
        #expect(states["Bitcoin slumps"]?.read == true, "a new match was read: \(states)")

        let listing = try world.ok("rule", "list").stdout
        #expect(listing.contains("coins") && listing.contains("feed 'Coins' (Home)") && listing.contains("every account"), "\(listing)")
        #expect(try world.ok("rule", "show", "Coins").stdout.contains("Acted on: 2 article(s)"), "names in any case; two hits")
        try world.ok("rule", "remove", "tides")
        #expect(try world.listed().contains("Harbour tide"), "removing the rule shows what it hid")
        let names = try world.ok("__complete", "rule", "show", "co").stdout
        #expect(names.hasPrefix("coins\t"), "Tab completes rule names: \(names)")
        let words = try world.ok("__complete", "rule", "add", "x", "title con").stdout
        #expect(words.contains("title contains\t") && words.contains("title content\t"), "Tab completes the filter's words: \(words)")
        let actions = try world.ok("__complete", "rule", "add", "x", "unread", "--then", "").stdout
        #expect(actions.contains("read\t") && actions.contains("star\t") && actions.contains("hide\t"), "and the actions: \(actions)")
        let missing = try world.lector("rule", "show", "coin")
        #expect(missing.status == 3 && missing.stderr.contains("did you mean 'coins'?"), "\(missing.stderr)")
    }

    @Test("rule test counts and lists the stored matches without changing anything; rule apply --dry-run prints the plan, apply acts once")
    func testAndApply() throws {
        let world = try World()
        try world.ok("sync")
        let tried = try world.ok("rule", "test", "title contains bitcoin").stdout
        #expect(tried.hasPrefix("2 stored article(s) match.") && tried.contains("Bitcoin surges (Coins)"), "\(tried)")
        try world.ok("rule", "add", "coins", "title contains bitcoin", "--then", "star", "--account", "Home")
        #expect(try world.ok("rule", "test", "coins").stdout.hasPrefix("2 stored article(s) match rule 'coins'."))
        let plan = try world.ok("rule", "apply", "coins", "--dry-run").stdout
        #expect(plan.contains("~ star 'Bitcoin surges' (Coins)") && plan.contains("~ star 'Bitcoin at the harbour' (Harbour)"), "\(plan)")
        let unchanged = try world.states()
        #expect(unchanged.values.allSatisfy { !$0.starred }, "a dry run and a test change nothing: \(unchanged)")
        let applied = try world.ok("rule", "apply", "coins").stdout
        #expect(applied.contains("Applied rule 'coins' to 2 article(s): 2 changed."), "\(applied)")
        let states = try world.states()
        #expect(states["Bitcoin surges"]?.starred == true && states["Bitcoin at the harbour"]?.starred == true
                && states["Café prices"]?.starred == false, "\(states)")
        #expect(try world.ok("rule", "apply", "coins").stdout.contains("Nothing to do"), "applying twice changes nothing")
    }

    @Test("saved searches: save, list, list what one matches, Tab completes their names, remove")
    func savedSearches() throws {
        let world = try World()
        try world.ok("sync")
        try world.ok("search", "save", "coins", "title contains bitcoin")
        #expect(try world.ok("search", "list").stdout.contains("coins"))
        #expect(try world.listed("--saved", "Coins") == ["Bitcoin at the harbour", "Bitcoin surges"])
        #expect(try world.listed("--saved", "coins", "--where", "feed = Harbour") == ["Bitcoin at the harbour"], "both must hold")
        let completed = try world.ok("__complete", "article", "list", "--saved", "co").stdout
        #expect(completed.hasPrefix("coins\t"), "completion offers the saved name: \(completed)")
        let bad = try world.lector("search", "save", "x", "title contains")
        #expect(bad.status == 2, "a filter that does not parse is not saved: \(bad.stderr)")
        try world.ok("search", "remove", "coins")
        #expect(try world.lector("article", "list", "--saved", "coins").status == 3)
    }
}
