import Foundation

// lector-bench SUBCOMMAND [options]: measures Lector beside peers measured in the same run.
// Each subcommand lives in its own file; this one only dispatches.

let usage = """
    usage: lector-bench startup    [--lector PATH] [--runs N] [--feeds N] [--articles N] [--home DIR] [--reuse-store yes]
           lector-bench parse      [--corpus DIR] [--passes N]
           lector-bench parse-one  [--raw] FILE          (peak RSS of one parse, in a fresh process)
           lector-bench sync-local [--lector PATH] [--corpus DIR] [--rounds N] [--newsboat-threads N]
           lector-bench sync-breakdown [--corpus DIR]     (a cold sync's steps in-process, no network)
           lector-bench store      [--rows N] [--rounds N] [--runs N] [--home DIR] [--reuse-store yes]
           lector-bench backup     [--lector PATH] [--accounts N] [--subscriptions N] [--runs N]
           lector-bench extract    [--dump DIR]          (Readability and articles corpora: F1, time per page)
           lector-bench sync-remote [--items N] [--folders N]  (first and incremental sync from the GReader emulator)
           lector-bench repl-memory [--lector PATH] [--commands N]  (RSS of one long session after 10 and N commands)
           lector-bench scale      [--sizes 10000,100000,1000000] [--lector PATH] [--runs N] [--search-runs N] [--keep-stores DIR]
           lector-bench scale-search --stores DIR [--search-runs N] [--terms rare,medium,common]  (scale's in-process searches again, on kept stores)
           lector-bench rules      [--sizes 10000,100000,1000000] [--lector PATH] [--runs N] [--rules N] [--home DIR] [--reuse-store yes]  (rules in a first sync; rule test and --where beside --search)
           lector-bench duplicates [--articles N] [--share PERCENT] [--lector PATH] [--home DIR] [--reuse-store yes] [--keying-before no]  (article duplicates: time, precision and recall)
           lector-bench mcp        [--sizes 100000,1000000] [--lector PATH] [--runs N] [--home DIR] [--reuse-store yes]  (lector mcp tools/call of a search and a 20-article page beside article list)
           lector-bench feed-check [--feeds N] [--hosts N] [--latency-ms N]  (feed check beside serial conditional GETs)
           lector-bench feed-apply [--feeds N] [--folders N]  (feed apply into an empty account on the GReader emulator)
           lector-bench starred    [--sizes 1000,10000]  (starred archive export and restore, GReader and Miniflux emulators)
           lector-bench browse     [--lector PATH] [--articles N] [--feeds N] [--runs N] [--presses N] [--home DIR] [--reuse-store yes]
           lector-bench undo       [--items N] [--stored N] [--rounds N] [--services freshrss,miniflux]  (undo of a mark-all-read beside the mark: time and requests)
           lector-bench summary    FILE                  (the table of rows gathered through LECTOR_BENCH_SUMMARY)
    """

let arguments = Array(CommandLine.arguments.dropFirst())
let options = BenchOptions(arguments)
do {
    switch arguments.first {
    case "startup": try StartupBench.run(options)
    case "browse": try BrowseBench.run(options)
    case "parse": try ParseBench.run(options)
    case "parse-one": try ParseOne.run(Array(arguments.dropFirst()))
    case "sync-local": try SyncLocalBench.run(options)
    case "sync-breakdown": try SyncBreakdown.run(options)
    case "store": try StoreBench.run(options)
    case "backup": try BackupBench.run(options)
    case "extract": try ExtractBench.run(options)
    case "sync-remote": try SyncRemoteBench.run(options)
    case "repl-memory": try ReplMemoryBench.run(options)
    case "scale": try ScaleBench.run(options)
    case "scale-search": try ScaleSearchBench.run(options)
    case "rules": try RulesBench.run(options)
    case "duplicates": try DuplicatesBench.run(options)
    case "mcp": try MCPBench.run(options)
    case "feed-check": try FeedCheckBench.run(options)
    case "feed-apply": try FeedApplyBench.run(options)
    case "starred": try StarredArchiveBench.run(options)
    case "undo": try UndoBench.run(options)
    case "summary": try Summary.printTable(Array(arguments.dropFirst()))
    default: throw BenchError.usage(usage)
    }
} catch BenchError.skipped(let reason) {
    print("lector-bench \(arguments.first ?? ""): skipped: \(reason)")
} catch {
    FileHandle.standardError.write(Data("lector-bench: \(error)\n".utf8))
    exit(1)
}
