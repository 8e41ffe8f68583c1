import Foundation
import LectorSettings
import Testing
@testable import LectorCLI

/// The dock takes the words it shows, and shows only what is set up.
@Suite("Dock words")
struct DockWordTests {
    @Test("dock add, remove and move take the words the dock line shows (later, star, summarize…)")
    func wordsAccepted() throws {
        let home = TestHome()
        _ = try home.run("dock", "add", "later")
        #expect(try home.run("dock", "list").contains("\treading-list\n"), "'later' adds reading-list")
        _ = try home.run("dock", "remove", "star")
        #expect(!(try home.run("dock", "list")).contains("toggle-star"), "'star' removes toggle-star")
        _ = try home.run("dock", "move", "summarize", "1")
        #expect(try home.run("dock", "list").hasPrefix("1\tsummary\n"), "'summarize' moves summary")
        #expect(throws: CLIError.conflict("'later' is already in dock.actions at position 8: use 'move' to reorder it")) {
            try home.run("dock", "add", "later")
        }
        _ = try home.run("settings", "set", "dock.actions", "prev,unread,open,next")
        let listed = try home.run("dock", "list")
        #expect(listed.split(separator: "\n") == ["1\tprevious-article", "2\ttoggle-read", "3\topen-in-browser", "4\tnext-article"],
                "settings set takes the words too: \(listed)")
    }

    @Test("the dock line leaves out summarize until a summary provider is set up")
    func summaryOnlyWhenSetUp() throws {
        let home = TestHome()
        let session = home.session(inREPL: true)
        let runner = CommandRunner(session: session)
        _ = try runner.execute(["article", "list"])
        let unset = try runner.execute(["article", "read", "1", "--no-pager", "--color", "never"])
        #expect(unset.contains("dock: ") && !unset.contains("summarize"), "no provider, no summarize: \(unset.suffix(120))")
        _ = try runner.execute(["settings", "set", "summary.provider", "ollama"])
        let set = try runner.execute(["article", "read", "1", "--no-pager", "--color", "never"])
        #expect(set.contains("· summarize ·"), "with a provider the dock offers summarize: \(set.suffix(120))")
    }
}
