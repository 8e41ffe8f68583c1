import Foundation
import LectorTestSupport
import LectorFeeds

// lector-bench parse [--corpus DIR] [--passes 7]
//
// FeedParser.parse throughput beside a libxml2 SAX2 pass that only counts elements over the same
// bytes held in memory (the practical ceiling), median of several passes, Lector and libxml2
// alternating pass by pass; then the peak RSS of parsing the 5 MB feed, each in a fresh process.
// MB here is 10^6 bytes.
enum ParseBench {
    /// One set of files, read into memory before any timing.
    struct FileSet {
        let name: String
        let documents: [(path: String, data: Data)]
        var bytes: Int { documents.reduce(0) { $0 + $1.data.count } }

        init(_ name: String, _ paths: [String]) {
            self.name = name
            documents = paths.compactMap { path in FileManager.default.contents(atPath: path).map { (path, $0) } }
        }
    }

    static func run(_ options: BenchOptions) throws {
        let passes = try options.int("passes", default: 7)
        let corpus = try SharedCorpus.generated(options)
        var sets = [FileSet("generated feeds (200)", SharedCorpus.files(in: corpus + "/feeds", extensions: ["xml"])),
                    FileSet("generated big.xml", [corpus + "/big/big.xml"])]
        let sharedFeeds = SharedCorpus.root + "/corpus/feeds"
        if FileManager.default.fileExists(atPath: sharedFeeds) {
            sets.append(FileSet("shared corpus/feeds, XML", SharedCorpus.files(in: sharedFeeds, extensions: ["xml", "rss", "atom", "rdf"])))
        } else {
            print("shared corpus/feeds: skipped: no \(sharedFeeds)")
        }
        print("parse: \(passes) passes per set, median; Lector = FeedParser.parse, peer = libxml2 SAX2 counting elements only")
        print("set".padding(toLength: 30, withPad: " ", startingAt: 0) + "  files      MB   Lector MB/s  libxml2 MB/s   ratio")
        for set in sets where !set.documents.isEmpty {
            try measure(set, passes: passes)
        }
        if FileManager.default.fileExists(atPath: sharedFeeds) {
            // JSON Feed has no libxml2 peer: its figure stands alone.
            let json = FileSet("shared corpus/feeds, JSON", SharedCorpus.files(in: sharedFeeds, extensions: ["json"]))
            let seconds = median((0..<passes).map { _ in secondsElapsed { _ = lectorPass(json) } })
            print(String(format: "%@ %5d %7.2f %13.1f  (no libxml2 peer)", json.name.padding(toLength: 30, withPad: " ", startingAt: 0),
                         json.documents.count, Double(json.bytes) / 1e6, Double(json.bytes) / 1e6 / seconds))
        }
        try peakMemory(corpus + "/big/big.xml")
    }

    private static func measure(_ set: FileSet, passes: Int) throws {
        var lectorTimes: [Double] = [], rawTimes: [Double] = []
        var items = 0, failures: [String] = [], elements = 0
        for _ in 0..<passes {
            lectorTimes.append(secondsElapsed { (items, failures) = lectorPass(set) })
            rawTimes.append(secondsElapsed { elements = set.documents.reduce(0) { $0 + RawSAXCounter.count($1.data) } })
        }
        if !failures.isEmpty { print("  \(failures.count) file(s) did not parse: " + failures.joined(separator: ", ")) }
        guard items > 0, elements > items else { throw BenchError.check("\(set.name): \(items) items, \(elements) elements") }
        let megabytes = Double(set.bytes) / 1e6
        let lector = megabytes / median(lectorTimes), raw = megabytes / median(rawTimes)
        print(String(format: "%@ %5d %7.2f %13.1f %13.1f %7.2f   (%d items, %d elements)",
                     set.name.padding(toLength: 30, withPad: " ", startingAt: 0), set.documents.count, megabytes,
                     lector, raw, lector / raw, items, elements))
        Summary.record("parse", "throughput, \(set.name)", lector: String(format: "%.0f MB/s", lector),
                       peer: String(format: "libxml2 count-only %.0f MB/s", raw), ratio: String(format: "%.3f×", lector / raw),
                       goal: "≥ 0.50×: " + Summary.verdict(lector / raw >= 0.5))
    }

    /// Parses every document once; returns the items found and the files that failed.
    private static func lectorPass(_ set: FileSet) -> (items: Int, failures: [String]) {
        var items = 0
        var failures: [String] = []
        for document in set.documents {
            let name = URL(fileURLWithPath: document.path).lastPathComponent
            do {
                items += try FeedParser.parse(document.data, url: URL(string: "http://127.0.0.1/feeds/" + name), contentType: nil).items.count
            } catch {
                failures.append(name)
            }
        }
        return (items, failures)
    }

    private static func peakMemory(_ file: String) throws {
        let lector = try ParseOne.measure(file: file, raw: false)
        let raw = try ParseOne.measure(file: file, raw: true)
        print(String(format: "peak RSS parsing big.xml in a fresh process: Lector %.1f MiB (%d items), libxml2 count-only %.1f MiB (%d elements)",
                     Double(lector.peakKiB) / 1024, lector.count, Double(raw.peakKiB) / 1024, raw.count))
        Summary.record("parse", "peak RSS, big.xml (fresh process)", lector: String(format: "%.1f MiB", Double(lector.peakKiB) / 1024),
                       peer: String(format: "libxml2 count-only %.1f MiB", Double(raw.peakKiB) / 1024),
                       ratio: String(format: "%.2f×", Double(lector.peakKiB) / Double(raw.peakKiB)), goal: "—")
    }
}
