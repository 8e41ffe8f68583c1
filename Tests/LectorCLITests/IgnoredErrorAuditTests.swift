import Foundation
import Testing

/// Every `try?` in product code says why ignoring the failure is right (issue 15: 82 of them,
/// several on paths that changed state or read the keyring, hid real failures). A new one
/// without a reason fails here: handle the error, or write the reason beside it.
@Suite("Ignored errors are explained")
struct IgnoredErrorAuditTests {
    /// Test support, the benchmark and the probes are not product code.
    static let exempt = ["LectorTestSupport", "lector-bench", "http-probe", "keyring-probe"]
    /// How far above a `try?` its comment may be: a comment covers the statement it opens.
    static let reach = 12

    @Test("each try? in Sources has a comment saying why, on its line or just above")
    func everyTryQuestionMarkIsExplained() throws {
        let sources = URL(fileURLWithPath: TestBinary.repositoryRoot).appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { path in path.hasSuffix(".swift") && !Self.exempt.contains { path.hasPrefix($0 + "/") } }
        var total = 0
        var unexplained: [String] = []
        for file in files.sorted() {
            let lines = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            // The code before any comment: a comment that names try? is not one.
            for (index, line) in lines.enumerated() where line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false)[0].contains(/\btry\?/) {
                total += 1
                let nearby = lines[max(0, index - Self.reach)...index]
                if !nearby.contains(where: { $0.contains("//") }) {
                    unexplained.append("Sources/\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(total > 0, "no try? found at all: is \(sources.path) the sources folder?")
        #expect(unexplained.isEmpty, "try? without a reason (handle the error or say why ignoring it is safe):\n\(unexplained.joined(separator: "\n"))")
    }
}
