import Foundation
import Testing
import LectorTestSupport

/// First-hour frictions where a terminal is involved (issue 41): the installed binary from PATH
/// in tmux. A REPL that starts quietly when its launch sync had nothing to do; `R` in a browse of
/// one account syncs that account alone; a preview keeps a full stop with the word an inline tag
/// closed.
@Suite("Journeys: the first hour", .serialized, .enabled(if: Journey.isInstalled, "LECTOR_JOURNEY_PREFIX names no installed lector: ./scripts/test.sh installs one into a temporary prefix"))
struct FirstHourJourneyTests {
    /// Two feeds on a loopback site; the first's entry ends in an inline link and a full stop.
    final class Site {
        let site = StaticSite()
        let server: LoopbackServer

        init() throws {
            server = try LoopbackServer(handler: site.handler)
            for (path, title, entry) in [("/home.xml", "Home Notes", "Kettle on"), ("/work.xml", "Work Notes", "Standup moved")] {
                site.serve(path, text: """
                    <?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>\(title)</title><link>/</link>
                    <item><guid>\(path)-1</guid><title>\(entry)</title><link>\(path)/1</link>
                    <content:encoded xmlns:content="http://purl.org/rss/1.0/modules/content/">&lt;p&gt;Short note. Read the full &lt;a href="/x"&gt;post&lt;/a&gt;. Then &lt;em&gt;more&lt;/em&gt;, later.&lt;/p&gt;</content:encoded>
                    <pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate></item>
                    </channel></rss>
                    """, contentType: "application/rss+xml")
            }
        }

        func url(_ path: String) -> String { server.url(path).absoluteString }
    }

    /// Local accounts "Home" (the default) and "Work", each subscribed to its feed.
    private func twoAccounts(_ journey: Journey, _ site: Site) throws {
        for command in ["lector account add local --name Home", "lector account use Home", "lector feed add '\(site.url("/home.xml"))'",
                        "lector account add local --name Work", "lector feed add '\(site.url("/work.xml"))' --account Work"] {
            let result = try journey.shell(command)
            try #require(result.status == 0, "'\(command)' failed: \(result.stderr)")
        }
    }

    private func atREPLPrompt(_ terminal: TmuxTerminal) -> Bool {
        terminal.wait(for: { $0.split(separator: "\n").last?.hasPrefix("lector (") == true }, timeout: 10)
    }

    @Test("a REPL started again right after a sync starts quietly: no 'sync: skipped' line")
    func quietREPLStart() throws {
        let journey = try Journey()
        let site = try Site()
        try twoAccounts(journey, site)
        try #require(try journey.shell("lector sync").status == 0)
        let terminal = try journey.terminal(width: 120)
        try Journey.startREPL(in: terminal)
        // The launch sync runs in a child and reports when it ends: give it time, then make the
        // REPL draw again (the report is printed above the prompt when it comes).
        Thread.sleep(forTimeInterval: 4)
        #expect(Journey.replStillWorks(terminal))
        let screen = terminal.screen()
        #expect(!screen.contains("sync: skipped") && !screen.contains("synced recently"), "the REPL's start said a sync was skipped:\n\(screen)")
    }

    @Test("R in browse --account Work syncs Work alone, not every account")
    func browseSyncKeyScoped() throws {
        let journey = try Journey()
        let site = try Site()
        try twoAccounts(journey, site)
        let terminal = try journey.terminal(width: 100, height: 30)
        terminal.run("lector browse --account Work")
        #expect(terminal.wait(for: { $0.contains("lector browse · account Work") }, timeout: 10), "browse never drew:\n\(terminal.screen())")
        terminal.press("R")
        #expect(terminal.wait(for: { $0.contains("Press a key to go back") }, timeout: 20), "the sync never ended:\n\(terminal.screen())")
        let screen = terminal.screen()
        #expect(screen.contains("Work"), "the sync names Work:\n\(screen)")
        #expect(!screen.contains("Home"), "R in a browse of Work synced Home too:\n\(screen)")
        terminal.press("x")
        terminal.press("q")
    }

    @Test("an article list preview keeps a full stop with the word an inline link closed: 'full post.', not 'full post .'")
    func previewKeepsPunctuation() throws {
        let journey = try Journey()
        let site = try Site()
        try twoAccounts(journey, site)
        let terminal = try journey.terminal(width: 120)
        terminal.run("lector article list --account Home")
        #expect(terminal.wait(for: { $0.contains("Kettle on") && $0.contains("Short note") }, timeout: 10), "no preview:\n\(terminal.screen())")
        let screen = terminal.screen()
        #expect(screen.contains("Read the full post. Then more, later."), "the preview's punctuation:\n\(screen)")
        #expect(!screen.contains("post .") && !screen.contains("more ,"), "a space before punctuation:\n\(screen)")
    }
}
