import Foundation
import Testing
@testable import LectorCLI

@Suite("Man page")
struct ManPageTests {
    @Test("docs/lector.1 is exactly what the command table generates")
    func manPageInStep() throws {
        let checkedIn = try String(contentsOfFile: TestBinary.repositoryRoot + "/docs/lector.1", encoding: .utf8)
        #expect(checkedIn == ManPage.render(.standard), "docs/lector.1 is stale: run 'lector __manpage > docs/lector.1'")
    }

    @Test("the man page names every command, option and exit code that help shows")
    func manPageCoversHelp() {
        let page = ManPage.render(.standard).replacingOccurrences(of: "\\-", with: "-")
        for spec in CommandTable.standard.commands {
            #expect(page.contains(".B " + spec.name), "man page misses '\(spec.name)'")
            for option in spec.options {
                #expect(page.contains("--" + option.name), "man page misses --\(option.name) of '\(spec.name)'")
            }
        }
        for status in ExitStatus.allCases {
            #expect(page.contains(".B \(status.rawValue)\n"), "man page misses exit code \(status.rawValue)")
        }
    }

    @Test("the man page has EXAMPLES, each a command line the table parses, and ENVIRONMENT names PAGER and NO_COLOR")
    func examplesAndEnvironment() throws {
        let page = ManPage.render(.standard)
        let sections = page.components(separatedBy: "\n.SH ")
        let examples = try #require(sections.first { $0.hasPrefix("EXAMPLES") }, "no EXAMPLES section")
        let lines = examples.split(separator: "\n").map(String.init).filter { $0.hasPrefix("lector ") }
        #expect(lines.count >= 5, "a handful of examples: \(examples)")
        for line in lines {
            let words = try ShellWords.split(String(line.dropFirst("lector ".count)).replacingOccurrences(of: "\\-", with: "-"))
            #expect(throws: Never.self, "'\(line)' does not parse") { _ = try CommandLineParser(table: .standard, inREPL: false).parse(words) }
        }
        let environment = try #require(sections.first { $0.hasPrefix("ENVIRONMENT") })
        for name in ["PAGER", "NO_COLOR"] {
            #expect(environment.contains(".B \(name)\n"), "ENVIRONMENT misses \(name): \(environment)")
            #expect(HelpRenderer(table: .standard, inREPL: false).overview().contains("  \(name)  "), "help's Environment misses \(name)")
        }
    }
}
