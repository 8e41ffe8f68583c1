import Foundation
import Testing
@testable import LectorCLI

/// The manual that travels with the binary is docs/ as checked in: Sources/LectorCLI/Manual/
/// ManualPages.swift holds its pages as string literals, and this test fails when they drift
/// (`UPDATE_DOCS=1 swift test --filter Manual` writes the file again).
@Suite("Manual: the pages of docs/ are the pages `lector help TOPIC` prints")
struct ManualTests {
    private let root = TestBinary.repositoryRoot
    /// Pages rendered from code at run time (the settings registry, the backup format) and the
    /// contributors' page, which is about the source tree, are not compiled in.
    private static let notEmbedded: Set<String> = ["settings.md", "backup.md", "development.md"]

    private func docsPages() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root + "/docs").filter { $0.hasSuffix(".md") }.sorted()
    }

    /// The generated source, byte for byte as the generator writes it.
    private func rendered() throws -> String {
        var lines = [
            "// Generated from the pages under docs/ by Tests/LectorCLITests/ManualTests.swift: do not edit by hand;",
            "// run `UPDATE_DOCS=1 swift test --filter Manual` after changing a page.",
            "enum ManualPages {",
            "    static let byFile: [String: String] = [",
        ]
        for file in try docsPages() where !Self.notEmbedded.contains(file) {
            let text = try String(contentsOfFile: root + "/docs/" + file, encoding: .utf8)
            #expect(!text.contains("\"\"\"##") && !text.contains("\\##"), "\(file) holds the literal's delimiter")
            lines += ["        \"\(file)\": ##\"\"\"", text, "\"\"\"##,"]
        }
        lines += ["    ]", "}", ""]
        return lines.joined(separator: "\n")
    }

    @Test("ManualPages.swift is docs/ as it is now")
    func embeddedPagesMatchDocs() throws {
        let path = root + "/Sources/LectorCLI/Manual/ManualPages.swift"
        let expected = try rendered()
        if ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1" {
            try Data(expected.utf8).write(to: URL(fileURLWithPath: path))
        }
        #expect((try? String(contentsOfFile: path, encoding: .utf8)) == expected,
                "ManualPages.swift is stale: run UPDATE_DOCS=1 swift test --filter Manual")
    }

    @Test("every page under docs/ is a topic, every topic a page, and no topic is a noun")
    func topicsArePages() throws {
        let pages = Set(try docsPages()).subtracting(["development.md"])
        #expect(Set(Manual.topics.map(\.file)) == pages)
        for topic in Manual.topics {
            #expect(!Manual.markdown(topic).isEmpty, "\(topic.name) has no text")
            #expect(CommandTable.standard.nouns.allSatisfy { $0.name != topic.name }, "\(topic.name) is also a noun")
        }
        for file in Self.notEmbedded.subtracting(["development.md"]) {
            let topic = try #require(Manual.topics.first { $0.file == file })
            #expect(Manual.markdown(topic) == (try String(contentsOfFile: root + "/docs/" + file, encoding: .utf8)))
        }
    }

    @Test("a link to another page reads as the command that shows it")
    func linksBecomeCommands() {
        #expect(Manual.linksResolved("see [the rules](rules.md#on-the-server) and [Labels](#labels).")
                == "see the rules (lector help rules) and Labels.")
        #expect(Manual.linksResolved("keys in docs/feed-settings.md") == "keys in lector help feed-settings")
        #expect(Manual.linksResolved("[a | b] stays") == "[a | b] stays")
    }
}
