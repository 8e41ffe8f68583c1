import Foundation
import Testing

/// The randomized sync properties (issue 6) for the GReader and Fever providers: seeded,
/// reproducible; a failing run prints its seed and the trace of what happened.
@Suite("GReader and Fever sync properties")
struct GReaderFeverPropertyTests {
    @Test("GReader: after random local and remote changes, faults and syncs, a fault-free sync leaves local = server = expected")
    func greaderProperties() throws {
        try checkSyncProperties("GReader", runs: 200, steps: 14, baseSeed: 0x6_1EAD_E200) { _ in
            try GReaderPropertyHarness(articles: 6)
        }
    }

    @Test("Fever: after random local and remote changes, faults and syncs, a fault-free sync leaves local = server = expected")
    func feverProperties() throws {
        try checkSyncProperties("Fever", runs: 200, steps: 14, baseSeed: 0xFE_4E00) { seed in
            try FeverPropertyHarness(articles: 6, savedToggles: seed % 2 == 1)
        }
    }
}
