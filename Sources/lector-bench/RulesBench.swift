import Foundation
import LectorHTTP
import LectorStore
import LectorSync
import LectorTestSupport

// lector-bench rules [--sizes 10000,100000,1000000] [--lector PATH] [--runs 5] [--rules 50] [--home DIR] [--reuse-store yes]
//
// Rules at scale, on the scale corpus synced from the GReader emulator on loopback:
// - the first sync of SIZE articles, then the enabled rules (a mix of contains, matches and field
//   tests) run over what it brought in — the very call `AccountManager.sync` makes after a sync —
//   the rules' time as a share of the sync's (the goal is at most 10 %);
// - `lector rule test` and `lector article list --where` for a contains rule, rare and common
//   word, p50 of whole processes, beside `lector article list --search` for the same word (the peer).
// With --home, each size's home is DIR/SIZE and stays; with --reuse-store yes a home that holds a
// store already skips the sync and the rules' pass and measures only the commands.
enum RulesBench {
    static func run(_ options: BenchOptions) throws {
        let sizes = try options.string("sizes", default: "10000,100000,1000000").split(separator: ",").map { text throws -> Int in
            guard let size = Int(text), size >= 1_000 else { throw BenchError.usage("--sizes takes article counts of at least 1000 (got '\(text)')") }
            return size
        }
        let lector = try options.lector()
        let runs = try options.int("runs", default: 5)
        let ruleCount = try options.int("rules", default: 50)
        let kept = options.string("home", default: "")
        let reuse = options.string("reuse-store", default: "no") != "no"
        for size in sizes {
            let home = kept.isEmpty ? try LectorHome(lector: lector, purpose: "rules") : LectorHome(lector: lector, path: kept + "/\(size)")
            defer { if kept.isEmpty { home.remove() } }
            if !(reuse && FileManager.default.fileExists(atPath: home.databasePath)) {
                try syncAndRule(size, home: home, ruleCount: ruleCount)
            }
            try measureCommands(size, home: home, runs: runs)
        }
    }

    /// `count` rules of the mix: contains (title and content), matches (title and url) and field tests.
    static func rules(_ count: Int) -> [(String, RuleAction)] {
        let words = ScaleCorpus.vocabulary
        let actions: [RuleAction] = [.read, .star, .hide]
        return (0..<count).map { index in
            let word = words[(index * 397) % words.count], other = words[(index * 911 + 5) % words.count]
            let filter: String = switch index % 5 {
            case 0: "title contains \(word)"
            case 1: "content contains \"\(word) \(other)\" and unread"
            case 2: "title matches \"^\(word) \""
            case 3: "url matches \"/\(index)[0-9]*7$\" or author contains \(word)"
            default: "feed = 'Feed \(index % 20)-\(index % 5)' and not starred and age > 30d"
            }
            return (filter, actions[index % actions.count])
        }
    }

    static func syncAndRule(_ size: Int, home: LectorHome, ruleCount: Int) throws {
        let feeds = ScaleCorpus.build(items: size)
        let emulator = GReaderEmulator(store: feeds, accounts: [ScaleBench.user])
        let server = try LoopbackServer(handler: emulator.handler)
        defer { server.stop() }
        try? FileManager.default.removeItem(atPath: home.path)
        try FileManager.default.createDirectory(atPath: home.path + "/data", withIntermediateDirectories: true)
        let store = try Store(path: home.databasePath)
        let account = try store.accounts.insert(kind: .freshrss, name: "Bench", url: server.baseURL.absoluteString + GReaderEmulator.basePath + "/",
                                                username: ScaleBench.user.username)
        for (index, rule) in rules(ruleCount).enumerated() {
            try store.rules.add(name: "rule \(index)", expression: rule.0, action: rule.1, scope: RuleScope())
        }
        let provider = try Providers.make(for: account, secret: ScaleBench.user.password, http: HTTPClient())
        let engine = SyncEngine(store: store, account: account, provider: provider) { _ in server.clearLog() }
        let sync = try secondsElapsed { _ = try engine.run(since: nil) }
        var outcomes: [RuleOutcome] = []
        let ruling = try secondsElapsed {
            outcomes = try store.ruleEngine.runNewArticles(accountID: account.id, now: Date().timeIntervalSince1970)
        }
        let matched = outcomes.reduce(0) { $0 + $1.matched.count }
        ScaleBench.say(String(format: "rules %d: first sync %.2f s; %d rules over its articles %.3f s (%d matches) = %.1f %% of the sync",
                              size, sync, outcomes.count, ruling, matched, 100 * ruling / sync))
    }

    private static func measureCommands(_ size: Int, home: LectorHome, runs: Int) throws {
        let lector = home.lector
        for (name, word) in [("rare", "quasar"), ("common", "river")] {
            let filter = "content contains \(word)"
            let commands: [(String, [String])] = [
                ("article list --search \(word)", ["article", "list", "--search", word]),
                ("rule test '\(filter)'", ["rule", "test", filter]),
                ("article list --where '\(filter)'", ["article", "list", "--all", "--where", filter]),
            ]
            var peer = 0.0
            for (label, arguments) in commands {
                _ = try ProcessTimer.runChecked([lector] + arguments, environment: home.environment)
                let p50 = Percentiles(try ProcessTimer.measureCPU([lector] + arguments, environment: home.environment, runs: runs).map(\.milliseconds)).p50
                if peer == 0 { peer = p50 }
                ScaleBench.say(String(format: "rules %d: %@ word: %@ p50 %.1f ms (%.2f× --search)", size, name, label, p50, p50 / peer))
            }
        }
    }
}
