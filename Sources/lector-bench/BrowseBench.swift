import Foundation

// lector-bench browse [--lector PATH] [--articles 1000000] [--feeds 1000] [--runs 20] [--presses 50] [--home DIR] [--reuse-store yes]
//
// `lector browse` on a pseudo-terminal (100×40) over a generated store: the time from starting
// the process to the last byte of its first frame, from a key (j, n, s, G, g, and the letters of a
// `/` search as it is typed) to the last byte of the frame it draws, and from a resize (on the list
// and in the reader) to its frame; then the first frame and `j` again with the feed pane
// (list.feed-pane) and the preview (list.preview-pane) open. Each frame ends with the code that hides the cursor, which the view writes
// nowhere else. Peers in the same run: /bin/true and `lector article list --no-pager` started on
// the same kind of terminal (to their exit), and a key echoed back by `cat` in raw mode (the
// terminal's own round trip: the least any program can answer a key in).
enum BrowseBench {
    static let defaultHome = NSTemporaryDirectory() + "lector-bench-browse-home"
    static let frameEnd = "\u{1b}[?25l"

    static func run(_ options: BenchOptions) throws {
        let lector = try options.lector()
        let home = options.string("home", default: defaultHome)
        let articles = try options.int("articles", default: 1_000_000)
        let feeds = try options.int("feeds", default: 1_000)
        let runs = try options.int("runs", default: 20)
        let presses = try options.int("presses", default: 50)
        let databasePath = home + "/data/lector.sqlite"
        if options.string("reuse-store", default: "no") == "no" || !FileManager.default.fileExists(atPath: databasePath) {
            let seconds = try secondsElapsed { try BenchStore.build(at: databasePath, feeds: feeds, articles: articles) }
            print(String(format: "store: %d feeds, %d articles built in %.1f s (%@)", feeds, articles, seconds, databasePath))
        }
        let environment = ["LECTOR_HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home, "TERM": "xterm-256color"]
        // Today's view first: no pane open (a store reused from a run cut short may still say so).
        try setPanes(lector, open: false, environment: environment)
        // A warm-up of each, so the page cache holds the binary and the store alike for every case.
        _ = try firstFrame(lector, environment: environment)
        _ = try processToExit([lector, "article", "list", "--no-pager"], environment: environment)
        // The generated store's articles wait in the search index's backlog (a sync indexes as it
        // stores); the first search indexes them, which is not what a search key costs.
        _ = try processToExit([lector, "article", "list", "--search", "swift", "--limit", "1", "--no-pager"], environment: environment)

        let floor = try Percentiles((0..<runs).map { _ in try processToExit(["/bin/true"], environment: environment) })
        let list = try Percentiles((0..<runs).map { _ in try processToExit([lector, "article", "list", "--no-pager"], environment: environment) })
        let first = try Percentiles((0..<runs).map { _ in try firstFrame(lector, environment: environment) })
        print("runs: \(runs) each, on a 100×40 pseudo-terminal")
        print("case                                          p50 ms    p95 ms")
        report("/bin/true (process to exit)", floor)
        report("lector article list (process to exit)", list)
        report("lector browse: process start to first frame", first)
        Summary.record("browse", "first frame on \(articles) articles", lector: String(format: "%.1f ms (p95 %.1f)", first.p50, first.p95),
                       peer: String(format: "article list %.1f ms, /bin/true %.1f ms", list.p50, floor.p50),
                       ratio: String(format: "%.2f× article list", first.p50 / list.p50), goal: "< 50 ms")

        // The same with the feed pane (every feed and folder and their counts) and the preview open.
        try setPanes(lector, open: true, environment: environment)
        // The pane opens with the keys: q closes it, a second q leaves.
        _ = try firstFrame(lector, quit: "qq", environment: environment)
        let panes = try Percentiles((0..<runs).map { _ in try firstFrame(lector, quit: "qq", environment: environment) })
        // Enter on the pane's All gives the list the keys, then j moves the list's cursor.
        let paneKey = try keysToFrames(lector, presses: presses, keys: ["j"], prelude: "\r", environment: environment)
        try setPanes(lector, open: false, environment: environment)
        report("lector browse, feed pane + preview: first frame", panes)
        Summary.record("browse", "first frame, feed pane and preview open, on \(articles) articles, \(feeds) feeds",
                       lector: String(format: "%.1f ms (p95 %.1f)", panes.p50, panes.p95),
                       peer: String(format: "no pane %.1f ms, article list %.1f ms", first.p50, list.p50),
                       ratio: String(format: "%.2f× no pane", panes.p50 / first.p50), goal: "< 50 ms")

        let echo = try keyEcho(presses: presses, environment: environment)
        for (key, times) in paneKey {
            report("lector browse, panes open: '\(key)' to its frame", times)
            Summary.record("browse", "key '\(key)' to frame, feed pane and preview open", lector: String(format: "%.2f ms (p95 %.2f)", times.p50, times.p95),
                           peer: String(format: "cat echo %.2f ms", echo.p50), ratio: String(format: "+%.2f ms", times.p50 - echo.p50),
                           goal: "< 16 ms")
        }
        report("key echoed by cat (raw terminal)", echo)
        for (key, times) in try keysToFrames(lector, presses: presses, environment: environment) {
            report("lector browse: '\(key)' to its frame", times)
            Summary.record("browse", "key '\(key)' to frame", lector: String(format: "%.2f ms (p95 %.2f)", times.p50, times.p95),
                           peer: String(format: "cat echo %.2f ms", echo.p50), ratio: String(format: "+%.2f ms", times.p50 - echo.p50),
                           goal: "< 16 ms")
        }
        let typed = try searchKeysToFrames(lector, presses: presses, environment: environment)
        report("lector browse: a search key to its frame", typed)
        Summary.record("browse", "search key (/ as you type) to frame", lector: String(format: "%.2f ms (p95 %.2f)", typed.p50, typed.p95),
                       peer: String(format: "cat echo %.2f ms", echo.p50), ratio: String(format: "+%.2f ms", typed.p50 - echo.p50),
                       goal: "< 30 ms")
        for (screen, times) in try resizesToFrames(lector, presses: presses, environment: environment) {
            report("lector browse: a resize to its frame (\(screen))", times)
            Summary.record("browse", "resize to frame (\(screen))", lector: String(format: "%.2f ms (p95 %.2f)", times.p50, times.p95),
                           peer: String(format: "cat echo %.2f ms", echo.p50), ratio: String(format: "+%.2f ms", times.p50 - echo.p50),
                           goal: "< 16 ms")
        }
    }

    /// Words of the generated store, typed a letter at a time after `/` and taken back with
    /// Backspace: every key runs the search again (the first letter alone matches most of the
    /// store). Milliseconds from each key to the end of its frame, at least `presses` keys.
    private static func searchKeysToFrames(_ lector: String, presses: Int, environment: [String: String]) throws -> Percentiles {
        let terminal = try PseudoTerminal([lector, "browse"], environment: environment)
        _ = try terminal.waitFor(frameEnd)
        func timed(_ key: String) throws -> Double {
            let start = PseudoTerminal.now()
            terminal.type(key)
            return (try terminal.waitFor(frameEnd) - start) * 1000
        }
        _ = try timed("/")
        var times: [Double] = []
        let words = BenchStore.words.map { $0.lowercased() }
        var next = 0
        while times.count < presses {
            let word = words[next % words.count]
            next += 1
            for letter in word { times.append(try timed(String(letter))) }
            for _ in word { times.append(try timed("\u{7f}")) }
        }
        terminal.type("\r")
        _ = try terminal.waitFor(frameEnd)
        terminal.type("q")
        terminal.finish()
        return Percentiles(times)
    }

    /// The terminal resized between 100×40 and 80×24, `presses` times, on the list and in the
    /// reader (which wraps the article again): milliseconds from the new size to the end of the frame.
    private static func resizesToFrames(_ lector: String, presses: Int, environment: [String: String]) throws -> [(String, Percentiles)] {
        let terminal = try PseudoTerminal([lector, "browse"], environment: environment)
        _ = try terminal.waitFor(frameEnd)
        func timed(_ columns: Int, _ rows: Int) throws -> Double {
            let start = PseudoTerminal.now()
            terminal.resize(columns: columns, rows: rows)
            return (try terminal.waitFor(frameEnd) - start) * 1000
        }
        var results: [(String, Percentiles)] = []
        for screen in ["list", "reader"] {
            if screen == "reader" {
                terminal.type("\r")
                _ = try terminal.waitFor(frameEnd)
            }
            var times: [Double] = []
            for index in 0..<presses { times.append(index % 2 == 0 ? try timed(80, 24) : try timed(100, 40)) }
            results.append((screen, Percentiles(times)))
        }
        terminal.type("q")
        _ = try terminal.waitFor(frameEnd)
        terminal.type("q")
        terminal.finish()
        return results
    }

    private static func report(_ name: String, _ times: Percentiles) {
        print(name.padding(toLength: 44, withPad: " ", startingAt: 0) + String(format: "%10.2f%10.2f", times.p50, times.p95))
    }

    /// Milliseconds from starting `lector browse` to the end of its first frame; then `q`.
    private static func firstFrame(_ lector: String, quit: String = "q", environment: [String: String]) throws -> Double {
        let start = PseudoTerminal.now()
        let terminal = try PseudoTerminal([lector, "browse"], environment: environment)
        let drawn = try terminal.waitFor(frameEnd)
        terminal.type(quit)
        terminal.finish()
        return (drawn - start) * 1000
    }

    /// `list.feed-pane` and `list.preview-pane` on (or off) in the bench's store, as a person sets them.
    private static func setPanes(_ lector: String, open: Bool, environment: [String: String]) throws {
        for setting in ["list.feed-pane", "list.preview-pane"] {
            let terminal = try PseudoTerminal([lector, "settings", "set", setting, open ? "on" : "off"], environment: environment)
            terminal.finish()
        }
    }

    /// Milliseconds from starting `arguments` on a terminal to its exit.
    private static func processToExit(_ arguments: [String], environment: [String: String]) throws -> Double {
        let start = PseudoTerminal.now()
        let terminal = try PseudoTerminal(arguments, environment: environment)
        terminal.finish()
        return (PseudoTerminal.now() - start) * 1000
    }

    /// For j, n and s in turn, `presses` times each, then G and g alternately: milliseconds from
    /// writing the key to the end of its frame.
    private static func keysToFrames(_ lector: String, presses: Int, keys: [String]? = nil, prelude: String? = nil,
                                     environment: [String: String]) throws -> [(String, Percentiles)] {
        let terminal = try PseudoTerminal([lector, "browse"], environment: environment)
        _ = try terminal.waitFor(frameEnd)
        if let prelude {
            terminal.type(prelude)
            _ = try terminal.waitFor(frameEnd)
        }
        var results: [(String, Percentiles)] = []
        func timed(_ key: String) throws -> Double {
            let start = PseudoTerminal.now()
            terminal.type(key)
            return (try terminal.waitFor(frameEnd) - start) * 1000
        }
        for key in keys ?? ["j", "n", "s"] {
            results.append((key, Percentiles(try (0..<presses).map { _ in try timed(key) })))
        }
        if keys != nil {
            terminal.type("q")
            terminal.finish()
            return results
        }
        // G and g in turn, so each G jumps from the top of the list to its true end (a page read
        // from the end and the list counted) and each g back.
        var bottom: [Double] = [], top: [Double] = []
        for _ in 0..<presses {
            bottom.append(try timed("G"))
            top.append(try timed("g"))
        }
        results += [("G", Percentiles(bottom)), ("g", Percentiles(top))]
        terminal.type("q")
        terminal.finish()
        return results
    }

    /// The floor of a key's round trip: `cat` on a raw terminal writes each key back.
    private static func keyEcho(presses: Int, environment: [String: String]) throws -> Percentiles {
        let terminal = try PseudoTerminal(["/bin/sh", "-c", "stty raw -echo && echo ready && exec cat"], environment: environment)
        _ = try terminal.waitFor("ready")
        var times: [Double] = []
        for _ in 0..<presses {
            let start = PseudoTerminal.now()
            terminal.type("x")
            times.append((try terminal.waitFor("x") - start) * 1000)
        }
        terminal.type("\u{4}")
        kill(terminal.pid, SIGTERM)
        terminal.finish()
        return Percentiles(times)
    }
}
