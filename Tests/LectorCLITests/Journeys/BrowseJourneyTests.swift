import Foundation
import Testing

/// `lector browse` in a real terminal: the installed binary in tmux, driven by keys, with
/// assertions on the screen and on the store (read back with `article list --json`).
@Suite("Journeys: lector browse", .serialized, .enabled(if: Journey.isInstalled, "LECTOR_JOURNEY_PREFIX names no installed lector: ./scripts/test.sh installs one into a temporary prefix"))
struct BrowseJourneyTests: BrowseScreenReading, BrowseStoreReading {
    struct Row: Decodable {
        let id: Int64
        let title: String
        let read: Bool?
        let starred: Bool
    }

    /// The start of a title as a row shows it, short enough not to be cut.
    private func head(_ title: String) -> String { String(title.prefix(12)) }

    @Test("move, star with s, a swipe with →, read with Enter, a dock key, resize, Ctrl-Z and fg, quit: the screen and the store follow")
    func browseJourney() throws {
        let journey = try Journey()
        let before = try rows(journey)
        try #require(before.count >= 4, "the demo library has articles: \(before.count)")
        let terminal = try journey.terminal(width: 100, height: 30)
        terminal.run("lector browse")
        #expect(terminal.wait(for: { $0.contains("lector browse · all accounts") && self.selected($0)?.contains(self.head(before[0].title)) == true }, timeout: 10),
                "the list opens on the first article:\n\(terminal.screen())")
        // Waited for, not read at once: the frame's last row may still be on its way to the screen.
        #expect(terminal.wait(for: { $0.contains("? help") }, timeout: 5), "the one-line help is at the bottom:\n\(terminal.screen())")

        terminal.type("j")
        #expect(terminal.wait(for: { self.selected($0)?.contains(self.head(before[1].title)) == true }, timeout: 5),
                "j moves to the second article:\n\(terminal.screen())")
        terminal.type("s")
        #expect(terminal.wait(for: { $0.contains("Starred.") }, timeout: 5), "s stars it:\n\(terminal.screen())")
        terminal.type("j")
        terminal.press("Right")
        #expect(terminal.wait(for: { $0.contains("Starred.") && self.selected($0)?.contains(self.head(before[2].title)) == true }, timeout: 5),
                "→ does the first trailing swipe action (toggle-star) on the third:\n\(terminal.screen())")

        terminal.press("Enter")
        #expect(terminal.wait(for: { $0.contains(self.head(before[2].title)) && $0.contains("1 prev") && $0.contains("3 unstar") }, timeout: 10),
                "Enter reads it, with the dock as numbered keys:\n\(terminal.screen())")
        terminal.type("3")
        #expect(terminal.wait(for: { $0.contains("Star removed.") && $0.contains("3 star") }, timeout: 5),
                "dock key 3 (toggle-star) takes the star away again:\n\(terminal.screen())")

        terminal.resize(width: 60, height: 20)
        #expect(terminal.wait(for: { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count >= 19 && lines.allSatisfy { $0.count <= 60 } && lines.dropLast().last?.contains("1 prev") == true
        }, timeout: 5), "after the resize the reader is drawn again to 60×20, the dock above the last line:\n\(terminal.screen())")

        terminal.press("C-z")
        #expect(terminal.wait(for: { $0.contains("Stopped") && $0.hasSuffix("JOURNEY$") }, timeout: 5),
                "Ctrl-Z suspends to the shell, the screen given back:\n\(terminal.screen())")
        terminal.run("fg")
        #expect(terminal.wait(for: { $0.contains("1 prev") && $0.contains(self.head(before[2].title)) }, timeout: 5),
                "fg brings the reader back, drawn again:\n\(terminal.screen())")

        terminal.type("q")
        #expect(terminal.wait(for: { self.selected($0) != nil && $0.contains("lector browse ·") }, timeout: 5), "q goes back to the list:\n\(terminal.screen())")
        terminal.type("q")
        #expect(atPrompt(terminal), "q on the list leaves, back at the shell:\n\(terminal.screen())")
        #expect(!terminal.screen().contains("lector browse ·"), "the main screen is back as it was:\n\(terminal.screen())")

        let after = try rows(journey)
        let byID = Dictionary(uniqueKeysWithValues: after.map { ($0.id, $0) })
        #expect(byID[before[1].id]?.starred == true, "s starred the second article in the store")
        #expect(byID[before[2].id]?.starred == before[2].starred, "→ then dock 3 leave the third's star as it was")
        #expect(byID[before[2].id]?.read == true, "reading the third marked it read")
        #expect(byID[before[0].id]?.starred == before[0].starred && byID[before[0].id]?.read == before[0].read, "the first is untouched")
    }

    @Test("a key rewrites only the rows it changed (text written on another row from outside stays); Ctrl-L draws the whole screen again")
    func onlyChangedRowsAreDrawn() throws {
        let journey = try Journey()
        let before = try rows(journey)
        let terminal = try journey.terminal(width: 100, height: 30)
        terminal.run("lector browse")
        #expect(terminal.wait(for: { self.selected($0)?.contains(self.head(before[0].title)) == true }, timeout: 10),
                "the list opens on the first article:\n\(terminal.screen())")
        // Row 12 is a list row the highlight's move from the first row to the second leaves alone.
        try terminal.writeFromOutside("\u{1b}[12;70HSTRAY-MARK")
        #expect(terminal.wait(for: { $0.contains("STRAY-MARK") }, timeout: 5), "the stray text is on the screen:\n\(terminal.screen())")
        terminal.type("j")
        #expect(terminal.wait(for: { self.selected($0)?.contains(self.head(before[1].title)) == true }, timeout: 5),
                "j moves to the second article:\n\(terminal.screen())")
        #expect(terminal.screen().contains("STRAY-MARK"), "j rewrote only the two rows whose highlight changed:\n\(terminal.screen())")
        terminal.press("C-l")
        #expect(terminal.wait(for: { !$0.contains("STRAY-MARK") && self.selected($0)?.contains(self.head(before[1].title)) == true }, timeout: 5),
                "Ctrl-L draws every row again, the stray text gone:\n\(terminal.screen())")
        terminal.type("q")
        #expect(atPrompt(terminal), "q leaves:\n\(terminal.screen())")
    }

    @Test("keys typed after q in the same burst are the shell's: browse leaves and the shell runs the line typed ahead")
    func typedAheadAfterQuit() throws {
        let journey = try Journey()
        let terminal = try journey.terminal(width: 100, height: 30)
        terminal.run("lector browse")
        #expect(terminal.wait(for: { $0.contains("lector browse · all accounts") && self.selected($0) != nil }, timeout: 10),
                "the list opens:\n\(terminal.screen())")
        // One write to the terminal: q, then a command line and its Enter, as a fast typist sends them.
        terminal.type("qecho typed-ahead-$((40+2))\r")
        #expect(terminal.wait(for: { $0.contains("typed-ahead-42") }, timeout: 10),
                "the shell got what was typed after q and ran it:\n\(terminal.screen())")
        #expect(!terminal.screen().contains("lector browse ·"), "the main screen is back:\n\(terminal.screen())")
    }

    @Test("browse --where shows only what the filter matches: the starred articles alone for 'starred'")
    func browseWhere() throws {
        let journey = try Journey()
        let before = try rows(journey)
        let starred = before.filter(\.starred), others = before.filter { !$0.starred }
        try #require(!starred.isEmpty && !others.isEmpty, "the demo library holds starred and unstarred articles")
        let terminal = try journey.terminal(width: 100, height: 30)
        terminal.run("lector browse --where starred")
        #expect(terminal.wait(for: { self.selected($0) != nil }, timeout: 10), "the list opens:\n\(terminal.screen())")
        let screen = terminal.screen()
        #expect(screen.contains("where starred"), "the first line names the filter:\n\(screen)")
        #expect(starred.allSatisfy { screen.contains(head($0.title)) }, "every starred article is listed:\n\(screen)")
        #expect(!others.contains { screen.contains(head($0.title)) }, "no unstarred article is listed:\n\(screen)")
        let unread = starred.filter { $0.read == false }.count
        #expect(screen.contains("· \(unread) unread · \(starred.count) starred · 1/\(starred.count)"),
                "the counts on top are the filter's (\(unread) unread of \(starred.count)), not the library's:\n\(screen)")
        terminal.type("q")
        #expect(atPrompt(terminal), "q leaves:\n\(terminal.screen())")
    }

    @Test("keys changed in settings take effect: the star on x, s then does nothing")
    func changedKeys() throws {
        let journey = try Journey()
        let set = try journey.shell("lector settings set keys.toggle-star x")
        try #require(set.status == 0, "settings set failed: \(set.stderr)")
        let before = try rows(journey)
        let terminal = try journey.terminal(width: 100, height: 30)
        terminal.run("lector browse")
        #expect(terminal.wait(for: { self.selected($0) != nil }, timeout: 10), "the list opens:\n\(terminal.screen())")
        #expect(terminal.wait(for: { $0.contains("x star") }, timeout: 5), "the help line names the key set:\n\(terminal.screen())")
        terminal.type("s")
        terminal.type("x")
        #expect(terminal.wait(for: { $0.contains(before[0].starred ? "Star removed." : "Starred.") }, timeout: 5), "x toggles the star:\n\(terminal.screen())")
        terminal.type("q")
        #expect(atPrompt(terminal), "q leaves:\n\(terminal.screen())")
        let after = try rows(journey)
        #expect(after.first { $0.id == before[0].id }?.starred == !before[0].starred, "one toggle in the store: s did nothing, x did")
    }

    @Test("A marks what is shown read after y; n goes to the next unread; Ctrl-C leaves with the terminal restored")
    func markShownAndNextUnread() throws {
        let journey = try Journey()
        let before = try rows(journey)
        let unread = before.filter { $0.read == false }
        try #require(unread.count >= 2, "the demo has unread articles: \(unread.count)")
        let terminal = try journey.terminal(width: 100, height: 30)
        terminal.run("lector browse")
        #expect(terminal.wait(for: { self.selected($0) != nil }, timeout: 10), "the list opens:\n\(terminal.screen())")
        if before[0].read != false { terminal.type("n") }
        #expect(terminal.wait(for: { self.selected($0)?.contains(self.head(unread[0].title)) == true }, timeout: 5),
                "at the first unread article:\n\(terminal.screen())")
        terminal.type("n")
        #expect(terminal.wait(for: { self.selected($0)?.contains(self.head(unread[1].title)) == true }, timeout: 5),
                "n goes to the next unread one:\n\(terminal.screen())")
        terminal.type("A")
        #expect(terminal.wait(for: { $0.contains("read? y/n") }, timeout: 5), "A asks first:\n\(terminal.screen())")
        terminal.type("y")
        #expect(terminal.wait(for: { $0.contains("article(s) marked read.") && $0.contains("· 0 unread") }, timeout: 5),
                "then marks everything read:\n\(terminal.screen())")
        terminal.press("C-c")
        #expect(atPrompt(terminal), "Ctrl-C leaves:\n\(terminal.screen())")
        terminal.run("stty -a | tr ' ' '\\n' | grep -x -e echo -e icanon -e isig | sort | tr '\\n' ' '; echo")
        #expect(terminal.wait(for: { $0.contains("echo icanon isig") }, timeout: 5), "the terminal's modes are back:\n\(terminal.screen())")
        #expect(try rows(journey).allSatisfy { $0.read != false }, "every article is read in the store")
    }

    @Test("browse in the REPL: the view, a star, q back to a REPL that still works")
    func browseInTheREPL() throws {
        let journey = try Journey()
        let before = try rows(journey)
        let terminal = try journey.terminal(width: 100, height: 30)
        try Journey.startREPL(in: terminal)
        terminal.run("browse")
        #expect(terminal.wait(for: { self.selected($0) != nil && $0.contains("lector browse ·") }, timeout: 10), "the view opens:\n\(terminal.screen())")
        terminal.type("s")
        #expect(terminal.wait(for: { $0.contains(before[0].starred ? "Star removed." : "Starred.") }, timeout: 5), "s toggles the star:\n\(terminal.screen())")
        terminal.type("q")
        // Keys typed before the view has gone are the view's: wait for the prompt, as a person would.
        #expect(terminal.wait(for: { !$0.contains("lector browse ·") && $0.split(separator: "\n").last?.hasPrefix("lector (") == true }, timeout: 5),
                "q leaves the view for the REPL's prompt:\n\(terminal.screen())")
        #expect(Journey.replStillWorks(terminal), "back at the REPL's prompt, which answers:\n\(terminal.screen())")
        #expect(try rows(journey).first { $0.id == before[0].id }?.starred == !before[0].starred, "the star is in the store")
    }

    @Test("SIGTERM or SIGINT sent from elsewhere ends the view with the terminal given back (main screen, modes)")
    func signalsFromElsewhere() throws {
        let journey = try Journey()
        let terminal = try journey.terminal(width: 100, height: 30)
        for signal in [SIGTERM, SIGINT] {
            terminal.run("lector browse")
            #expect(terminal.wait(for: { self.selected($0) != nil }, timeout: 10), "the view opens:\n\(terminal.screen())")
            let pid = try #require(terminal.childPID(named: "lector"), "no lector process under the shell")
            kill(pid, signal)
            #expect(atPrompt(terminal), "signal \(signal) ends the view, back at the shell:\n\(terminal.screen())")
            #expect(!terminal.screen().contains("lector browse ·"), "the main screen is back:\n\(terminal.screen())")
        }
        terminal.run("clear; stty -a | tr ' ' '\\n' | grep -x -e echo -e icanon -e isig | sort | tr '\\n' ' '; echo")
        #expect(terminal.wait(for: { $0.contains("echo icanon isig") }, timeout: 5), "the terminal's modes are back:\n\(terminal.screen())")
    }

    @Test("? shows every key; L's menu picks the second trailing action (reading list); o gives the link; / searches and an empty search shows all again")
    func helpMenuOpenSearch() throws {
        let journey = try Journey()
        let before = try rows(journey)
        let terminal = try journey.terminal(width: 100, height: 40)
        terminal.run("lector browse")
        #expect(terminal.wait(for: { self.selected($0) != nil }, timeout: 10), "the list opens:\n\(terminal.screen())")
        terminal.type("?")
        #expect(terminal.wait(for: { $0.contains("lector browse — keys") && $0.contains("next unread article, across feeds and folders") }, timeout: 5),
                "? shows the keys:\n\(terminal.screen())")
        terminal.type(" ")
        terminal.type("L")
        #expect(terminal.wait(for: { $0.contains("trailing swipe: 1 toggle-star  2 reading-list") }, timeout: 5), "L shows the trailing actions:\n\(terminal.screen())")
        terminal.type("2")
        #expect(terminal.wait(for: { $0.contains("Saved 1 article(s) for later.") }, timeout: 5), "2 saves the article for later:\n\(terminal.screen())")
        terminal.type("o")
        #expect(terminal.wait(for: { $0.contains("https://demo.lector.invalid/") }, timeout: 5), "o gives the link (no display to open it on):\n\(terminal.screen())")
        terminal.type("/tide")
        terminal.press("Enter")
        #expect(terminal.wait(for: { $0.contains("search: tide") && self.selected($0)?.contains("tide") == true }, timeout: 5), "/ searches:\n\(terminal.screen())")
        terminal.type("/")
        terminal.press("Enter")
        #expect(terminal.wait(for: { !$0.contains("search: tide") && $0.contains("1/\(before.count)") }, timeout: 5), "an empty search shows the whole list:\n\(terminal.screen())")
        terminal.type("q")
        #expect(atPrompt(terminal), "q leaves:\n\(terminal.screen())")
        let saved = try journey.shell("lector reading-list list").stdout
        #expect(saved.contains(before[0].title), "the first article is on the reading list: \(saved)")
        #expect(try rows(journey).first { $0.id == before[0].id }?.read == true, "opening its link marked it read, as article open does")
    }
}
