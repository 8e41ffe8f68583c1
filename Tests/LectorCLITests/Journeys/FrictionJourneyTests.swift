import Foundation
import Testing

/// The REPL pages long help and settings the way it pages `article list` (the first screen stays
/// in view until q, and q returns to the prompt); `schedule install` asks before turning
/// background sync on.
@Suite("Journeys: REPL paging and the schedule prompt", .serialized, .enabled(if: Journey.isInstalled, "LECTOR_JOURNEY_PREFIX names no installed lector: ./scripts/test.sh installs one into a temporary prefix"))
struct FrictionJourneyTests {
    private func atPrompt(_ terminal: TmuxTerminal) -> Bool {
        terminal.wait(for: { $0.split(separator: "\n").last?.hasPrefix("lector (") == true }, timeout: 5)
    }

    @Test("in the REPL, help and settings list longer than the screen wait in the pager at their first lines; q returns to the prompt", arguments: [
        ("help", "Usage: NOUN"), ("settings list", "KEY"),
    ])
    func longOutputPages(command: String, firstLine: String) throws {
        let journey = try Journey()
        let terminal = try journey.terminal(width: 80, height: 15)
        try Journey.startREPL(in: terminal)
        terminal.run(command)
        #expect(terminal.wait(for: { $0.contains(firstLine) }, timeout: 10),
                "'\(command)' scrolled its start away instead of paging:\n\(terminal.screen())")
        #expect(!terminal.lastLine().hasPrefix("lector ("), "'\(command)' is longer than the screen and should wait in the pager:\n\(terminal.screen())")
        terminal.press("q")
        #expect(atPrompt(terminal), "q did not return to the prompt:\n\(terminal.screen())")
        #expect(Journey.replStillWorks(terminal))
    }

    @Test("with no locale set (LANG empty, as in a bare container or an ssh session without one), paged help shows its dashes, not <E2><80><94>")
    func pagedTextWithoutLocale() throws {
        let journey = try Journey()
        let terminal = try journey.terminal(width: 80, height: 15, extra: ["LANG": ""])
        try Journey.startREPL(in: terminal)
        terminal.run("feed")
        #expect(terminal.wait(for: { $0.contains("feed list") }, timeout: 10), "the noun's help never showed:\n\(terminal.screen())")
        let screen = terminal.screen()
        #expect(screen.contains("feed \u{2014} feeds"), "the em dash of the help's first line is not shown as itself:\n\(screen)")
        #expect(!screen.contains("<E2>"), "the pager showed UTF-8 as escaped bytes:\n\(screen)")
        terminal.press("q")
        #expect(Journey.replStillWorks(terminal))
    }

    @Test("schedule install with background sync off asks to turn it on; y turns it on and writes the units")
    func scheduleInstallOffers() throws {
        let journey = try Journey()
        let terminal = try journey.terminal()
        terminal.run("lector schedule install")
        #expect(terminal.wait(for: { $0.contains("Turn it on and install the timer? [y/N]") }, timeout: 10),
                "no offer to turn background sync on:\n\(terminal.screen())")
        terminal.run("y")
        #expect(terminal.wait(for: { $0.contains("Wrote ") && $0.split(separator: "\n").last?.hasPrefix("JOURNEY$") == true }, timeout: 10),
                "the units were not written after yes:\n\(terminal.screen())")
        let setting = try journey.shell("lector settings get sync.background")
        #expect(setting.stdout.hasPrefix("true"), "yes turned sync.background on: \(setting.stdout)")
    }
}
