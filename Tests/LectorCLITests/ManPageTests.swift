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
}
