import Foundation
import Testing

/// The randomized sync properties (issue 6) for the Miniflux and Feedbin providers.
@Suite("Miniflux and Feedbin sync properties")
struct MinifluxFeedbinPropertyTests {
    @Test("Miniflux: after random local and remote changes, faults and syncs, a fault-free sync leaves local = server = expected")
    func minifluxProperties() throws {
        try checkSyncProperties("Miniflux", runs: 200, steps: 14, baseSeed: 0x3_F1C5) { _ in try MinifluxPropertyHarness(articles: 6) }
    }

    @Test("Feedbin: after random local and remote changes, faults and syncs, a fault-free sync leaves local = server = expected")
    func feedbinProperties() throws {
        try checkSyncProperties("Feedbin", runs: 200, steps: 14, baseSeed: 0xFEED_B1) { _ in try FeedbinPropertyHarness(articles: 6) }
    }
}
