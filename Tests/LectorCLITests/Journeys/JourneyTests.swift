import Foundation
import LectorTestSupport
import Testing

/// Journeys: the installed `lector`, found on PATH, driven in a real terminal (tmux) the way a
/// person meets it, with assertions on what the screen shows.
@Suite("Journeys: installed Lector in a real terminal", .serialized, .enabled(if: Journey.isInstalled, "LECTOR_JOURNEY_PREFIX names no installed lector: ./scripts/test.sh installs one into a temporary prefix"))
struct JourneyTests {
    /// A site with a feed whose one article is long (over 64 KB of text: more than a pipe holds)
    /// and a page that offers two feeds.
    final class Site {
        let site = StaticSite()
        let server: LoopbackServer

        init() throws {
            server = try LoopbackServer(handler: site.handler)
            let paragraphs = (1...300).map { "&lt;p&gt;Paragraph \($0) of the long read. " + String(repeating: "Words to scroll through. ", count: 10) + "&lt;/p&gt;" }
            site.serve("/long.xml", text: """
                <?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Long Reads</title><link>/</link>
                <item><guid>long-1</guid><title>The Observatory at the Edge of the Long Northern Night Sky Survey</title><link>/posts/1</link>
                <description>\(paragraphs.joined())</description><pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate></item>
                </channel></rss>
                """, contentType: "application/rss+xml")
            site.serve("/", text: """
                <html><head><title>Two feeds</title>
                <link rel="alternate" type="application/rss+xml" title="Long" href="/long.xml">
                <link rel="alternate" type="application/rss+xml" title="Other" href="/other.xml">
                </head><body>hello</body></html>
                """, contentType: "text/html")
        }

        func url(_ path: String) -> String { server.url(path).absoluteString }
    }

    /// A local account "Home" (the default) subscribed to the long feed.
    private func subscribed(_ journey: Journey, _ site: Site) throws {
        for command in ["lector account add local --name Home", "lector account use Home", "lector feed add '\(site.url("/long.xml"))'"] {
            let result = try journey.shell(command)
            try #require(result.status == 0, "'\(command)' failed: \(result.stderr)")
        }
    }

    private func wentBackToShell(_ terminal: TmuxTerminal) -> Bool {
        terminal.wait(for: { $0.split(separator: "\n").last.map(String.init) == TmuxTerminal.prompt.trimmingCharacters(in: .whitespaces) }, timeout: 5)
    }

    @Test("a search's passages stay on one line each of a narrow terminal, the match highlighted and cut with an ellipsis")
    func searchPassagesFitTheTerminal() throws {
        let journey = try Journey()
        let terminal = try journey.terminal(width: 50, height: 24)
        terminal.run("lector article list --search tide --color always")
        #expect(terminal.wait(for: { $0.contains("tide") && $0.split(separator: "\n").last?.hasPrefix(TmuxTerminal.prompt.trimmingCharacters(in: .whitespaces)) == true }, timeout: 10),
                "the search never finished:\n\(terminal.screen())")
        let lines = terminal.screen().split(separator: "\n").map(String.init)
        let rows = lines.drop { !$0.hasPrefix("#") }.dropFirst().dropLast()
        #expect(!rows.isEmpty, "no results on screen:\n\(terminal.screen())")
        for line in rows {
            #expect(line.first?.isNumber == true || line.hasPrefix("     "),
                    "a line that is neither a result nor its passage (a passage wrapped onto the next line?): '\(line)'\n\(terminal.screen())")
        }
        let passages = rows.filter { $0.hasPrefix("     ") }
        #expect(passages.count == rows.count / 2 && passages.allSatisfy { $0.count <= 50 && $0.hasSuffix("…") },
                "every passage is one line, cut to the width: \(passages)")
        let styled = try journey.shell("COLUMNS=50 lector article list --search tide --color always").stdout
        #expect(styled.contains("\u{1b}[1mtide"), "the match is highlighted: \(styled)")
    }

    @Test("--help on a narrow terminal breaks its lines between words")
    func helpFitsTheTerminal() throws {
        let journey = try Journey()
        let terminal = try journey.terminal(width: 60, height: 40)
        terminal.run("lector feed password --help")
        #expect(terminal.wait(for: { $0.contains("--allow-insecure") && $0.split(separator: "\n").last?.hasPrefix("JOURNEY$") == true }, timeout: 10),
                "no help:\n\(terminal.screen())")
        let screenWords = Set(terminal.screen().split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
        let help = try journey.shell("lector feed password --help").stdout
        let missing = help.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init).filter { !screenWords.contains($0) }
        #expect(missing.isEmpty, "words broken at the terminal's edge: \(missing)\n\(terminal.screen())")
    }

    @Test("article read with the default pager shows the article, and q returns to the shell")
    func articleReadThroughDefaultPager() throws {
        let journey = try Journey()
        let site = try Site()
        try subscribed(journey, site)
        let terminal = try journey.terminal()
        terminal.run("lector article list --feed 'Long Reads' > /dev/null && lector article read 1")
        let shown = terminal.wait(for: { $0.contains("Paragraph 1 of the long read") }, timeout: 10)
        #expect(shown, "the article never appeared on the terminal (pager stopped or in the background?):\n\(terminal.screen())")
        #expect(!terminal.lastLine().hasPrefix("JOURNEY$"), "a long article should wait in the pager, not end at once:\n\(terminal.screen())")
        terminal.press("q")
        #expect(wentBackToShell(terminal), "q did not return to the shell:\n\(terminal.screen())")
        let state = try journey.shell("lector article list --feed 'Long Reads' --all --json")
        #expect(state.stdout.contains("\"read\" : true"), "the article was shown, so it is read: \(state.stdout)")
    }

    @Test("in the REPL, an article list longer than the screen opens in the pager at its newest rows, and q returns to the prompt; a short one prints")
    func longListPages() throws {
        let journey = try Journey()
        let terminal = try journey.terminal(width: 80, height: 15)
        try Journey.startREPL(in: terminal)
        terminal.run("article list")
        #expect(terminal.wait(for: { $0.contains("unread · ") && $0.contains("Why sync should never undo") }, timeout: 10),
                "the list's head (counters, newest article) is not on screen: it scrolled away:\n\(terminal.screen())")
        #expect(!terminal.lastLine().hasPrefix("lector ("), "a list longer than the screen should wait in the pager:\n\(terminal.screen())")
        terminal.press("q")
        #expect(terminal.wait(for: { $0.split(separator: "\n").last?.hasPrefix("lector (") == true }, timeout: 5),
                "q did not return to the prompt:\n\(terminal.screen())")
        terminal.run("article list -n 2")
        #expect(terminal.wait(for: { $0.contains("> article list -n 2") && $0.split(separator: "\n").last?.hasPrefix("lector (") == true }, timeout: 5),
                "a list that fits the screen prints and returns at once (less -F):\n\(terminal.screen())")
        #expect(Journey.replStillWorks(terminal))
    }

    @Test("in the REPL, quitting the pager early on a long article keeps the REPL (no SIGPIPE)")
    func replPagerQuitEarly() throws {
        let journey = try Journey()
        let site = try Site()
        try subscribed(journey, site)
        let terminal = try journey.terminal()
        try Journey.startREPL(in: terminal)
        terminal.run("article list --feed 'Long Reads'")
        terminal.run("article read 1")
        #expect(terminal.wait(for: { $0.contains("Paragraph 1 of the long read") }, timeout: 10),
                "the article never appeared in the pager:\n\(terminal.screen())")
        terminal.press("q")
        #expect(Journey.replStillWorks(terminal), "the REPL did not survive the pager quitting early:\n\(terminal.screen())")
    }

    @Test("a first REPL says the library is a demo and how to start one's own; once there is an account of one's own it does not")
    func firstREPLExplainsTheDemo() throws {
        let journey = try Journey()
        let terminal = try journey.terminal()
        try Journey.startREPL(in: terminal)
        #expect(terminal.wait(for: { $0.contains("demo library") && $0.contains("feed add") && $0.contains("demo off") }, timeout: 5),
                "a first run does not say what the demo is or how to begin:\n\(terminal.screen())")
        terminal.run("account add local --name Home")
        terminal.run("exit")
        #expect(wentBackToShell(terminal), "the REPL did not end:\n\(terminal.screen())")
        terminal.run("clear")
        try Journey.startREPL(in: terminal)
        #expect(terminal.wait(for: { $0.contains("lector (Home)>") }, timeout: 5), "the REPL has not started on Home:\n\(terminal.screen())")
        #expect(!terminal.screen().contains("demo library"), "the demo hint outlived the demo:\n\(terminal.screen())")
    }

    @Test("in the REPL, the line under an article is the dock as commands, and they act on that article")
    func dockLineInREPL() throws {
        let journey = try Journey()
        let terminal = try journey.terminal(width: 60)
        try Journey.startREPL(in: terminal)
        terminal.run("article list -n 3")
        terminal.run("article read 1")
        let docked = terminal.wait(for: { $0.contains("dock: prev") }, timeout: 10)
        #expect(docked, "no dock line under the article:\n\(terminal.screen())")
        let lines = terminal.screen().split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= 60 }, "the dock line is wider than the terminal:\n\(terminal.screen())")
        #expect(lines.last?.hasPrefix("lector (") == true, "the prompt must start its own line after the dock:\n\(terminal.screen())")
        #expect(!lines.joined().contains("next-article") && !lines.joined().contains("full-content"),
                "the dock names settings values, not commands:\n\(terminal.screen())")
        terminal.run("star")
        #expect(terminal.wait(for: { $0.contains("starred.") }, timeout: 5), "'star' did not star the current article:\n\(terminal.screen())")
        terminal.run("share")
        #expect(terminal.wait(for: { $0.contains("https://") }, timeout: 5), "'share' did not print the link:\n\(terminal.screen())")
        #expect(Journey.replStillWorks(terminal))
    }

    @Test("Ctrl-C at a [y/N] question in the REPL cancels the command and changes nothing")
    func ctrlCAtConfirmation() throws {
        let journey = try Journey()
        let terminal = try journey.terminal()
        try Journey.startREPL(in: terminal)
        terminal.run("folder remove Science")
        #expect(terminal.wait(for: { $0.contains("[y/N]") }, timeout: 10), "no question was asked:\n\(terminal.screen())")
        terminal.press("C-c")
        #expect(terminal.wait(for: { $0.contains("Cancelled.") && terminal.lastLine().hasPrefix("lector (") }, timeout: 2),
                "Ctrl-C at [y/N] did not give 'Cancelled.' and a fresh prompt:\n\(terminal.screen())")
        #expect(Journey.replStillWorks(terminal), "the REPL stopped answering:\n\(terminal.screen())")
        let folders = try journey.shell("lector folder list")
        #expect(folders.stdout.contains("Science"), "the folder must still exist: \(folders.stdout)")
    }

    @Test("Ctrl-C at a secret prompt in the REPL cancels, restores echo and saves nothing")
    func ctrlCAtSecretPrompt() throws {
        let journey = try Journey()
        let terminal = try journey.terminal()
        try Journey.startREPL(in: terminal)
        terminal.run("account add freshrss --url http://127.0.0.1:9 --user bob")
        #expect(terminal.wait(for: { $0.contains("API password for bob:") }, timeout: 10), "no secret prompt:\n\(terminal.screen())")
        terminal.type("half-typed")
        terminal.press("C-c")
        #expect(terminal.wait(for: { $0.contains("Cancelled.") }, timeout: 2), "Ctrl-C at the secret prompt did not cancel:\n\(terminal.screen())")
        #expect(Journey.replStillWorks(terminal), "the REPL stopped answering (or echo stayed off):\n\(terminal.screen())")
        #expect(!terminal.screen().contains("half-typed"), "the secret was echoed")
        let accounts = try journey.shell("lector account list")
        #expect(!accounts.stdout.contains("freshrss"), "nothing may be saved: \(accounts.stdout)")
    }

    @Test("feed add at a terminal with two feeds on the page: Enter adds nothing; a number subscribes to that feed")
    func pickQuestionAtATerminal() throws {
        let journey = try Journey()
        let site = try Site()
        let terminal = try journey.terminal(width: 120)
        terminal.run("lector feed add '\(site.url("/"))'")
        #expect(terminal.wait(for: { $0.contains("Which one") }, timeout: 10), "no choice was offered:\n\(terminal.screen())")
        terminal.press("Enter")
        #expect(terminal.wait(for: { $0.contains("Nothing added.") }, timeout: 5), "Enter at the choice did not add nothing:\n\(terminal.screen())")
        #expect(try !journey.shell("lector feed list").stdout.contains("Long Reads"), "Enter must add no feed")
        terminal.run("lector feed add '\(site.url("/"))'")
        #expect(terminal.wait(for: { $0.components(separatedBy: "Which one").count == 3 }, timeout: 10), "no second choice:\n\(terminal.screen())")
        terminal.type("1")
        terminal.press("Enter")
        #expect(terminal.wait(for: { $0.contains("Subscribed to 'Long Reads'") }, timeout: 10), "choosing 1 did not subscribe:\n\(terminal.screen())")
        #expect(try journey.shell("lector feed list").stdout.contains("Long Reads"), "the chosen feed is listed")
    }

    @Test("Ctrl-C at the --pick question of feed add in the REPL cancels and adds nothing")
    func ctrlCAtPickPrompt() throws {
        let journey = try Journey()
        let site = try Site()
        let terminal = try journey.terminal()
        try Journey.startREPL(in: terminal)
        terminal.run("feed add \(site.url("/"))")
        #expect(terminal.wait(for: { $0.contains("Which one") }, timeout: 10), "no choice was offered:\n\(terminal.screen())")
        terminal.press("C-c")
        #expect(terminal.wait(for: { $0.contains("Cancelled.") }, timeout: 2), "Ctrl-C at the choice did not cancel:\n\(terminal.screen())")
        #expect(Journey.replStillWorks(terminal), "the REPL stopped answering:\n\(terminal.screen())")
        #expect(try !journey.shell("lector feed list").stdout.contains("Long Reads"), "no feed may be added")
    }

    @Test("Ctrl-C during a sync in the REPL: 'interrupted: 2 of 6 feeds synced', and the feeds not reached neither fail nor wait")
    func ctrlCDuringSync() throws {
        let journey = try Journey()
        let holding = HeldAnswers()
        let server = try LoopbackServer { request in
            guard let match = request.path.wholeMatch(of: /\/feed\/(\d+)\.xml/), let number = Int(match.1) else { return .notFound }
            if number >= 2 { holding.holdIfAsked() }
            return .text("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Feed \(number)</title><link>https://site\(number).example/</link>"
                         + "<item><guid>f\(number)</guid><title>Item \(number)</title></item></channel></rss>",
                         headers: [("Content-Type", "application/rss+xml")])
        }
        defer { holding.release() }
        for number in 0..<6 {
            let added = try journey.shell("lector feed add \(server.url("/feed/\(number).xml"))")
            try #require(added.status == 0, "feed add \(number): \(added.stderr)")
        }
        // The sync under test is the one typed, not one started on launch.
        try #require(try journey.shell("lector settings set sync.on-launch false").status == 0)
        holding.start()
        let terminal = try journey.terminal(width: 120)
        try Journey.startREPL(in: terminal)
        terminal.run("sync")
        #expect(holding.waitForHeld(), "the sync never reached the held feeds:\n\(terminal.screen())")
        usleep(300_000)
        terminal.press("C-c")
        #expect(terminal.wait(for: { $0.contains("interrupted: 2 of 6 feeds synced") }, timeout: 3),
                "Ctrl-C did not say how far the sync got:\n\(terminal.screen())")
        #expect(!terminal.screen().contains("failure"), "the cancelled fetches were reported as failures:\n\(terminal.screen())")
        #expect(Journey.replStillWorks(terminal), "the REPL stopped answering:\n\(terminal.screen())")
        holding.release()
        for number in 2..<6 {
            let shown = try journey.shell("lector feed show 'Feed \(number)'")
            #expect(!shown.stdout.contains("last error"), "Feed \(number) counts a failure after Ctrl-C: \(shown.stdout)")
        }
    }

    @Test("Ctrl-C during a request to a server that never answers returns within a second; the REPL goes on")
    func ctrlCDuringSilentRequest() throws {
        let journey = try Journey()
        let silent = try SilentServer()
        let terminal = try journey.terminal()
        try Journey.startREPL(in: terminal)
        terminal.run("feed add \(silent.url("/feed.xml"))")
        usleep(1_500_000)
        #expect(!terminal.screen().contains("Cancelled."), "nothing was cancelled yet")
        let pressed = Date()
        terminal.press("C-c")
        let cancelled = terminal.wait(for: { $0.contains("Cancelled.") }, timeout: 1)
        let took = Date().timeIntervalSince(pressed)
        #expect(cancelled, "no 'Cancelled.' within 1 s of Ctrl-C (waited \(took) s):\n\(terminal.screen())")
        #expect(terminal.wait(for: { $0.split(separator: "\n").last?.hasPrefix("lector (") == true }, timeout: 2),
                "no fresh prompt after the cancelled request:\n\(terminal.screen())")
        #expect(Journey.replStillWorks(terminal), "the REPL stopped answering after the cancel:\n\(terminal.screen())")
    }

    @Test("waiting 5 s for a server that never answers costs under 0.5 s of CPU")
    func waitingCostsNoCPU() throws {
        let journey = try Journey()
        let silent = try SilentServer()
        let terminal = try journey.terminal()
        try Journey.startREPL(in: terminal)
        terminal.run("feed add \(silent.url("/feed.xml"))")
        usleep(500_000)
        let pid = try #require(terminal.childPID(named: "lector"), "no lector process under the shell")
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        func cpuSeconds() -> Double? {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            // Fields after "(comm)": state is 3rd; utime and stime are the 14th and 15th overall.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
            return (user + system) / ticksPerSecond
        }
        let before = try #require(cpuSeconds())
        usleep(5_000_000)
        let after = try #require(cpuSeconds())
        terminal.press("C-c")
        #expect(after - before < 0.5, "Lector burned \(after - before) s of CPU in 5 s of waiting on the network")
    }

    @Test("profile list from PATH shows the shipped profiles, and completion offers them")
    func profileListShowsShipped() throws {
        let journey = try Journey()
        let result = try journey.shell("cd / && lector profile list")
        for name in ["focus", "minimal", "newsroom", "night"] {
            #expect(result.stdout.contains(name), "shipped profile \(name) missing from 'profile list': \(result.stdout) \(result.stderr)")
        }
        let completion = try journey.shell("cd / && lector __complete profile show ''")
        #expect(completion.stdout.contains("minimal"), "completion offers no shipped profile: \(completion.stdout)")
    }

    @Test("the systemd unit runs the installed binary")
    func scheduleUnitRunsInstalledBinary() throws {
        let journey = try Journey()
        let result = try journey.shell("cd / && lector settings set sync.background true && lector schedule install")
        #expect(result.status == 0, "schedule install failed: \(result.stderr)")
        let unit = try String(contentsOfFile: journey.lectorHome + "/systemd/user/lector-sync.service", encoding: .utf8)
        #expect(unit.contains("ExecStart=\(journey.prefix)/bin/lector sync --auto"), "ExecStart is not the installed binary:\n\(unit)")
    }

    @Test("the REPL's sync on launch starts when lector was found on PATH")
    func syncOnLaunchFromPATH() throws {
        let journey = try Journey()
        let site = try Site()
        try subscribed(journey, site)
        let terminal = try journey.terminal(width: 120)
        terminal.run("cd / && lector")
        #expect(terminal.wait(for: { $0.contains("sync: Home") }, timeout: 20),
                "the on-launch sync never reported (its child was not started?):\n\(terminal.screen())")
    }

    @Test("off a terminal, tables are tab-separated and nothing is cut")
    func tablesForPipes() throws {
        let journey = try Journey()
        let site = try Site()
        try subscribed(journey, site)
        let title = "The Observatory at the Edge of the Long Northern Night Sky Survey"
        let articles = try journey.shell("COLUMNS=80 lector article list | grep Observatory")
        #expect(articles.stdout.contains(title) && articles.stdout.contains("\t"), "article list cut or not tab-separated: \(articles.stdout)")
        let terminal = try journey.terminal()
        terminal.run("lector article list --feed 'Long Reads'")
        #expect(terminal.wait(for: { $0.contains("The Observatory at the Edge") }, timeout: 10),
                "on an 80-column terminal the title must get the width first:\n\(terminal.screen())")
    }

    @Test("bash, zsh and fish complete from the installed scripts")
    func completionFromInstalledScripts() throws {
        let journey = try Journey()
        let terminal = try journey.terminal()
        terminal.run("source /usr/share/bash-completion/bash_completion")
        terminal.type("lector fol")
        terminal.press("Tab")
        #expect(terminal.wait(for: { $0.contains("lector folder") }, timeout: 5), "bash did not complete:\n\(terminal.screen())")
        terminal.press("C-c")
        terminal.run("clear; zsh -f")
        terminal.run("fpath=(\(journey.prefix)/share/zsh/site-functions $fpath); autoload -U compinit; compinit -u; PS1='Z%% '")
        _ = terminal.wait(for: { $0.hasSuffix("Z%") || $0.contains("\nZ%") }, timeout: 5)
        terminal.type("lector profile show mi")
        terminal.press("Tab")
        #expect(terminal.wait(for: { $0.contains("lector profile show minimal") }, timeout: 5), "zsh did not complete:\n\(terminal.screen())")
        terminal.press("C-c")
        terminal.run("exit")
        // Its config is the empty one of this journey's HOME. On a first start fish sets off a
        // detached generator of completions from every man page, which outlived the test and wrote
        // into the home after it was removed (CI saw the folder come back): the folder it checks
        // for says that was done.
        try FileManager.default.createDirectory(atPath: journey.home + "/.local/share/fish/generated_completions", withIntermediateDirectories: true)
        // Without a runtime folder fish makes /tmp/fish.USER and leaves it there: it gets one of
        // the journey's own (private, as fish wants it).
        let runtime = journey.home + "/run"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        terminal.run("clear; XDG_RUNTIME_DIR='\(runtime)' fish")
        usleep(1_000_000)
        terminal.type("lector fol")
        terminal.press("Tab")
        #expect(terminal.wait(for: { $0.contains("lector folder") }, timeout: 5), "fish did not complete:\n\(terminal.screen())")
    }
}

/// Answers a journey's server holds back once asked to, until released; counts the held ones.
final class HeldAnswers: @unchecked Sendable {
    private let lock = NSLock()
    private var holding = false
    private var held = 0
    private let gate = DispatchSemaphore(value: 0)

    func start() { lock.withLock { holding = true } }

    func holdIfAsked() {
        guard lock.withLock({ () -> Bool in
            if holding { held += 1 }
            return holding
        }) else { return }
        _ = gate.wait(timeout: .now() + 20)
    }

    /// Whether a request was held within 10 s.
    func waitForHeld() -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if lock.withLock({ held > 0 }) { return true }
            usleep(20_000)
        }
        return false
    }

    func release() {
        lock.withLock { holding = false }
        for _ in 0..<16 { gate.signal() }
    }
}
