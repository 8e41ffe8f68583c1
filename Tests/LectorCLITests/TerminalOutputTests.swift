import Foundation
import LectorSettings
import Testing
@testable import LectorCLI

/// Tables for people and for pipes, the pager choice, and the reader dock as REPL words.
@Suite("Terminal output: tables, pager, dock")
struct TerminalOutputTests {
    private func articleTable() -> TextTable {
        var table = TextTable(["#", "DATE", "FEED", "TITLE", "MIN"], flexibleColumn: 3)
        table.add(["1", "2026-11-30", "Field Notes from the Northern Observatory", "A clear night at last, and four hours on the spiral galaxy", "1"])
        table.add(["2", "2026-11-30", "Tide Tables", "Reading a tide table", "2"])
        return table
    }

    @Test("at 80 columns the title gets the width first: the feed gives way before the title is cut")
    func titleFirst() {
        let widths = articleTable().fittedWidths(80)
        #expect(widths[2] == TextTable.columnFloor, "the feed column gives way to its floor before the title is cut: \(widths)")
        #expect(widths[3] >= 40, "the title keeps most of the width: \(widths)")
        let rendered = articleTable().render(width: 80)
        #expect(rendered.split(separator: "\n").allSatisfy { $0.count <= 80 }, "a line is wider than 80:\n\(rendered)")
    }

    @Test("when even the floors do not fit, the title is cut last")
    func titleCutLast() {
        let widths = articleTable().fittedWidths(50)
        #expect(widths[2] == TextTable.columnFloor, "the feed should be at its floor first: \(widths)")
        #expect(widths[3] < 58 && widths[3] >= 8)
    }

    @Test("a whole column (setting keys) is never cut")
    func wholeColumnStays() {
        var table = TextTable(["", "KEY", "VALUE", "DEFAULT"], flexibleColumn: 2, wholeColumns: [1])
        table.add(["*", "list.confirm-mark-all-read", String(repeating: "long value ", count: 10), String(repeating: "long default ", count: 10)])
        #expect(table.render(width: 80).contains("list.confirm-mark-all-read"))
    }

    @Test("plain tables are tab-separated, headerless and never cut")
    func plainTable() {
        let plain = articleTable().renderPlain()
        #expect(plain == "1\t2026-11-30\tField Notes from the Northern Observatory\tA clear night at last, and four hours on the spiral galaxy\t1\n"
                + "2\t2026-11-30\tTide Tables\tReading a tide table\t2")
    }

    @Test("off a terminal, list commands print whole titles (the runner sees stdout is not a terminal)")
    func listsOffTerminalAreWhole() throws {
        let home = TestHome()
        try home.addFeed(title: "The Observatory at the Edge of the Long Northern Night Sky Survey, Annotated")
        let output = try home.run("feed", "list")
        #expect(output.contains("The Observatory at the Edge of the Long Northern Night Sky Survey, Annotated\t"), "\(output)")
        let long = "Summarise this article in its own language, first a short overview and then the three points that matter most"
        _ = try home.run("settings", "set", "summary.prompt", long)
        let settings = try home.run("settings", "list", "summary")
        #expect(settings.contains(long), "a setting's value must reach a pipe whole: \(settings)")
    }

    @Test("the pager: --no-pager, then reader.pager, then $PAGER, then less; cat means none")
    func pagerChoice() {
        #expect(Pager.command(noPager: true, setting: "most", environment: ["PAGER": "more"]) == nil)
        #expect(Pager.command(noPager: false, setting: "most", environment: ["PAGER": "more"]) == "most")
        #expect(Pager.command(noPager: false, setting: nil, environment: ["PAGER": "more"]) == "more")
        #expect(Pager.command(noPager: false, setting: nil, environment: [:]) == "less")
        #expect(Pager.command(noPager: false, setting: nil, environment: ["PAGER": "cat"]) == nil)
        #expect(Pager.environment([:])["LESS"] == "FRX")
        #expect(Pager.environment(["LESS": "-R"])["LESS"] == "-R", "a user's LESS is theirs")
        #expect(Pager.environment([:])["LESSCHARSET"] == "utf-8", "Lector's output is UTF-8 whatever the locale")
        #expect(Pager.environment(["LESSCHARSET": "latin1"])["LESSCHARSET"] == "latin1", "a user's LESSCHARSET is theirs")
    }

    @Test("a pager that quits at once neither kills Lector nor counts as not shown")
    func pagerQuittingEarly() {
        // As `Lector.main` does first: without it the write to a pager gone away is SIGPIPE, and
        // the whole test process dies whenever this test runs before any test has called main.
        signal(SIGPIPE, SIG_IGN)
        let text = String(repeating: "a line of an article that is long enough\n", count: 10_000)  // over 64 KB
        #expect(Pager.show(text, command: "head -c 10 > /dev/null", environment: ["PATH": "/usr/bin:/bin"]) == .shown)
        #expect(Pager.show(text, command: "no-such-pager-here", environment: ["PATH": "/usr/bin:/bin"]) == .notStarted)
    }

    @Test("the dock line lists the dock order as REPL words, wraps to the width and ends with a newline")
    func dockLine() throws {
        let actions = DockAction.allCases
        let line = DockLine(actions: actions, starred: false, read: true).render(width: 40)
        #expect(line.hasSuffix("\n"))
        #expect(line.split(separator: "\n").allSatisfy { $0.count <= 40 }, "\(line)")
        let words = line.replacingOccurrences(of: "dock:", with: "").split(whereSeparator: { " ·\n".contains($0) }).map(String.init)
        #expect(words == ["prev", "next", "unread", "star", "full", "bionic", "later", "open", "share", "summarize"], "\(words)")
        let parser = CommandLineParser(table: .standard, inREPL: true)
        for word in words {
            #expect(throws: Never.self, "'\(word)' is on the dock line but is not a REPL command") { _ = try parser.parse([word]) }
        }
    }

    @Test("in the REPL, the dock words act on the article just read; next follows the last list")
    func dockWordsActOnCurrentArticle() throws {
        let home = TestHome()
        let session = home.session(inREPL: true)
        let runner = CommandRunner(session: session)
        _ = try runner.execute(["article", "list"])
        let first = try runner.execute(["article", "read", "1", "--no-pager", "--color", "never"])
        #expect(first.contains("dock: prev · unread · star"), "\(first)")
        #expect(first.hasSuffix("\n") && !first.hasSuffix("\n\n"))
        let current = try #require(session.currentArticle)
        _ = try runner.execute(["star"])
        #expect(try home.store().articles.article(current)?.starred == true, "'star' did not star the current article")
        _ = try runner.execute(["unread"])
        #expect(try home.store().articles.article(current)?.read == .unread)
        _ = try runner.execute(["next", "--no-pager"])
        #expect(session.currentArticle == session.handles.ids[1], "'next' should read the second article of the list")
        #expect(throws: CLIError.self) { _ = try CommandRunner(session: home.session(inREPL: true)).execute(["star"]) }
    }

    @Test("one-shot, the dock words do not exist (they need the REPL's current article)")
    func dockWordsAreREPLOnly() {
        #expect(throws: CLIError.self) { _ = try CommandLineParser(table: .standard, inREPL: false).parse(["next"]) }
    }
}
