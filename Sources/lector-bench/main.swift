import Foundation

// lector-bench startup [--lector PATH] [--runs 50] [--feeds 1000] [--articles 100000] [--store PATH]
//
// Times whole `lector` processes on a generated store, beside the process floor (/bin/true)
// measured in the same run, and prints p50/p95 and the difference from the floor.

func option(_ name: String, default value: String, in arguments: [String]) -> String {
    guard let index = arguments.firstIndex(of: "--" + name), index + 1 < arguments.count else { return value }
    return arguments[index + 1]
}

func startup(_ arguments: [String]) throws {
    let runs = Int(option("runs", default: "50", in: arguments)) ?? 50
    let feeds = Int(option("feeds", default: "1000", in: arguments)) ?? 1_000
    let articles = Int(option("articles", default: "100000", in: arguments)) ?? 100_000
    let lector = option("lector", default: ".build/release/lector", in: arguments)
    let home = option("home", default: NSTemporaryDirectory() + "lector-bench-home", in: arguments)
    guard FileManager.default.isExecutableFile(atPath: lector) else {
        throw BenchError.usage("no lector binary at \(lector): build it with 'swift build -c release --static-swift-stdlib'")
    }
    let databasePath = home + "/data/lector.sqlite"
    let started = Date()
    if option("reuse-store", default: "no", in: arguments) == "no" || !FileManager.default.fileExists(atPath: databasePath) {
        try BenchStore.build(at: databasePath, feeds: feeds, articles: articles)
        print(String(format: "store: %d feeds, %d articles built in %.1f s (%@)", feeds, articles,
                     Date().timeIntervalSince(started), databasePath))
    }
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
    print("runs: \(runs) each, interleaved by case")
    print("case".padding(toLength: 40, withPad: " ", startingAt: 0) + "    p50 ms    p95 ms   p50 − floor")
    for (name, command) in cases {
        let result = Percentiles(try ProcessTimer.measure(command, environment: environment, runs: runs))
        if command == ["/bin/true"] { floor = result.p50 }
        print(name.padding(toLength: 40, withPad: " ", startingAt: 0)
              + String(format: "%10.2f%10.2f%14.2f", result.p50, result.p95, result.p50 - floor))
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "startup": try startup(arguments)
    default:
        throw BenchError.usage("usage: lector-bench startup [--lector PATH] [--runs N] [--feeds N] [--articles N] [--home DIR] [--reuse-store yes]")
    }
} catch {
    FileHandle.standardError.write(Data("lector-bench: \(error)\n".utf8))
    exit(1)
}
