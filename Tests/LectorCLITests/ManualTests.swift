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
        #expect(Manual.linksResolved("codes in [exit-codes.md](exit-codes.md).") == "codes in lector help exit-codes.")
        #expect(Manual.linksResolved("keys in docs/feed-settings.md") == "keys in lector help feed-settings")
        #expect(Manual.linksResolved("[a | b] stays") == "[a | b] stays")
        #expect(Manual.commentsRemoved("# T\n\n<!-- generated:\n     do not edit -->\n\nText") == "# T\n\nText")
    }

    @Test("on a terminal a page's paragraphs and list items wrap between words to its width; code and tables stay whole")
    func reflow() {
        let page = "# Title\n\nOne two three\nfour five six seven.\n\n- an item that is long\n  and goes on\n\n```sh\nlector a very long command line stays\n```\n| a | b |"
        #expect(Manual.reflowed(page, width: 20) == """
        # Title

        One two three four
        five six seven.

        - an item that is
          long and goes on

        ```sh
        lector a very long command line stays
        ```
        | a | b |
        """)
    }

    @Test("no help text, noun help, man page or message in the CLI's code names a file under docs/")
    func helpPointsOnlyToTopics() throws {
        let renderer = HelpRenderer(table: .standard, inREPL: false)
        var texts = [ManPage.render(.standard), renderer.overview()]
        texts += CommandTable.standard.nouns.map { renderer.noun($0.name) }
        texts += CommandTable.standard.commands.map(renderer.command)
        for text in texts {
            #expect(!text.contains("docs/"), "help names a file under docs/: \(text.split(separator: "\n").first { $0.contains("docs/") } ?? "")")
        }
        // Messages built at run time (a filter's error, an option's hint): no string literal names one either.
        let sources = root + "/Sources/LectorCLI"
        let files = FileManager.default.enumerator(atPath: sources)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        for file in files where !file.hasPrefix("Manual/") {
            for line in try String(contentsOfFile: sources + "/" + file, encoding: .utf8).split(separator: "\n")
            where line.contains("docs/") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                Issue.record("Sources/LectorCLI/\(file) names a file under docs/: \(line)")
            }
        }
    }

    @Test("each topic is also a man page, lector-STEM(7), that man can format")
    func roffPages() throws {
        for topic in Manual.topics {
            let roff = ManualRoff.render(topic)
            #expect(roff.hasPrefix(".TH LECTOR\\-\(topic.stem.uppercased().replacingOccurrences(of: "-", with: "\\-")) 7 "), "\(topic.name): \(roff.prefix(60))")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else { return }
        let rules = try #require(Manual.topic(named: "rules"))
        let file = NSTemporaryDirectory() + "lector-rules-\(UUID().uuidString).7"
        try Data(ManualRoff.render(rules).utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let formatted = try runProcess("/usr/bin/groff", ["-man", "-Tutf8", "-ww", file], environment: ProcessInfo.processInfo.environment)
        #expect(formatted.status == 0 && formatted.stderr.isEmpty, "groff: \(formatted.stderr.prefix(400))")
        #expect(formatted.stdout.contains("FILTERS") || formatted.stdout.contains("Filters"), "the page's text is not in its man page")
    }
}
