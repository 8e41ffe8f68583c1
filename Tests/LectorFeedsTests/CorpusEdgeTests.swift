import Foundation
import Testing
@testable import LectorFeeds

@Suite("feedparser edge-case corpus", .enabled(if: SharedCorpus.isAvailable, "shared corpus not found (set LECTOR_SHARED)"))
struct CorpusEdgeTests {
    @Test("every edge file either parses or throws a FeedParseError, quickly")
    func everyEdgeFileTerminates() {
        let rows = SharedCorpus.manifest("edge")
        #expect(rows.count >= 300, "manifest should list the edge corpus")
        var parsed = 0
        for row in rows {
            let file = row["file"]!
            let started = Date()
            do {
                let feed = try FeedParser.parse(SharedCorpus.data("edge", file), url: nil, contentType: nil)
                parsed += 1
                for item in feed.items { #expect(!item.id.isEmpty, "\(file): empty id") }
            } catch {
                #expect(!error.message.isEmpty, "\(file): error without message")
            }
            #expect(Date().timeIntervalSince(started) < 1, "\(file) took too long")
        }
        #expect(parsed > 280, "most edge files are well-formed feeds; only \(parsed) parsed")
    }

    @Test("well-formed edge files parse without error")
    func wellformedParse() {
        for row in SharedCorpus.manifest("edge") where row["file"]!.hasPrefix("wellformed/") {
            let file = row["file"]!
            do {
                _ = try parseEdge(file)
            } catch {
                Issue.record("\(file): \(error.message)")
            }
        }
    }
}
