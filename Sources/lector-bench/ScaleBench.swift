import Foundation
import LectorHTTP
import LectorStore
import LectorSync
import LectorTestSupport

// lector-bench scale [--sizes 10000,100000,1000000] [--lector PATH] [--runs 5] [--search-runs 20] [--keep-stores DIR]
//
// How cost grows with the account: for each size, a first sync from the GReader emulator on
// loopback (articles/s beside the SQLite row-by-row floor measured on the same rows, peak RSS
// above the emulator, store bytes per article), an incremental sync after 100 changes on each
// side, then `lector` processes on the synced store (article list, --unread, --folder, --search
// for a rare, a medium and a common term, completion, feed list --json, backup export) and the
// same searches in-process beside a bare FTS5 MATCH. Every figure is also given as growth over
// the first (smallest) size. --keep-stores copies each synced store to DIR/scale-SIZE.sqlite, for
// looking at query plans and profiles afterwards.
enum ScaleBench {
    static let user = EmulatedAccount(username: "bench", password: "bench-password")

    /// A 1,000,000-article size runs for minutes: each step is shown as it ends, also through a
    /// pipe, so progress lines bypass print's buffer.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func run(_ options: BenchOptions) throws {
        let sizes = try options.string("sizes", default: "10000,100000,1000000").split(separator: ",").map { text throws -> Int in
            guard let size = Int(text.replacingOccurrences(of: "_", with: "")), size >= 1_000 else {
                throw BenchError.usage("--sizes takes article counts of at least 1000, comma-separated (got '\(text)')")
            }
            return size
        }
        let lector = try options.lector()
        let runs = try options.int("runs", default: 5)
        let searchRuns = try options.int("search-runs", default: 20)
        let keep = options.string("keep-stores", default: "")
        var table = ScaleTable()
        for size in sizes {
            let started = Date()
            let figures = try measure(size, lector: lector, runs: runs, searchRuns: searchRuns, keep: keep)
            say(String(format: "scale %d: done in %.0f s", size, Date().timeIntervalSince(started)))
            table.add(size, figures)
        }
        table.print()
        table.record()
    }

    /// All figures for one account size, in the order the table prints them.
    private static func measure(_ size: Int, lector: String, runs: Int, searchRuns: Int, keep: String) throws -> [ScaleTable.Figure] {
        var figures: [ScaleTable.Figure] = []
        func add(_ name: String, _ value: Double, _ unit: String, floor: Double? = nil, growthIsCost: Bool = true) {
            figures.append(ScaleTable.Figure(name: name, value: value, unit: unit, floor: floor, growthIsCost: growthIsCost))
        }
        var feeds: FeedStore! = nil
        let built = secondsElapsed { feeds = ScaleCorpus.build(items: size) }
        let emulator = GReaderEmulator(store: feeds, accounts: [user])
        let server = try LoopbackServer(handler: emulator.handler)
        defer { server.stop() }
        let home = try LectorHome(lector: lector, purpose: "scale")
        defer { home.remove() }
        try FileManager.default.createDirectory(atPath: home.path + "/data", withIntermediateDirectories: true)
        let store = try Store(path: home.databasePath)
        let account = try store.accounts.insert(kind: .freshrss, name: "Bench", url: server.baseURL.absoluteString + GReaderEmulator.basePath + "/",
                                                username: user.username)
        let provider = try Providers.make(for: account, secret: user.password, http: HTTPClient())
        PeakMemory.resetPeak()
        let baseline = PeakMemory.residentKibibytes()
        say(String(format: "scale %d: account generated in %.1f s; emulator + data resident %d MiB", size, built, baseline / 1024))

        var report = SyncReport()
        // The loopback server logs every request it serves (a first sync of 1,000,000 articles
        // sends ~60 MB of ids in content requests): emptied as pages arrive, so the peak above
        // the emulator is Lector's own.
        let engine = SyncEngine(store: store, account: account, provider: provider) { _ in server.clearLog() }
        let first = try secondsElapsed { report = try engine.run(since: nil) }
        let peakAbove = Double(PeakMemory.kibibytes() - baseline) / 1024
        let rate = Double(report.newArticles) / first
        try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let bytes = ((try? FileManager.default.attributesOfItem(atPath: home.databasePath))?[.size] as? Int) ?? 0
        let rows = RemoteSyncSteps.floorRows(feeds.items)
        let floorRate = Double(rows.count) / (try StoreBench.insertSeconds(rows, .plainRowByRow))
        say(String(format: "scale %d: first sync %.1f s, %d articles, %.0f articles/s; row-by-row floor %.0f rows/s (%.2f×); peak RSS %.0f MiB above the emulator; %.0f B per article",
                     size, first, report.newArticles, rate, floorRate, rate / floorRate, peakAbove, Double(bytes) / Double(size)))
        add("first sync", rate, "articles/s", floor: floorRate, growthIsCost: false)
        add("first sync, µs per article", 1e6 / rate, "µs")
        add("peak RSS above emulator", peakAbove, "MiB")
        add("store bytes per article", Double(bytes) / Double(size), "B")

        let round = try RemoteSyncSteps.incremental(store: store, account: account, provider: provider, feeds: feeds, server: server)
        say(String(format: "scale %d: incremental sync %.2f s, %d requests, %d pushed, %d state changes (starred %d → %d)", size,
                     round.seconds, round.requests, round.report.pushed, round.report.stateChanges, round.starredBefore, round.starredAfter))
        add("incremental sync (100 + 100 changes)", round.seconds * 1000, "ms")

        let export = home.path + "/backup.json"
        let commands: [(String, [String])] = [
            ("article list", ["article", "list"]),
            ("article list --unread", ["article", "list", "--unread"]),
            ("article list --folder", ["article", "list", "--folder", "Folder 7"]),
        ] + ScaleCorpus.terms.map { ("article list --search \($0.name) '\($0.word)'", ["article", "list", "--search", $0.word]) } + [
            ("__complete feed move ''", ["__complete", "feed", "move", ""]),
            ("feed list --json", ["feed", "list", "--json"]),
            ("backup export", ["backup", "export", export]),
        ]
        var cpuFigures: [(String, Double)] = []
        for (name, arguments) in commands {
            _ = try ProcessTimer.runChecked([lector] + arguments, environment: home.environment)
            let samples = try ProcessTimer.measureCPU([lector] + arguments, environment: home.environment, runs: runs)
            let p50 = Percentiles(samples.map(\.milliseconds)).p50, cpu = Percentiles(samples.map(\.cpu)).p50
            say(String(format: "scale %d: %@ p50 %.1f ms (CPU %.1f ms)", size, name, p50, cpu))
            add(name + " p50", p50, "ms")
            cpuFigures.append((name, cpu))
        }
        // The CPU time of the same runs: on a machine shared with other work it is the steadier
        // figure of the two (the wall time also counts waiting for a core).
        for (name, cpu) in cpuFigures { add("CPU of " + name + " p50", cpu, "ms") }
        for term in ScaleCorpus.terms {
            let (hits, lectorTimes, raw, page) = try StoreBench.compareSearch(store, term.word, runs: searchRuns)
            say(String(format: "scale %d: search %@ '%@' (%d hits) in-process p50 %.2f ms, bare FTS5 MATCH %.2f ms (%.2f×); page floor %.2f ms (%.2f×)",
                         size, term.name, term.word, hits, lectorTimes.p50, raw.p50, lectorTimes.p50 / raw.p50, page.p50, lectorTimes.p50 / page.p50))
            add("search \(term.name) in-process p50", lectorTimes.p50, "ms", floor: raw.p50)
        }
        if !keep.isEmpty {
            try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            let copy = keep + "/scale-\(size).sqlite"
            try FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(atPath: copy)
            try FileManager.default.copyItem(atPath: home.databasePath, toPath: copy)
            say("scale \(size): store kept at \(copy)")
        }
        return figures
    }
}
