import Foundation

// lector-bench sync-local [--lector PATH] [--corpus DIR] [--rounds 3] [--newsboat-threads N]
//
// The 200 generated feeds served by a private nginx on 127.0.0.1. Per round, with fresh state:
// Lector (local account, OPML import, then `lector sync` cold and again warm) and newsboat
// (`-x reload` three times: cold, a second that re-downloads everything, a third that is all 304).
// Medians over the rounds; nginx is stopped at the end whatever happens.
enum SyncLocalBench {
    struct SyncCounts: Equatable {
        var updated = 0, unchanged = 0, new = 0
    }

    static func run(_ options: BenchOptions) throws {
        let lector = try options.lector()
        let rounds = try options.int("rounds", default: 3)
        let threads = try options.int("newsboat-threads", default: Newsboat.defaultReloadThreads)
        let corpus = try SharedCorpus.generated(options)
        let names = SharedCorpus.files(in: corpus + "/feeds", extensions: ["xml"]).map { URL(fileURLWithPath: $0).lastPathComponent }
        let server = try NginxServer(root: corpus)
        defer { server.stop() }
        let urls = names.map { server.url("feeds/" + $0) }
        let expectedEntries = try expectedEntryCount(corpus)
        print("sync-local: \(urls.count) feeds, \(expectedEntries) entries, nginx on 127.0.0.1:\(server.port); newsboat reload-threads \(threads)"
              + (threads == Newsboat.defaultReloadThreads ? " (its default)" : "") + "; Lector fetches up to 4 feeds ahead of its one writer")
        try checkValidators(server.url("feeds/" + names[0]))

        var lectorCold: [Double] = [], lectorWarm: [Double] = []
        var newsboatCold: [Double] = [], newsboatSecond: [Double] = [], newsboatThird: [Double] = []
        for round in 1...rounds {
            let (cold, warm) = try lectorRound(lector: lector, urls: urls, expectedEntries: expectedEntries)
            lectorCold.append(cold)
            lectorWarm.append(warm)
            let newsboat = try Newsboat(urls: urls, threads: threads)
            defer { newsboat.remove() }
            newsboatCold.append(try newsboat.reload())
            let cached = newsboat.cachedItems()
            guard cached == expectedEntries else { throw BenchError.check("newsboat cached \(cached) items, expected \(expectedEntries)") }
            newsboatSecond.append(try newsboat.reload())
            newsboatThird.append(try newsboat.reload())
            print(String(format: "round %d: Lector cold %.0f ms, warm %.0f ms | newsboat cold %.0f ms, 2nd %.0f ms, 3rd (all 304) %.0f ms",
                         round, cold, warm, newsboatCold.last!, newsboatSecond.last!, newsboatThird.last!))
        }
        let cold = median(lectorCold), warm = median(lectorWarm)
        let peerCold = median(newsboatCold), peerThird = median(newsboatThird)
        print(String(format: "median of %d: Lector cold %.0f ms, warm %.0f ms; newsboat cold %.0f ms, 2nd %.0f ms, 3rd %.0f ms",
                     rounds, cold, warm, peerCold, median(newsboatSecond), peerThird))
        Summary.record("sync-local", "cold sync, 200 feeds × 50", lector: String(format: "%.2f s", cold / 1000),
                       peer: String(format: "newsboat (%d thr) %.2f s", threads, peerCold / 1000), ratio: String(format: "%.3f×", cold / peerCold),
                       goal: "≤ 0.50×: " + Summary.verdict(cold / peerCold <= 0.5))
        if threads != 2 { try referenceSetup(urls: urls, lectorCold: cold) }
        Summary.record("sync-local", "warm sync (all 304)", lector: String(format: "%.2f s", warm / 1000),
                       peer: String(format: "newsboat 3rd reload %.2f s", peerThird / 1000), ratio: String(format: "%.3f×", warm / peerThird),
                       goal: "< 0.25×: " + Summary.verdict(warm / peerThird < 0.25))
    }

    /// One newsboat round with 2 reload threads, as in the shared reference table: context, not the peer.
    private static func referenceSetup(urls: [String], lectorCold: Double) throws {
        let newsboat = try Newsboat(urls: urls, threads: 2)
        defer { newsboat.remove() }
        let cold = try newsboat.reload()
        let second = try newsboat.reload()
        let third = try newsboat.reload()
        print(String(format: "for reference, newsboat with 2 reload threads: cold %.0f ms, 2nd %.0f ms, 3rd %.0f ms", cold, second, third))
        Summary.record("sync-local", "cold sync vs newsboat 2 threads (reference setup)", lector: String(format: "%.2f s", lectorCold / 1000),
                       peer: String(format: "newsboat (2 thr) %.2f s", cold / 1000), ratio: String(format: "%.2f×", lectorCold / cold), goal: "—")
    }

    /// A fresh LECTOR_HOME: local account, OPML import, then a cold and a warm `lector sync` (milliseconds).
    private static func lectorRound(lector: String, urls: [String], expectedEntries: Int) throws -> (cold: Double, warm: Double) {
        let home = try LectorHome(lector: lector, purpose: "sync")
        defer { home.remove() }
        try home.run("account", "add", "local", "--name", "Bench")
        let opml = home.path + "/feeds.opml"
        try opmlDocument(urls).write(toFile: opml, atomically: true, encoding: .utf8)
        try home.run("opml", "import", opml)
        let cold = try home.run("sync")
        let coldCounts = counts(cold.output)
        guard coldCounts == SyncCounts(updated: urls.count, unchanged: 0, new: expectedEntries) else {
            throw BenchError.check("cold lector sync said: \(cold.output.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        let warm = try home.run("sync")
        let warmCounts = counts(warm.output)
        guard warmCounts.new == 0, warmCounts.unchanged == urls.count else {
            throw BenchError.check("warm lector sync should find nothing new; it said: \(warm.output.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        return (cold.milliseconds, warm.milliseconds)
    }

    /// The figures of a local sync line: "Bench: N feed(s) updated, N unchanged, N new article(s)".
    static func counts(_ output: String) -> SyncCounts {
        func number(before label: String) -> Int {
            guard let range = output.range(of: label) else { return -1 }
            let digits = output[..<range.lowerBound].reversed().drop(while: { $0 == " " }).prefix(while: \.isNumber)
            return Int(String(digits.reversed())) ?? -1
        }
        return SyncCounts(updated: number(before: " feed(s) updated"), unchanged: number(before: " unchanged"),
                          new: number(before: " new article(s)"))
    }

    static func opmlDocument(_ urls: [String]) -> String {
        let outlines = urls.enumerated().map { index, url in
            "    <outline type=\"rss\" text=\"Bench \(index)\" title=\"Bench \(index)\" xmlUrl=\"\(url)\"/>"
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n  <head><title>lector-bench</title></head>\n  <body>\n"
            + outlines.joined(separator: "\n") + "\n  </body>\n</opml>\n"
    }

    /// Entries over all generated feeds, from the generator's manifest.
    private static func expectedEntryCount(_ corpus: String) throws -> Int {
        guard let data = FileManager.default.contents(atPath: corpus + "/manifest.json"),
              let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw BenchError.check("cannot read \(corpus)/manifest.json")
        }
        for key in ["feed_entries", "entries"] {
            if let value = object[key] as? Int { return value }
        }
        if let feeds = object["feeds"] as? Int, let perFeed = object["entries_per_feed"] as? Int { return feeds * perFeed }
        throw BenchError.check("manifest.json names no entry count: keys \(object.keys.sorted())")
    }

    /// nginx must send real validators, or the warm figures would measure something else.
    private static func checkValidators(_ url: String) throws {
        let run = try ProcessTimer.runChecked(["/usr/bin/env", "python3", "-c", """
            import sys, urllib.request
            r = urllib.request.urlopen(sys.argv[1])
            print("etag" if r.headers.get("ETag") else "", "last-modified" if r.headers.get("Last-Modified") else "")
            """, url])
        guard run.output.contains("etag"), run.output.contains("last-modified") else {
            throw BenchError.check("nginx sent no ETag/Last-Modified for \(url)")
        }
    }
}
