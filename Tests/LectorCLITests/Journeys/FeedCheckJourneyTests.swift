import Foundation
import LectorTestSupport
import Testing

/// `feed check` where a person meets it: the installed `lector` in a real terminal (tmux). The
/// table gives the feed's title the width and wraps the findings under it; a repair that would
/// carry a feed's login to another origin asks about that in so many words.
@Suite("Journeys: feed check at a terminal", .serialized,
       .enabled(if: Journey.isInstalled, "LECTOR_JOURNEY_PREFIX names no installed lector: ./scripts/test.sh installs one into a temporary prefix"),
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct FeedCheckJourneyTests {
    private static func backAtShell(_ terminal: TmuxTerminal, timeout: Double = 15) -> Bool {
        terminal.wait(for: { $0.split(separator: "\n").last.map(String.init) == TmuxTerminal.prompt.trimmingCharacters(in: .whitespaces) }, timeout: timeout)
    }

    @Test("at 80 columns the long title is whole on its row and the finding wraps under it; the next check is asked, not 'fetched within the floor'")
    func tableAtEightyColumns() throws {
        let site = StaticSite()
        site.serve("/feed.xml", text: FeedCheckCommandTests.rss("notes"), contentType: "application/rss+xml")
        let server = try LoopbackServer(handler: site.handler)
        defer { server.stop() }
        let journey = try Journey()
        let title = "Field Notes from the Northern Observatory, Annotated"
        let added = try journey.shell("lector account add local --name Mine && lector feed add '\(server.url("/feed.xml"))' --title '\(title)'")
        try #require(added.status == 0, "setup failed: \(added.stderr)")
        site.redirect("/feed.xml", to: "/a/much/longer/address/where/the/observatory/keeps/its/notes/now.xml", status: 301)
        let terminal = try journey.terminal(width: 80, height: 30)
        terminal.run("lector feed check")
        #expect(Self.backAtShell(terminal), "feed check never finished:\n\(terminal.screen())")
        let lines = terminal.screen().split(separator: "\n").map(String.init)
        let row = lines.firstIndex { $0.contains(title) }
        #expect(row != nil, "the title should be whole on its row at 80 columns:\n\(lines.joined(separator: "\n"))")
        if let row {
            #expect(!lines[row].contains("moved"), "the finding should wrap under the row:\n\(lines.joined(separator: "\n"))")
            #expect(lines[(row + 1)...].prefix(3).joined(separator: " ").contains("moved for good to"), "no finding under the row:\n\(lines.joined(separator: "\n"))")
        }
    }

    @Test("a repair carrying a feed's login to another origin asks about it naming both origins; n leaves the feed and its login where they are")
    func loginMoveAsksExplicitly() throws {
        let (home, elsewhere) = try FeedCheckCommandTests.movingLoginFeed { _, elsewhere in elsewhere.url("/feed.xml").absoluteString }
        defer { home.stop(); elsewhere.stop() }
        let journey = try Journey()
        let bus = Journey.keyringEnvironment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let added = try journey.shell("export \(bus); lector account add local --name Mine && "
                                      + "echo pw | lector feed add '\(home.url("/members.xml"))' --login alice --password-stdin --title Members")
        try #require(added.status == 0, "setup failed: \(added.stderr)")
        let terminal = try journey.terminal(width: 200, height: 40, extra: Journey.keyringEnvironment)
        terminal.run("lector feed check --fix")
        let (from, to) = (FeedCheckCommandTests.origin(home), FeedCheckCommandTests.origin(elsewhere))
        #expect(terminal.wait(for: { $0.contains("[y/N]") }, timeout: 15), "no question:\n\(terminal.screen())")
        // The question is longer than the terminal is wide: tmux wraps it, so its lines are joined again.
        let screen = terminal.screen().split(separator: "\n").joined()
        #expect(screen.contains("would go from \(from) to \(to): move it, and send its login to \(to)? [y/N]"),
                "the question should name both origins and ask about the login:\n\(terminal.screen())")
        terminal.run("n")
        #expect(Self.backAtShell(terminal), "feed check --fix never finished:\n\(terminal.screen())")
        let listed = try journey.shell("export \(bus); lector feed list --json")
        #expect(listed.stdout.contains(home.url("/members.xml").absoluteString), "answered n, the feed must stay: \(listed.stdout)")
        _ = try journey.shell("export \(bus); lector feed remove Members --yes")
    }

    @Test("in the REPL a feed check longer than the screen waits in the pager at its header; q returns to the prompt")
    func longReportPagesInTheREPL() throws {
        let site = StaticSite()
        for number in 1...25 {
            site.serve("/feed\(number).xml", text: FeedCheckCommandTests.rss("notes \(number)"), contentType: "application/rss+xml")
        }
        let server = try LoopbackServer(handler: site.handler)
        defer { server.stop() }
        let journey = try Journey()
        let urls = (1...25).map { server.url("/feed\($0).xml").absoluteString + "\n" }.joined()
        try urls.write(toFile: journey.home + "/many.urls", atomically: true, encoding: .utf8)
        let added = try journey.shell("lector account add local --name Mine && lector opml import '\(journey.home)/many.urls'")
        try #require(added.status == 0, "setup failed: \(added.stderr)")
        let terminal = try journey.terminal(width: 100, height: 15)
        try Journey.startREPL(in: terminal)
        terminal.run("feed check")
        #expect(terminal.wait(for: { $0.contains("LAST OK") }, timeout: 20), "the report's header scrolled away instead of paging:\n\(terminal.screen())")
        #expect(!terminal.lastLine().hasPrefix("lector ("), "a 25-feed report is longer than the screen and should wait in the pager:\n\(terminal.screen())")
        terminal.press("q")
        #expect(terminal.wait(for: { $0.split(separator: "\n").last?.hasPrefix("lector (") == true }, timeout: 5),
                "q did not return to the prompt:\n\(terminal.screen())")
        #expect(Journey.replStillWorks(terminal))
    }
}
