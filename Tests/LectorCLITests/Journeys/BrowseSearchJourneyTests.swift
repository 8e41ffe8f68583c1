import Foundation
import LectorTestSupport
import Testing

/// `lector browse`'s search as you type, its reader reopening an article where it was left, and
/// marking read what the list scrolls past: the installed binary in tmux over a feed on a
/// loopback site, with assertions on the screen and on the store.
@Suite("Journeys: lector browse's search, reading position and mark on scroll", .serialized,
       .enabled(if: Journey.isInstalled, "LECTOR_JOURNEY_PREFIX names no installed lector: ./scripts/test.sh installs one into a temporary prefix"))
struct BrowseSearchJourneyTests: BrowseScreenReading, BrowseStoreReading {
    struct Row: Decodable {
        let id: Int64
        let title: String
        let read: Bool?
    }

    /// Titles that share a prefix ("har") and part ways after it, among plain posts; the newest first.
    static let titles = ["Harbour lanterns at dawn", "Plain post one", "Harvest moon over the fields", "Plain post two",
                         "Hardware review of a quiet keyboard", "Plain post three", "Plain post four", "Plain post five"]

    /// An RSS feed of `titles`, an hour apart, each with `paragraphs` numbered paragraphs of text.
    static func feed(paragraphs: Int = 1) -> String {
        let now = Date()
        let items = titles.enumerated().map { index, title in
            let text = (1...paragraphs).map { "&lt;p&gt;Paragraph \($0) of \(title.lowercased()): a line of plain words to fill the screen.&lt;/p&gt;" }.joined()
            return """
                <item><guid>item-\(index)</guid><title>\(title)</title><link>/items/\(index)</link>\
                <description>\(text)</description>\
                <pubDate>\(HTTPDateFormat.format(now.addingTimeInterval(-Double(index + 1) * 3600)))</pubDate></item>
                """
        }
        return "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Harbour Feed</title><link>/</link>\(items.joined())</channel></rss>"
    }

    /// A journey whose local account holds the feed (and no demo library).
    private func journey(paragraphs: Int = 1, then setup: String = "") throws -> (Journey, LoopbackServer) {
        let site = StaticSite()
        site.serve("/feed.xml", text: Self.feed(paragraphs: paragraphs), contentType: "application/rss+xml")
        let server = try LoopbackServer(handler: site.handler)
        let journey = try Journey()
        let added = try journey.shell("lector account add local --name Mine && lector feed add '\(server.url("/feed.xml"))' --title 'Harbour Feed'"
            + (setup.isEmpty ? "" : " && " + setup))
        try #require(added.status == 0, "setup failed: \(added.stderr)")
        return (journey, server)
    }

    private func bottom(_ screen: String) -> String {
        screen.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
    }

    /// Which of `titles` the screen lists.
    private func listed(_ screen: String) -> [String] {
        Self.titles.filter { screen.contains(String($0.prefix(20))) }
    }

    @Test("/ searches at every key: the list narrows as the word grows and widens on Backspace; no match says so; Escape puts the list back; Enter keeps the matches, and q on them puts the list back")
    func searchAsYouType() throws {
        let (journey, server) = try journey()
        defer { server.stop() }
        let terminal = try journey.terminal(width: 100, height: 30)
        terminal.run("lector browse")
        #expect(terminal.wait(for: { self.selected($0)?.contains("Harbour lanterns") == true && self.listed($0).count == 8 }, timeout: 10),
                "the list opens on the newest post:\n\(terminal.screen())")
        terminal.type("jjj")
        #expect(terminal.wait(for: { self.selected($0)?.contains("Plain post two") == true }, timeout: 5), "jjj moves to the fourth:\n\(terminal.screen())")

        terminal.type("/har")
        let harbourHarvestHardware = [Self.titles[0], Self.titles[2], Self.titles[4]]
        #expect(terminal.wait(for: { self.bottom($0).hasPrefix("/har") && Set(self.listed($0)) == Set(harbourHarvestHardware) }, timeout: 5),
                "with no Enter, '/har' already lists the three posts it begins a word of:\n\(terminal.screen())")
        terminal.type("d")
        #expect(terminal.wait(for: { self.bottom($0).hasPrefix("/hard") && self.listed($0) == [Self.titles[4]] }, timeout: 5),
                "one more letter, one match:\n\(terminal.screen())")
        terminal.press("BSpace")
        #expect(terminal.wait(for: { self.bottom($0).hasPrefix("/har") && !self.bottom($0).hasPrefix("/hard") && self.listed($0).count == 3 }, timeout: 5),
                "Backspace takes the letter back and the three again:\n\(terminal.screen())")
        terminal.type("bx")
        #expect(terminal.wait(for: { self.bottom($0).contains("/harbx") && self.bottom($0).contains("no article matches") && self.listed($0).isEmpty }, timeout: 5),
                "a word nothing has says so on the prompt line:\n\(terminal.screen())")
        terminal.press("Escape")
        #expect(terminal.wait(for: { self.selected($0)?.contains("Plain post two") == true && self.listed($0).count == 8 && !$0.contains("search:") }, timeout: 5),
                "Escape puts the list back as it was, on the same article:\n\(terminal.screen())")

        terminal.type("/nothingmatchesthis")
        terminal.press("Enter")
        #expect(terminal.wait(for: { self.bottom($0).contains("No article matches") }, timeout: 5),
                "Enter on a search with no match says so in the status line:\n\(terminal.screen())")
        terminal.type("/harv")
        #expect(terminal.wait(for: { self.listed($0) == [Self.titles[2]] }, timeout: 5), "'/harv' lists the harvest post:\n\(terminal.screen())")
        terminal.press("Enter")
        #expect(terminal.wait(for: { $0.contains("search: harv") && $0.contains("1/1") && self.bottom($0).hasPrefix("? help") }, timeout: 5),
                "Enter keeps the match, counted, and gives the list its keys back:\n\(terminal.screen())")
        terminal.press("Enter")
        #expect(terminal.wait(for: { $0.contains("1 prev") && $0.contains("Paragraph 1 of harvest moon") }, timeout: 10),
                "Enter reads the match:\n\(terminal.screen())")
        terminal.type("q")
        #expect(terminal.wait(for: { $0.contains("search: harv") && self.bottom($0).hasPrefix("? help · q all") }, timeout: 5),
                "q goes back to the kept search, whose q puts the whole list back:\n\(terminal.screen())")
        terminal.type("q")
        #expect(terminal.wait(for: { !$0.contains("search:") && self.listed($0).count == 8 && self.bottom($0).hasPrefix("? help · q quit") }, timeout: 5),
                "q on the kept search puts the list before it back:\n\(terminal.screen())")
        terminal.type("q")
        #expect(atPrompt(terminal), "and q leaves:\n\(terminal.screen())")
    }

    /// The reader's first text line that is one of the article's paragraphs.
    private func firstParagraph(_ screen: String) -> String? {
        screen.split(separator: "\n").first { $0.hasPrefix("Paragraph ") }.map { String($0.prefix(14)) }
    }

    @Test("the reader reopens an article where it was left, after the view is left and opened again; with reader.remember-position off, at its top")
    func readerRemembersPosition() throws {
        let (journey, server) = try journey(paragraphs: 40)
        defer { server.stop() }
        let terminal = try journey.terminal(width: 100, height: 24)
        terminal.run("lector browse")
        #expect(terminal.wait(for: { self.selected($0)?.contains("Harbour lanterns") == true }, timeout: 10), "the list opens:\n\(terminal.screen())")
        terminal.press("Enter")
        #expect(terminal.wait(for: { self.firstParagraph($0) == "Paragraph 1 of" }, timeout: 10), "the reader opens at the top:\n\(terminal.screen())")
        terminal.press("PageDown")
        terminal.press("PageDown")
        #expect(terminal.wait(for: { self.firstParagraph($0).map { $0 != "Paragraph 1 of" } == true }, timeout: 5), "two pages down:\n\(terminal.screen())")
        let left = try #require(firstParagraph(terminal.screen()))
        terminal.type("q")
        #expect(terminal.wait(for: { self.selected($0) != nil }, timeout: 5), "q goes back to the list:\n\(terminal.screen())")
        terminal.type("j")
        terminal.press("Enter")
        #expect(terminal.wait(for: { $0.contains("Paragraph 1 of plain post one") }, timeout: 10), "another article opens at its top:\n\(terminal.screen())")
        terminal.type("q")
        terminal.type("q")
        #expect(atPrompt(terminal), "q, q leave:\n\(terminal.screen())")

        terminal.run("lector browse")
        #expect(terminal.wait(for: { self.selected($0)?.contains("Harbour lanterns") == true }, timeout: 10), "the list opens again:\n\(terminal.screen())")
        terminal.press("Enter")
        #expect(terminal.wait(for: { $0.contains("1 prev") && self.firstParagraph($0) == left }, timeout: 10),
                "the article reopens where it was left (\(left)):\n\(terminal.screen())")
        terminal.type("q")
        terminal.type("q")
        #expect(atPrompt(terminal), "q, q leave:\n\(terminal.screen())")

        try #require(try journey.shell("lector settings set reader.remember-position false").status == 0)
        terminal.run("lector browse")
        #expect(terminal.wait(for: { self.selected($0)?.contains("Harbour lanterns") == true }, timeout: 10), "the list opens again:\n\(terminal.screen())")
        terminal.press("Enter")
        #expect(terminal.wait(for: { $0.contains("1 prev") && self.firstParagraph($0) == "Paragraph 1 of" }, timeout: 10),
                "with the setting off the article opens at its top:\n\(terminal.screen())")
        terminal.type("q")
        terminal.type("q")
        #expect(atPrompt(terminal), "q, q leave:\n\(terminal.screen())")
    }

    @Test("with sync.mark-read-on-scroll on, the posts j moves past are marked read, not the one highlighted, and u puts the last back; off, moving marks nothing")
    func markReadOnScroll() throws {
        let (journey, server) = try journey()
        defer { server.stop() }
        try #require(try rows(journey).allSatisfy { $0.read == false }, "every post of a feed just added is unread")

        let terminal = try journey.terminal(width: 100, height: 30)
        terminal.run("lector browse")
        #expect(terminal.wait(for: { self.selected($0)?.contains("Harbour lanterns") == true }, timeout: 10), "the list opens:\n\(terminal.screen())")
        terminal.type("jjj")
        #expect(terminal.wait(for: { self.selected($0)?.contains("Plain post two") == true }, timeout: 5), "jjj:\n\(terminal.screen())")
        terminal.type("q")
        #expect(atPrompt(terminal), "q leaves:\n\(terminal.screen())")
        #expect(try rows(journey).allSatisfy { $0.read == false }, "off (the default), moving marks nothing")

        try #require(try journey.shell("lector settings set sync.mark-read-on-scroll true").status == 0)
        terminal.run("lector browse")
        #expect(terminal.wait(for: { self.selected($0)?.contains("Harbour lanterns") == true }, timeout: 10), "the list opens:\n\(terminal.screen())")
        terminal.type("jjj")
        #expect(terminal.wait(for: { self.selected($0)?.contains("Plain post two") == true }, timeout: 5), "jjj:\n\(terminal.screen())")
        terminal.type("k")
        #expect(terminal.wait(for: { self.selected($0)?.contains("Harvest moon") == true }, timeout: 5), "k:\n\(terminal.screen())")
        terminal.type("q")
        #expect(atPrompt(terminal), "q leaves:\n\(terminal.screen())")
        let after = try rows(journey)
        let read = Dictionary(uniqueKeysWithValues: after.map { ($0.title, $0.read == true) })
        #expect(read[Self.titles[0]] == true && read[Self.titles[1]] == true && read[Self.titles[2]] == true,
                "the three posts moved past are read: \(read)")
        #expect(read[Self.titles[3]] == false && read.filter(\.value).count == 3, "the one j landed on (and those below) stay unread: \(read)")

        terminal.run("lector browse")
        #expect(terminal.wait(for: { self.selected($0)?.contains("Harbour lanterns") == true }, timeout: 10), "the list opens:\n\(terminal.screen())")
        terminal.type("u")
        #expect(terminal.wait(for: { self.bottom($0).contains("Undid step") && self.bottom($0).contains("1 article(s) put back") }, timeout: 5), "u undoes the last mark:\n\(terminal.screen())")
        terminal.type("q")
        #expect(atPrompt(terminal), "q leaves:\n\(terminal.screen())")
        let undone = try rows(journey)
        #expect(undone.filter { $0.read == true }.count == 2 && undone.first { $0.title == Self.titles[2] }?.read == false,
                "undo put the last post moved past back to unread, as one step of the one mark verb: \(undone.map { ($0.title, $0.read) })")
    }
}
