import Foundation
import Testing

/// `u` in `lector browse`: the installed binary in tmux puts back a mark-all-read made with `A`,
/// and the store follows (read back with `article list --json`); `lector undo --list` then shows
/// the step undone.
@Suite("Journeys: undo in lector browse", .serialized, .enabled(if: Journey.isInstalled, "LECTOR_JOURNEY_PREFIX names no installed lector: ./scripts/test.sh installs one into a temporary prefix"))
struct BrowseUndoJourneyTests: BrowseStoreReading {
    struct Row: Decodable {
        let id: Int64
        let read: Bool?
        let starred: Bool
    }

    private func rowsByID(_ journey: Journey) throws -> [Int64: Row] {
        Dictionary(uniqueKeysWithValues: try rows(journey).map { ($0.id, $0) })
    }

    @Test("A marks everything shown read, u puts it back: the unread articles are unread again, the screen says how many")
    func undoMarkAllRead() throws {
        let journey = try Journey()
        let before = try rowsByID(journey)
        let unread = before.values.filter { $0.read == false }.count
        try #require(unread >= 2, "the demo library has unread articles: \(unread)")
        let terminal = try journey.terminal(width: 120, height: 30)
        terminal.run("lector browse")
        #expect(terminal.wait(for: { $0.contains("lector browse ·") && $0.contains("u undo") }, timeout: 10),
                "the list opens, u in the help line:\n\(terminal.screen())")
        terminal.type("A")
        #expect(terminal.wait(for: { $0.contains("y/n") }, timeout: 5), "A asks first:\n\(terminal.screen())")
        terminal.type("y")
        #expect(terminal.wait(for: { $0.contains("\(unread) article(s) marked read.") }, timeout: 5), "everything is read:\n\(terminal.screen())")
        #expect(try rowsByID(journey).values.allSatisfy { $0.read == true }, "the store did not take the mark")

        terminal.type("u")
        #expect(terminal.wait(for: { $0.contains("marked all read") && $0.contains("\(unread) article(s) put back") }, timeout: 5),
                "u undoes the mark-all-read and says how many came back:\n\(terminal.screen())")
        terminal.type("q")
        let after = try rowsByID(journey)
        #expect(after.mapValues(\.read) == before.mapValues(\.read), "the read state is not as before the mark")

        let list = try journey.shell("lector undo --list")
        #expect(list.status == 0 && list.stdout.contains("marked all read") && list.stdout.contains("undone"), "undo --list: \(list.stdout) \(list.stderr)")
        let again = try journey.shell("lector undo")
        #expect(again.status == 0 && again.stdout.contains("Nothing to undo."), "a second undo: \(again.stdout) \(again.stderr)")
    }
}
