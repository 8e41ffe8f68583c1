import Foundation
import Testing
@testable import LectorFeeds

@Suite("Real-world feeds corpus", .enabled(if: SharedCorpus.isAvailable, "shared corpus not found (set LECTOR_SHARED)"))
struct CorpusFeedsTests {
    @Test("every feed in the corpus parses to its format with non-empty ids")
    func everyFeedParses() throws {
        let rows = SharedCorpus.manifest("feeds")
        #expect(rows.count >= 30, "manifest should list the corpus feeds")
        for row in rows {
            let file = row["file"]!
            let data = SharedCorpus.data("feeds", file)
            let feed: ParsedFeed
            do {
                feed = try FeedParser.parse(data, url: URL(string: "https://example.net/\(file)"), contentType: nil)
            } catch {
                Issue.record("\(file) failed to parse: \(error.message)")
                continue
            }
            if let expected = FeedFormat(rawValue: row["format_guess"] ?? "") {
                #expect(feed.format == expected, "\(file): format \(feed.format) but manifest says \(expected)")
            }
            #expect(!feed.items.isEmpty, "\(file) yielded no items")
            for item in feed.items {
                #expect(!item.id.isEmpty, "\(file): item '\(item.title)' has an empty id")
            }
            #expect(FeedParser.looksLikeFeed(data), "\(file) should sniff as a feed")
        }
    }

    @Test("parsing the corpus concurrently gives the same results as sequentially")
    func concurrentParsing() async {
        let files = SharedCorpus.manifest("feeds").map { $0["file"]! }
        let inputs = files.map { SharedCorpus.data("feeds", $0) }
        let sequential = inputs.map { try? FeedParser.parse($0, url: nil, contentType: nil) }
        let concurrent = await withTaskGroup(of: (Int, ParsedFeed?).self) { group in
            for _ in 0..<3 {
                for (i, data) in inputs.enumerated() {
                    group.addTask { (i, try? FeedParser.parse(data, url: nil, contentType: nil)) }
                }
            }
            var results: [Int: [ParsedFeed?]] = [:]
            for await (i, feed) in group { results[i, default: []].append(feed) }
            return results
        }
        for (i, file) in files.enumerated() {
            for feed in concurrent[i] ?? [] {
                #expect(feed == sequential[i], "\(file): concurrent parse differs from sequential")
            }
        }
    }
}
