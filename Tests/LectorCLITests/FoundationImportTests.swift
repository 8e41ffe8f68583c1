import Foundation
import Testing

/// The binary links FoundationEssentials only (issue 16): one `import Foundation` in product code
/// brings back FoundationInternationalization and its ICU data, 40 MB and a slower start-up.
@Suite("Product code imports FoundationEssentials only")
struct FoundationImportTests {
    /// Test support, the benchmark and the probes are not linked into `lector`.
    static let exempt = ["LectorTestSupport", "lector-bench", "http-probe", "keyring-probe"]

    @Test("no file linked into lector imports Foundation or FoundationNetworking")
    func noFullFoundation() throws {
        let sources = URL(fileURLWithPath: TestBinary.repositoryRoot).appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { path in path.hasSuffix(".swift") && !Self.exempt.contains { path.hasPrefix($0 + "/") } }
        #expect(files.count > 100, "too few sources found under \(sources.path)")
        var offenders: [String] = []
        for file in files.sorted() {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains(/^\s*(@_exported\s+)?import\s+(Foundation|FoundationNetworking|FoundationInternationalization)\s*$/) {
                offenders.append("Sources/\(file): \(line)")
            }
        }
        #expect(offenders.isEmpty, "full Foundation imported (use FoundationEssentials and LectorBasics):\n\(offenders.joined(separator: "\n"))")
    }
}
