import Foundation
import LectorTestSupport
import Testing

/// `lector browse` as a new user meets it at 80×24 and 120×40: the installed binary in tmux,
/// resized, scrolled and read, with assertions on what the screen shows.
@Suite("Journeys: lector browse's layout at any size", .serialized,
       .enabled(if: Journey.isInstalled, "LECTOR_JOURNEY_PREFIX names no installed lector: ./scripts/test.sh installs one into a temporary prefix"))
struct BrowseLayoutJourneyTests: BrowseScreenReading, BrowseStoreReading {
    struct Row: Decodable {
        let id: Int64
        let title: String
        let starred: Bool
        let url: String?
    }

    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    /// The article as `article read` prints it to a pipe `columns` wide: what the reader shows.
    private func read(_ journey: Journey, _ id: Int64, columns: Int) throws -> [String] {
        let result = try journey.shell("COLUMNS=\(columns) lector article read id:\(id) --no-pager --color never")
        try #require(result.status == 0, "article read failed: \(result.stderr)")
        return lines(result.stdout.trimmingCharacters(in: .newlines))
    }

    @Test("the reader wraps the article again when the terminal goes from 120 to 80 columns, and on Ctrl-L: no line is cut")
    func readerRewrapsOnResize() throws {
        let journey = try Journey()
        let before = try rows(journey)
        // The first article whose text wraps differently at 80 and at 120 columns.
        var chosen: (index: Int, narrow: [String], wide: [String], url: String?)?
        for (index, row) in before.enumerated() {
            let narrow = try read(journey, row.id, columns: 80), wide = try read(journey, row.id, columns: 120)
            if narrow.prefix(22) != wide.prefix(22) { chosen = (index, narrow, wide, row.url); break }
        }
        let article = try #require(chosen, "the demo library has an article long enough to wrap")
        // The article's text as the reader shows it: its address line (under the header, which
        // 'article read' does not print) left out.
        let text: (String) -> [String] = { screen in self.lines(screen).filter { $0 != article.url } }
        let terminal = try journey.terminal(width: 120, height: 40)
        terminal.run("lector browse")
        #expect(terminal.wait(for: { self.selected($0) != nil }, timeout: 10), "the list opens:\n\(terminal.screen())")
        for _ in 0..<article.index { terminal.type("j") }
        terminal.press("Enter")
        let wideShown = article.wide.prefix(37)
        #expect(terminal.wait(for: { Array(text($0).prefix(wideShown.count)) == Array(wideShown) }, timeout: 10),
                "at 120 columns the reader shows the article as 'article read' wraps it to 100:\n\(terminal.screen())")

        terminal.resize(width: 80, height: 24)
        let narrowShown = Array(article.narrow.prefix(21))
        #expect(terminal.wait(for: { Array(text($0).prefix(narrowShown.count)) == narrowShown }, timeout: 5),
                "after the resize to 80×24 the article is wrapped to 80, not cut:\nexpected:\n\(narrowShown.joined(separator: "\n"))\nscreen:\n\(terminal.screen())")

        terminal.press("C-l")
        #expect(terminal.wait(for: { Array(text($0).prefix(narrowShown.count)) == narrowShown && $0.contains("1 prev") }, timeout: 5),
                "Ctrl-L draws the article again, wrapped to the width:\n\(terminal.screen())")
        terminal.type("q")
        terminal.type("q")
        #expect(atPrompt(terminal), "q, q leave:\n\(terminal.screen())")
    }

    @Test("the bottom line starts with '? help · q quit' at 80, 50 and 120 columns, and with '? help · q list' in the reader")
    func footerKeepsHelpFirst() throws {
        let journey = try Journey()
        let terminal = try journey.terminal(width: 80, height: 24)
        terminal.run("lector browse")
        #expect(terminal.wait(for: { self.selected($0) != nil
            && $0.split(separator: "\n").last?.hasPrefix("? help · q quit · j/k move") == true }, timeout: 10),
                "at 80 columns the bottom line begins with help and the way out:\n\(terminal.screen())")
        terminal.resize(width: 50, height: 24)
        #expect(terminal.wait(for: { $0.split(separator: "\n").last.map { $0.hasPrefix("? help · q quit") && $0.count <= 50 } == true }, timeout: 5),
                "at 50 columns too:\n\(terminal.screen())")
        terminal.resize(width: 120, height: 40)
        #expect(terminal.wait(for: { $0.split(separator: "\n").last.map { $0.hasPrefix("? help · q quit") && $0.contains("←/→ swipe") } == true }, timeout: 5),
                "at 120 columns the whole line, help first:\n\(terminal.screen())")
        terminal.resize(width: 80, height: 24)
        terminal.press("Enter")
        #expect(terminal.wait(for: { $0.contains("1 prev") && $0.split(separator: "\n").last?.hasPrefix("? help · q list · j/k scroll") == true }, timeout: 10),
                "in the reader the bottom line begins with help and the way back:\n\(terminal.screen())")
        terminal.type("q")
        terminal.type("q")
        #expect(atPrompt(terminal), "q, q leave:\n\(terminal.screen())")
    }

    /// An RSS feed of `count` posts a day apart, the newest `daysAgo` days old: older than the demo's.
    static func oldFeed(count: Int, daysAgo: Double) -> String {
        let now = Date()
        let posts = (1...count).map { number in
            """
            <item><guid>old-\(number)</guid><title>Old post \(number)</title><link>/old/\(number)</link>\
            <description>Summary of old post \(number).</description>\
            <pubDate>\(HTTPDateFormat.format(now.addingTimeInterval(-(daysAgo + Double(number)) * 86_400)))</pubDate></item>
            """
        }
        return "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Old Feed</title><link>/</link>\(posts.joined())</channel></rss>"
    }

    @Test("with two accounts the ACCOUNT column is there on every screen: at the top (one account's rows alone) and at the end (the other's alone)")
    func accountColumnStays() throws {
        let site = StaticSite()
        site.serve("/old.xml", text: Self.oldFeed(count: 6, daysAgo: 20), contentType: "application/rss+xml")
        site.serve("/new.xml", text: BrowseFeedJourneyTests.feed(count: 8), contentType: "application/rss+xml")
        let server = try LoopbackServer(handler: site.handler)
        defer { server.stop() }
        let journey = try Journey()
        // Two accounts (a real account takes the demo's place): the newest articles all of one, the oldest all of the other.
        let added = try journey.shell("lector account add local --name Mine && lector feed add '\(server.url("/old.xml"))' --title 'Old Feed'"
            + " && lector account add local --name Other && lector feed add '\(server.url("/new.xml"))' --title 'Long Feed' --account Other")
        try #require(added.status == 0, "setup failed: \(added.stderr)")
        let terminal = try journey.terminal(width: 100, height: 12)
        terminal.run("lector browse")
        let header: (String) -> String? = { screen in screen.split(separator: "\n").dropFirst().first.map(String.init) }
        #expect(terminal.wait(for: { self.selected($0) != nil && !$0.contains("Old post") }, timeout: 10),
                "the list opens on Other's newest posts:\n\(terminal.screen())")
        #expect(header(terminal.screen())?.contains("ACCOUNT") == true, "the ACCOUNT column is there from the first screen:\n\(terminal.screen())")
        terminal.type("G")
        #expect(terminal.wait(for: { self.selected($0)?.contains("Old post 6") == true }, timeout: 5), "G goes to the last, oldest post:\n\(terminal.screen())")
        let end = terminal.screen()
        #expect(header(end)?.contains("ACCOUNT") == true && end.contains("Mine"), "and is still there at the end:\n\(end)")
        terminal.type("q")
        #expect(atPrompt(terminal), "q leaves:\n\(terminal.screen())")
    }

    @Test("the reader's header shows the article's own address")
    func readerShowsAddress() throws {
        let journey = try Journey()
        let first = try #require(try rows(journey).first)
        let address = try #require(first.url, "the demo's first article has an address")
        let terminal = try journey.terminal(width: 100, height: 30)
        terminal.run("lector browse")
        #expect(terminal.wait(for: { self.selected($0) != nil }, timeout: 10), "the list opens:\n\(terminal.screen())")
        terminal.press("Enter")
        #expect(terminal.wait(for: { $0.contains("1 prev") && $0.split(separator: "\n").prefix(4).contains { $0 == address } }, timeout: 10),
                "the header, above the text, has a line with \(address):\n\(terminal.screen())")
        terminal.type("q")
        terminal.type("q")
        #expect(atPrompt(terminal), "q, q leave:\n\(terminal.screen())")
    }

    @Test("browse --starred lists the starred articles alone; browse --label L those with the label alone")
    func starredAndLabel() throws {
        let journey = try Journey()
        let before = try rows(journey)
        let starred = before.filter(\.starred), others = before.filter { !$0.starred }
        try #require(!starred.isEmpty && others.count >= 2, "the demo library holds starred and unstarred articles")
        let labelled = try journey.shell("lector article label add Keep id:\(others[0].id) id:\(others[1].id)")
        try #require(labelled.status == 0, "article label failed: \(labelled.stderr)")
        let terminal = try journey.terminal(width: 100, height: 40)
        terminal.run("lector browse --starred")
        #expect(terminal.wait(for: { self.selected($0) != nil }, timeout: 10), "the list opens:\n\(terminal.screen())")
        var screen = terminal.screen()
        #expect(screen.contains("· starred ·") || screen.contains("· starred\n"), "the first line says so:\n\(screen)")
        #expect(starred.allSatisfy { screen.contains(String($0.title.prefix(12))) }, "every starred article is listed:\n\(screen)")
        #expect(!others.contains { screen.contains(String($0.title.prefix(12))) }, "no other article is listed:\n\(screen)")
        terminal.type("q")
        #expect(atPrompt(terminal), "q leaves:\n\(terminal.screen())")

        terminal.run("clear; lector browse --label Keep")
        #expect(terminal.wait(for: { self.selected($0) != nil }, timeout: 10), "the list opens:\n\(terminal.screen())")
        screen = terminal.screen()
        #expect(screen.contains("label Keep"), "the first line names the label:\n\(screen)")
        #expect(screen.contains(String(others[0].title.prefix(12))) && screen.contains(String(others[1].title.prefix(12))),
                "both labelled articles are listed:\n\(screen)")
        #expect(!before.contains { $0.id != others[0].id && $0.id != others[1].id && screen.contains(String($0.title.prefix(12))) },
                "no other article is listed:\n\(screen)")
        terminal.type("q")
        #expect(atPrompt(terminal), "q leaves:\n\(terminal.screen())")
    }
}
