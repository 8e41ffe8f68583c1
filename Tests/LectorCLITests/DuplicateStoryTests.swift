import Foundation
import Testing
import LectorTestSupport
@testable import LectorStore

/// One copy of each story (`article duplicates`, `sync.duplicates`, `--collapse-duplicates`)
/// through the `lector` binary: two local accounts whose three feeds, served on loopback, carry
/// the same stories under addresses written differently, the same guid, or the same long title.
@Suite("One copy of each story through the binary", .serialized)
struct DuplicateStoryTests {
    struct Item {
        let title: String
        let link: String
        let guid: String
    }

    static func feed(_ title: String, _ items: [Item]) -> String {
        let entries = items.map { item in
            "<item><title>\(item.title)</title><link>\(item.link.replacingOccurrences(of: "&", with: "&amp;"))</link><guid isPermaLink=\"false\">\(item.guid)</guid><pubDate>Sun, 06 Dec 2026 06:00:00 GMT</pubDate><description>About it</description></item>"
        }.joined()
        return """
            <?xml version="1.0"?><rss version="2.0"><channel><title>\(title)</title><link>https://\(title.lowercased()).example/</link>
            \(entries)</channel></rss>
            """
    }

    /// Home (feeds Wire and Daily) and Work (feed Digest), none fetched yet. Daily is empty until
    /// `syncHome` has fetched Wire, so that Wire's articles are the first copies.
    final class World {
        let site = StaticSite()
        let server: LoopbackServer
        let home = TestHome()

        init() throws {
            server = try LoopbackServer(handler: site.handler)
            site.serve("/Wire.xml", text: DuplicateStoryTests.feed("Wire", [
                Item(title: "Harbour authority approves the new northern breakwater plan", link: "https://news.example/breakwater", guid: "wire-1"),
                Item(title: "Links", link: "https://wire.example/links-1", guid: "wire-2"),
                Item(title: "Council votes to keep the old ferry running another decade", link: "https://wire.example/ferry", guid: "wire-3"),
                Item(title: "Tide tables for the week", link: "https://wire.example/tides", guid: "urn:uuid:5f1c2a1e-tides-week-49"),
            ]), contentType: "application/rss+xml")
            site.serve("/Daily.xml", text: DuplicateStoryTests.feed("Daily", []), contentType: "application/rss+xml")
            let store = try home.store()
            let homeAccount = try store.accounts.insert(kind: .local, name: "Home")
            let work = try store.accounts.insert(kind: .local, name: "Work")
            for (name, account) in [("Wire", homeAccount), ("Daily", homeAccount), ("Digest", work)] {
                let url = server.url("/\(name).xml").absoluteString
                try store.feeds.insert(accountID: account.id, folderID: nil, serverID: url, title: name, url: url, siteURL: nil)
            }
            try ok("demo", "off")
        }

        /// Home's two syncs: Wire with Daily empty, then Daily's items.
        func syncHome() throws {
            try ok("sync", "--account", "Home")
            site.serve("/Daily.xml", text: DuplicateStoryTests.feed("Daily", [
                // The same page: another scheme, the host's case, a trailing slash and tracking parameters.
                Item(title: "Breakwater plan approved", link: "http://NEWS.example/breakwater/?utm_source=rss&utm_medium=feed&fbclid=abc", guid: "daily-1"),
                // A short title that recurs in unrelated feeds: never one story.
                Item(title: "Links", link: "https://daily.example/links-9", guid: "daily-2"),
                // The same long title, case and punctuation aside, under another address.
                Item(title: "Council votes to keep the old ferry running — another decade!", link: "https://daily.example/ferry-story", guid: "daily-3"),
                Item(title: "Nothing like the others at all today", link: "https://daily.example/other", guid: "daily-4"),
            ]), contentType: "application/rss+xml")
            site.serve("/Digest.xml", text: DuplicateStoryTests.feed("Digest", [
                // The same guid as Wire's, in another account.
                Item(title: "This week's tides", link: "https://digest.example/t", guid: "urn:uuid:5f1c2a1e-tides-week-49"),
                Item(title: "Harbour breakwater: the plan", link: "https://news.example/breakwater#comments", guid: "digest-2"),
            ]), contentType: "application/rss+xml")
            try ok("sync", "--account", "Home")
        }

        func lector(_ arguments: [String]) throws -> ProcessResult {
            try runProcess(TestBinary.path, arguments, environment: home.environment)
        }

        @discardableResult
        func ok(_ arguments: String...) throws -> ProcessResult {
            try ok(arguments)
        }

        @discardableResult
        func ok(_ arguments: [String]) throws -> ProcessResult {
            let result = try lector(arguments)
            #expect(result.status == 0, "lector \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
            return result
        }

        func json(_ arguments: String...) throws -> Any {
            try JSONSerialization.jsonObject(with: Data(try ok(arguments + ["--json"]).stdout.utf8))
        }

        /// The titles `article list` shows with these options.
        func listed(_ options: String...) throws -> [String] {
            let list = try JSONSerialization.jsonObject(with: Data(try lector(["article", "list", "--json"] + options).stdout.utf8)) as? [[String: Any]] ?? []
            return list.compactMap { $0["title"] as? String }.sorted()
        }

        /// Title → (read, starred) of every article, hidden ones too.
        func states() throws -> [String: (read: Bool, starred: Bool)] {
            let list = try json("article", "list", "--all") as? [[String: Any]] ?? []
            var states: [String: (read: Bool, starred: Bool)] = [:]
            for article in list { states[article["title"] as? String ?? ""] = (article["read"] as? Bool ?? false, article["starred"] as? Bool ?? false) }
            return states
        }

        func id(of title: String) throws -> Int64 {
            try #require(try home.store().articles.list(ArticleQuery(limit: 100, includeHidden: true)).first { $0.title == title }).id
        }

        /// Each group as [first title, later titles…] with the key each later copy matched by.
        func groups(_ options: String...) throws -> [[String]] {
            let document = try JSONSerialization.jsonObject(with: Data(try ok(["article", "duplicates", "--json"] + options).stdout.utf8)) as? [String: Any]
            let groups = document?["groups"] as? [[String: Any]] ?? []
            return groups.map { group in
                [((group["first"] as? [String: Any])?["title"] as? String ?? "")]
                    + (group["later"] as? [[String: Any]] ?? []).map { "\($0["title"] as? String ?? "") by \($0["matched_by"] as? String ?? "")" }
            }
        }
    }

    static let breakwaterGroup = ["Harbour authority approves the new northern breakwater plan", "Breakwater plan approved by address",
                                  "Harbour breakwater: the plan by address"]
    static let ferryGroup = ["Council votes to keep the old ferry running another decade",
                             "Council votes to keep the old ferry running — another decade! by title"]
    static let tidesGroup = ["Tide tables for the week", "This week's tides by guid"]

    @Test("article duplicates lists the groups across feeds and accounts by address, guid and guarded title; 'Links' twice is not one story; --dry-run and sync.duplicates off change nothing")
    func listsGroups() throws {
        let world = try World()
        try world.syncHome()
        try world.ok("sync", "--account", "Work")
        let groups = try world.groups("--dry-run")
        #expect(groups == [Self.breakwaterGroup, Self.ferryGroup, Self.tidesGroup], "\(groups)")
        #expect(try world.groups("--dry-run", "--account", "Work") == [
            [Self.breakwaterGroup[0], Self.breakwaterGroup[2]], Self.tidesGroup,
        ], "only the later copies in Work")
        let text = try world.ok("article", "duplicates").stdout
        #expect(text.contains("3 stories stored more than once, 4 later copies."), "\(text)")
        #expect(text.contains("sync.duplicates is off: nothing changed"), "off lists only: \(text)")
        #expect(try world.states().values.allSatisfy { !$0.read }, "nothing was marked")
        let collapsed = try world.listed("--collapse-duplicates")
        #expect(collapsed == ["Council votes to keep the old ferry running another decade", "Harbour authority approves the new northern breakwater plan",
                              "Links", "Links", "Nothing like the others at all today", "Tide tables for the week"], "each story once: \(collapsed)")
        #expect(try world.listed().count == 10, "without the option every copy is listed")
    }

    @Test("sync.duplicates hide keeps the later copies a sync brings out of lists, across accounts, and leaves the first copy and a starred copy alone")
    func syncHidesLaterCopies() throws {
        let world = try World()
        try world.syncHome()
        try world.ok("settings", "set", "sync.duplicates", "hide")
        let synced = try world.ok("sync", "--account", "Work").stdout
        #expect(synced.contains("2 later copies hidden"), "the sync says what it did: \(synced)")
        let listed = try world.listed()
        #expect(!listed.contains("This week's tides") && !listed.contains("Harbour breakwater: the plan"), "Work's copies hidden: \(listed)")
        #expect(listed.contains("Tide tables for the week") && listed.contains(Self.breakwaterGroup[0]), "the first copies stay: \(listed)")
        #expect(try world.listed("--all").count == 10, "--all shows the hidden copies")
        // Home's own copies came before the setting: the sync does not reach back; the command does,
        // except for the copy starred meanwhile.
        #expect(listed.contains("Breakwater plan approved"))
        try world.ok("article", "mark", "star", "id:\(try world.id(of: "Breakwater plan approved"))")
        let handled = try world.ok("article", "duplicates").stdout
        #expect(handled.contains("1 later copy hidden (3 starred or handled before, left alone)."), "\(handled)")
        let after = try world.listed()
        #expect(after.contains("Breakwater plan approved"), "a starred copy is never hidden: \(after)")
        #expect(!after.contains(Self.ferryGroup[1].replacingOccurrences(of: " by title", with: "")), "the unstarred title copy is hidden: \(after)")
        #expect(after.contains(Self.ferryGroup[0]), "its first copy stays")
    }

    @Test("sync.duplicates mark-read reads the later copies a sync brings, never a starred one, and the first copy keeps its state")
    func syncMarksLaterCopiesRead() throws {
        let world = try World()
        try world.syncHome()
        try world.ok("article", "mark", "star", "id:\(try world.id(of: "Tide tables for the week"))")
        try world.ok("settings", "set", "sync.duplicates", "mark-read")
        let synced = try world.ok("sync", "--account", "Work").stdout
        #expect(synced.contains("2 later copies marked read"), "\(synced)")
        let states = try world.states()
        #expect(states["This week's tides"]?.read == true && states["Harbour breakwater: the plan"]?.read == true, "\(states)")
        #expect(states["Tide tables for the week"].map { $0.starred && !$0.read } == true, "the first copy keeps its star, unread: \(states)")
        #expect(states[Self.breakwaterGroup[0]]?.read == false, "the first copy is left unread")
        // Starred before the command reaches it: never marked.
        try world.ok("article", "mark", "star", "id:\(try world.id(of: "Breakwater plan approved"))")
        try world.ok("article", "duplicates")
        let later = try world.states()
        #expect(later["Breakwater plan approved"].map { $0.starred && !$0.read } == true, "a starred copy is never marked read: \(later)")
        #expect(later["Council votes to keep the old ferry running — another decade!"]?.read == true, "an unstarred one is: \(later)")
    }
}
