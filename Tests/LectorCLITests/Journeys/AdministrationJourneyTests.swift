import Foundation
import LectorTestSupport
import Testing

/// Journeys through the administration commands: the installed `lector`, from PATH, in a real
/// terminal (tmux): `feed check --fix` asking about each repair, Ctrl-C at one of its questions,
/// `feed apply` printing its plan like a diff, `account copy --dry-run` printing its plan.
@Suite("Journeys: administering accounts in a real terminal", .serialized, .enabled(if: Journey.isInstalled, "LECTOR_JOURNEY_PREFIX names no installed lector: ./scripts/test.sh installs one into a temporary prefix"))
struct AdministrationJourneyTests {
    static func rss(_ title: String) -> String {
        "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>\(title)</title><item><title>one</title><guid>\(title)-1</guid>"
            + "<link>https://articles.example/\(title)</link><pubDate>\(HTTPDateFormat.format(Date().addingTimeInterval(-86_400)))</pubDate></item></channel></rss>"
    }

    /// Feeds on loopback: /ok.xml, /old.xml moved for good to /new.xml, /page.html a web page
    /// whose one feed is /page.atom, and /tools.xml.
    final class Feeds {
        let site = StaticSite()
        let server: LoopbackServer

        init() throws {
            server = try LoopbackServer(handler: site.handler)
            for name in ["ok", "new", "page", "tools"] {
                site.serve(name == "page" ? "/page.atom" : "/\(name).xml", text: AdministrationJourneyTests.rss(name), contentType: "application/rss+xml")
            }
            site.redirect("/old.xml", to: "/new.xml", status: 308)
            site.serve("/page.html", text: "<html><head><link rel=\"alternate\" type=\"application/rss+xml\" href=\"/page.atom\"></head></html>",
                       contentType: "text/html")
        }

        func url(_ path: String) -> String { server.url(path).absoluteString }
    }

    private func ok(_ journey: Journey, _ command: String) throws -> String {
        let result = try journey.shell(command)
        try #require(result.status == 0, "'\(command)' failed (\(result.status)): \(result.stderr)")
        return result.stdout
    }

    /// A local account "Mine" (the one in use) subscribed, through a newsboat urls file, to
    /// /ok.xml, /old.xml and /page.html: two repairs waiting (a move, a page's one feed).
    private func mineWithTwoRepairs(_ journey: Journey, _ feeds: Feeds) throws {
        let file = journey.home + "/mine.urls"
        try ["/ok.xml", "/old.xml", "/page.html"].map { "\(feeds.url($0)) \"~\($0.dropFirst())\"" }.joined(separator: "\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        _ = try ok(journey, "lector account add local --name Mine && lector account use Mine && lector feed apply '\(file)'")
    }

    /// The paths of the account's feeds, by what `feed list --json` says.
    private func feedPaths(_ journey: Journey, account: String = "Mine") throws -> Set<String> {
        let listed = try JSONSerialization.jsonObject(with: Data(try ok(journey, "lector feed list --account \(account) --json").utf8)) as? [[String: Any]] ?? []
        return Set(listed.compactMap { URL(string: $0["url"] as? String ?? "")?.path })
    }

    private func backAtShell(_ terminal: TmuxTerminal, timeout: Double = 10) -> Bool {
        terminal.wait(for: { $0.split(separator: "\n").last.map(String.init) == TmuxTerminal.prompt.trimmingCharacters(in: .whitespaces) }, timeout: timeout)
    }

    /// The screen's lines that ask a question, in order.
    private func questions(_ screen: String) -> [String] {
        screen.split(separator: "\n").map(String.init).filter { $0.contains("[y/N]") }
    }

    @Test("feed check --fix at a terminal asks about each repair: the one answered y is applied, the one answered n is not")
    func checkFixAsksPerRepair() throws {
        let journey = try Journey()
        let feeds = try Feeds()
        try mineWithTwoRepairs(journey, feeds)
        let terminal = try journey.terminal(width: 200, height: 40)
        terminal.run("lector feed check --fix")
        #expect(terminal.wait(for: { self.questions($0).count == 1 }, timeout: 15), "no question about the first repair:\n\(terminal.screen())")
        let first = questions(terminal.screen()).first ?? ""
        terminal.run("y")
        #expect(terminal.wait(for: { self.questions($0).count == 2 }, timeout: 5), "no question about the second repair:\n\(terminal.screen())")
        let second = questions(terminal.screen()).last ?? ""
        terminal.run("n")
        #expect(backAtShell(terminal), "feed check --fix never finished:\n\(terminal.screen())")
        let screen = terminal.screen()
        #expect(screen.contains("Repairs:") && screen.contains("Applied 1 of 1 step(s) to 'Mine'."),
                "the screen should list the repairs, then say the one chosen was applied:\n\(screen)")
        let movedFirst = first.contains("old.xml")
        #expect(movedFirst ? second.contains("page.html") : (first.contains("page.html") && second.contains("old.xml")),
                "the two questions should name the moved feed and the page, one each: '\(first)' / '\(second)'")
        let expected: Set<String> = movedFirst ? ["/ok.xml", "/new.xml", "/page.html"] : ["/ok.xml", "/old.xml", "/page.atom"]
        #expect(try feedPaths(journey) == expected, "only the repair answered y should be applied (first question: '\(first)')")
    }

    @Test("Ctrl-C at a repair question in the REPL says Cancelled. and applies nothing, not even a repair already answered y")
    func ctrlCAtRepairQuestion() throws {
        let journey = try Journey()
        let feeds = try Feeds()
        try mineWithTwoRepairs(journey, feeds)
        // No sync at launch: it would fetch the same feeds while the check asks them.
        _ = try ok(journey, "lector settings set sync.on-launch false")
        let terminal = try journey.terminal(width: 200, height: 40)
        try Journey.startREPL(in: terminal)
        terminal.run("feed check --fix")
        #expect(terminal.wait(for: { self.questions($0).count == 1 }, timeout: 15), "no question about the first repair:\n\(terminal.screen())")
        terminal.run("y")
        #expect(terminal.wait(for: { self.questions($0).count == 2 }, timeout: 5), "no question about the second repair:\n\(terminal.screen())")
        terminal.press("C-c")
        #expect(terminal.wait(for: { $0.contains("Cancelled.") && terminal.lastLine().hasPrefix("lector (") }, timeout: 3),
                "Ctrl-C at the question did not give 'Cancelled.' and a fresh prompt:\n\(terminal.screen())")
        #expect(!terminal.screen().contains("Applied"), "nothing may be applied after Ctrl-C:\n\(terminal.screen())")
        #expect(Journey.replStillWorks(terminal), "the REPL stopped answering:\n\(terminal.screen())")
        #expect(try feedPaths(journey) == ["/ok.xml", "/old.xml", "/page.html"], "Ctrl-C must leave every feed where it was")
    }

    @Test("feed apply FILE at a terminal prints its plan like a diff (+, ~, -) and applies it; --prune asks before unsubscribing (n changes nothing); the same file again changes nothing")
    func applyShowsThePlan() throws {
        let journey = try Journey()
        let feeds = try Feeds()
        _ = try ok(journey, "lector account add local --name Mine && lector account use Mine")
        let file = journey.home + "/feeds.opml"
        func opml(_ body: String) throws {
            try "<?xml version=\"1.0\"?><opml version=\"2.0\"><head><title>mine</title></head><body>\(body)</body></opml>"
                .write(toFile: file, atomically: true, encoding: .utf8)
        }
        try opml("<outline text=\"Work\"><outline type=\"rss\" text=\"Tools\" xmlUrl=\"\(feeds.url("/tools.xml"))\"/></outline>"
                 + "<outline text=\"Play\"><outline type=\"rss\" text=\"Fine\" xmlUrl=\"\(feeds.url("/ok.xml"))\"/></outline>")
        let terminal = try journey.terminal(width: 200, height: 40)
        terminal.run("lector feed apply '\(file)'")
        #expect(backAtShell(terminal), "feed apply never finished:\n\(terminal.screen())")
        var screen = terminal.screen()
        for line in ["+ folder Work", "+ folder Play", "+ feed \(feeds.url("/tools.xml")) 'Tools' in Work", "+ feed \(feeds.url("/ok.xml")) 'Fine' in Play",
                     "Applied 4 of 4 step(s) to 'Mine'."] {
            #expect(screen.contains(line), "the screen lacks '\(line)':\n\(screen)")
        }
        #expect(try feedPaths(journey) == ["/tools.xml", "/ok.xml"], "the file's two feeds should be subscribed")

        // Tools moves to Play under a new title; Fine leaves the file: with --prune it goes, and Work with it.
        try opml("<outline text=\"Play\"><outline type=\"rss\" text=\"Tool Shed\" xmlUrl=\"\(feeds.url("/tools.xml"))\"/></outline>")
        terminal.run("clear && lector feed apply --prune '\(file)'")
        #expect(terminal.wait(for: { $0.contains("Unsubscribe 1 feed(s) of 'Mine' and delete their articles? [y/N]") }, timeout: 10),
                "a plan that unsubscribes asks first:\n\(terminal.screen())")
        terminal.run("n")
        #expect(backAtShell(terminal) && terminal.screen().contains("Nothing changed."), "answering no changes nothing:\n\(terminal.screen())")
        #expect(try feedPaths(journey) == ["/tools.xml", "/ok.xml"], "no feed was unsubscribed after 'n'")
        terminal.run("clear && lector feed apply --prune '\(file)'")
        #expect(terminal.wait(for: { $0.contains("[y/N]") }, timeout: 10), "the question again:\n\(terminal.screen())")
        terminal.run("y")
        #expect(backAtShell(terminal), "feed apply --prune never finished:\n\(terminal.screen())")
        screen = terminal.screen()
        for line in ["~ feed 'Tools': move from Work to Play", "~ feed 'Tools' <\(feeds.url("/tools.xml"))>: rename to 'Tool Shed'",
                     "- feed 'Fine' <\(feeds.url("/ok.xml"))>", "- folder Work"] {
            #expect(screen.contains(line), "the screen lacks '\(line)':\n\(screen)")
        }
        let listed = try JSONSerialization.jsonObject(with: Data(try ok(journey, "lector feed list --json").utf8)) as? [[String: Any]] ?? []
        #expect(listed.map { "\($0["title"] ?? "") in \($0["folder"] ?? "-")" } == ["Tool Shed in Play"], "after the second apply: \(listed)")

        terminal.run("clear && lector feed apply --prune '\(file)'")
        #expect(backAtShell(terminal), "the third feed apply never finished:\n\(terminal.screen())")
        #expect(terminal.screen().contains("Nothing to change: 'Mine' matches"), "the same file again should plan nothing:\n\(terminal.screen())")
    }

    @Test("account copy --dry-run at a terminal prints the plan and changes nothing in either account")
    func copyDryRunShowsThePlan() throws {
        let journey = try Journey()
        let feeds = try Feeds()
        let file = journey.home + "/source.opml"
        try ("<?xml version=\"1.0\"?><opml version=\"2.0\"><head><title>source</title></head><body>"
             + "<outline text=\"Work\"><outline type=\"rss\" text=\"Tools\" xmlUrl=\"\(feeds.url("/tools.xml"))\"/></outline>"
             + "<outline type=\"rss\" text=\"Fine\" xmlUrl=\"\(feeds.url("/ok.xml"))\"/></body></opml>").write(toFile: file, atomically: true, encoding: .utf8)
        _ = try ok(journey, "lector account add local --name Source && lector account add local --name Dest && lector feed apply --account Source '\(file)'")
        let terminal = try journey.terminal(width: 200, height: 40)
        terminal.run("lector account copy Source Dest --dry-run")
        #expect(backAtShell(terminal), "account copy --dry-run never finished:\n\(terminal.screen())")
        let screen = terminal.screen()
        for line in ["+ folder Work", "+ feed \(feeds.url("/tools.xml")) 'Tools' in Work", "+ feed \(feeds.url("/ok.xml")) 'Fine'"] {
            #expect(screen.contains(line), "the plan on the screen lacks '\(line)':\n\(screen)")
        }
        #expect(!screen.contains("Applied"), "a dry run applies nothing:\n\(screen)")
        #expect(try feedPaths(journey, account: "Dest").isEmpty, "the dry run subscribed Dest to something")
        #expect(try feedPaths(journey, account: "Source") == ["/tools.xml", "/ok.xml"], "the dry run changed Source")
    }
}
