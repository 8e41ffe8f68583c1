import Foundation
import LectorStore

// lector-bench scale-search --stores DIR [--search-runs N] [--terms rare,medium,common]
//
// The in-process search figures of `scale` again, on the stores a `scale --keep-stores DIR` run
// left behind (DIR/scale-SIZE.sqlite): the rare, medium and common term through
// `articles.list(search:)` beside a bare FTS5 MATCH and beside the page floor (that MATCH
// joined to the shown columns of its rows), without syncing the accounts again.
enum ScaleSearchBench {
    static func run(_ options: BenchOptions) throws {
        let directory = options.string("stores", default: "")
        guard !directory.isEmpty else { throw BenchError.usage("scale-search wants --stores DIR, a directory a 'scale --keep-stores DIR' run filled") }
        let runs = try options.int("search-runs", default: 50)
        let names = options.string("terms", default: ScaleCorpus.terms.map(\.name).joined(separator: ",")).split(separator: ",").map(String.init)
        let terms = ScaleCorpus.terms.filter { names.contains($0.name) }
        guard !terms.isEmpty else { throw BenchError.usage("--terms takes some of rare, medium, common") }
        let stores = try FileManager.default.contentsOfDirectory(atPath: directory)
            .compactMap { name -> (size: Int, path: String)? in
                guard name.hasPrefix("scale-"), name.hasSuffix(".sqlite"),
                      let size = Int(name.dropFirst("scale-".count).dropLast(".sqlite".count)) else { return nil }
                return (size, directory + "/" + name)
            }
            .sorted { $0.size < $1.size }
        guard !stores.isEmpty else { throw BenchError.usage("no scale-SIZE.sqlite in \(directory)") }
        for (size, path) in stores {
            let store = try Store(path: path)
            for term in terms {
                let (hits, lector, raw, page) = try StoreBench.compareSearch(store, term.word, runs: runs)
                print(String(format: "scale %d: search %@ '%@' (%d hits) in-process p50 %.3f ms, bare FTS5 MATCH %.3f ms (%.2f×); page floor %.3f ms (%.2f×)",
                             size, term.name, term.word, hits, lector.p50, raw.p50, lector.p50 / raw.p50, page.p50, lector.p50 / page.p50))
            }
        }
    }
}
