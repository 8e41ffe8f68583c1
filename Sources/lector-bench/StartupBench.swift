import Foundation

// lector-bench startup [--lector PATH] [--runs 50] [--feeds 1000] [--articles 100000] [--home DIR] [--reuse-store yes]
//
// Times whole `lector` processes on a generated store, beside the process floor (/bin/true)
// measured in the same run, and prints p50/p95 and the difference from the floor.
enum StartupBench {
    /// Where `startup` keeps its store; `store` searches the same one.
    static let defaultHome = NSTemporaryDirectory() + "lector-bench-home"

    /// Builds the 1,000-feed / 100,000-article store unless asked to reuse one that exists.
    static func prepareStore(_ options: BenchOptions, reuseByDefault: Bool = false) throws -> String {
        let feeds = try options.int("feeds", default: 1_000)
        let articles = try options.int("articles", default: 100_000)
        let databasePath = options.string("home", default: defaultHome) + "/data/lector.sqlite"
        if options.string("reuse-store", default: reuseByDefault ? "yes" : "no") == "no" || !FileManager.default.fileExists(atPath: databasePath) {
            let seconds = try secondsElapsed { try BenchStore.build(at: databasePath, feeds: feeds, articles: articles) }
            print(String(format: "store: %d feeds, %d articles built in %.1f s (%@)", feeds, articles, seconds, databasePath))
        }
        return databasePath
    }

    static func run(_ options: BenchOptions) throws {
        let runs = try options.int("runs", default: 50)
        let lector = try options.lector()
        let home = options.string("home", default: defaultHome)
        _ = try prepareStore(options)
        let environment = ["LECTOR_HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let cases: [(String, [String])] = [
            ("process floor: /bin/true", ["/bin/true"]),
            ("lector version", [lector, "version"]),
            ("lector __complete feed move ''", [lector, "__complete", "feed", "move", ""]),
            ("lector __complete feed move 'Sw'", [lector, "__complete", "feed", "move", "Sw"]),
            ("lector feed list --json", [lector, "feed", "list", "--json"]),
        ]
        // One warm-up each, so the page cache holds the binaries and the store for every case alike.
        for (_, command) in cases { _ = try ProcessTimer.measure(command, environment: environment, runs: 1) }
        var floor = 0.0
        if let bytes = (try? FileManager.default.attributesOfItem(atPath: lector))?[.size] as? Int {
            print(String(format: "binary: %.1f MB (%@)", Double(bytes) / 1_048_576, lector))
            Summary.record("startup", "binary size", lector: String(format: "%.1f MB", Double(bytes) / 1_048_576),
                           peer: "—", ratio: "—", goal: "< 30 MB")
        }
        print("runs: \(runs) each, case after case")
        print("case".padding(toLength: 40, withPad: " ", startingAt: 0) + "    p50 ms    p95 ms   p50 − floor   page faults")
        for (name, command) in cases {
            let samples = try ProcessTimer.measureFaults(command, environment: environment, runs: runs)
            let result = Percentiles(samples.map(\.milliseconds))
            // Page faults hardly vary between runs; the median is the figure to compare across machines.
            let faults = samples.map(\.faults).sorted()[samples.count / 2]
            if command == ["/bin/true"] { floor = result.p50 }
            print(name.padding(toLength: 40, withPad: " ", startingAt: 0)
                  + String(format: "%10.2f%10.2f%14.2f%14d", result.p50, result.p95, result.p50 - floor, faults))
            if command != ["/bin/true"] {
                Summary.record("startup", name, lector: String(format: "%.2f ms", result.p50), peer: String(format: "/bin/true %.2f ms", floor),
                               ratio: String(format: "+%.2f ms", result.p50 - floor), goal: "—")
            }
        }
    }
}
