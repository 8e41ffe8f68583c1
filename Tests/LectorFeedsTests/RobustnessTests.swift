import Foundation
import LectorTestSupport
import Testing
@testable import LectorFeeds

/// Damaged input must end in a feed or a FeedParseError, never a crash or a hang.
@Suite("Robustness against damaged input", .enabled(if: SharedCorpus.isAvailable, "shared corpus not found (set LECTOR_SHARED)"))
struct RobustnessTests {
    @Test("truncated and byte-mutated corpus feeds never crash or hang")
    func mutations() {
        var rng = SeededGenerator(seed: 20_240_601)
        var outcomes = (parsed: 0, rejected: 0)
        for row in SharedCorpus.manifest("feeds") {
            let original = [UInt8](SharedCorpus.data("feeds", row["file"]!))
            guard original.count > 16 else { continue }
            for round in 0..<12 {
                var bytes = original
                if round < 4 {
                    bytes = Array(bytes.prefix(rng.below(bytes.count)))          // truncation
                } else {
                    for _ in 0..<(1 + rng.below(20)) {                           // byte flips
                        bytes[rng.below(bytes.count)] = UInt8(truncatingIfNeeded: rng.next())
                    }
                }
                let start = Date()
                do {
                    let feed = try FeedParser.parse(Data(bytes), url: nil, contentType: nil)
                    #expect(feed.items.allSatisfy { !$0.id.isEmpty }, "\(row["file"]!) round \(round): empty id")
                    outcomes.parsed += 1
                } catch {
                    #expect(!error.message.isEmpty, "error without message")
                    outcomes.rejected += 1
                }
                #expect(Date().timeIntervalSince(start) < 2, "\(row["file"]!) round \(round) took too long")
            }
        }
        #expect(outcomes.parsed > outcomes.rejected, "most damaged feeds should still parse leniently: \(outcomes)")
    }
}
