import Foundation
import LectorKeyring
import LectorTestSupport
import Testing

/// The installed `lector`'s REPL at a real terminal: a login typed into an address is not kept in
/// the history, and feed titles offered by Tab reach the screen only through the sanitiser.
@Suite("Journeys: the REPL keeps no moved password and shows no hostile title", .serialized,
       .enabled(if: Journey.isInstalled, "LECTOR_JOURNEY_PREFIX names no installed lector: ./scripts/test.sh installs one into a temporary prefix"))
struct REPLSecurityJourneyTests {
    @Test("feed add http://user:PASSWORD@host/… in the REPL: the history file and Up keep the line without the password",
          .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
    func movedPasswordNotInHistory() throws {
        let server = try LoginFeedServers.membersOnly(user: "carol", secret: "journey-secret")
        let journey = try Journey()
        let bare = server.url("/members.xml").absoluteString
        let terminal = try journey.terminal(width: 160, extra: Journey.keyringEnvironment)
        try Journey.startREPL(in: terminal)
        terminal.run("feed add \(bare.replacingOccurrences(of: "http://", with: "http://carol:journey-secret@"))")
        #expect(terminal.wait(for: { $0.contains("moved to the keyring") }, timeout: 15), "the feed was not added:\n\(terminal.screen())")
        terminal.press("C-d")
        #expect(terminal.wait(for: { $0.split(separator: "\n").last?.hasPrefix("JOURNEY$") == true }, timeout: 5),
                "Ctrl-D did not leave the REPL:\n\(terminal.screen())")
        let history = try String(contentsOfFile: journey.lectorHome + "/state/history", encoding: .utf8)
        let kept = "feed add " + bare.replacingOccurrences(of: "http://", with: "http://carol@")
        #expect(!history.contains("journey-secret"), "the password moved to the keyring stays in the history file: \(history)")
        #expect(history.contains(kept), "the line is not in the history without its password: \(history)")
        terminal.run("clear")
        try Journey.startREPL(in: terminal)
        terminal.press("Up")
        #expect(terminal.wait(for: { $0.contains("> " + kept) }, timeout: 5), "Up does not bring back the line without its password:\n\(terminal.screen())")
        #expect(!terminal.screen().contains("journey-secret"), "Up shows the password:\n\(terminal.screen())")
        terminal.press("C-u")
        terminal.run("feed remove 'Members Only' --yes")
        #expect(terminal.wait(for: { $0.contains("Unsubscribed from") }, timeout: 10), "the feed (and its keyring item) was not removed:\n\(terminal.screen())")
    }

    @Test("feed add user:PASSWORD@host/… without a scheme in the REPL: the history file keeps the line without the password",
          .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
    func schemelessPasswordNotInHistory() throws {
        let server = try LoginFeedServers.membersOnly(user: "carol", secret: "schemeless-secret")
        let journey = try Journey()
        let bare = server.url("/members.xml").absoluteString.replacingOccurrences(of: "http://", with: "")
        let terminal = try journey.terminal(width: 160, extra: Journey.keyringEnvironment)
        try Journey.startREPL(in: terminal)
        terminal.run("feed add carol:schemeless-secret@\(bare)")
        #expect(terminal.wait(for: { $0.contains("moved to the keyring") }, timeout: 15), "the feed was not added:\n\(terminal.screen())")
        terminal.press("C-d")
        #expect(terminal.wait(for: { $0.split(separator: "\n").last?.hasPrefix("JOURNEY$") == true }, timeout: 5),
                "Ctrl-D did not leave the REPL:\n\(terminal.screen())")
        let history = try String(contentsOfFile: journey.lectorHome + "/state/history", encoding: .utf8)
        #expect(!history.contains("schemeless-secret"), "the password moved to the keyring stays in the history file: \(history)")
        #expect(history.contains("feed add carol@" + bare), "the line is not in the history without its password: \(history)")
        terminal.run("lector feed remove 'Members Only' --yes")
        #expect(terminal.wait(for: { $0.contains("Unsubscribed from") }, timeout: 10), "the feed (and its keyring item) was not removed:\n\(terminal.screen())")
    }

    @Test("Tab in the REPL lists feed titles without their bidi override or zero-width space")
    func completionThroughTheSanitiser() throws {
        let site = StaticSite()
        site.serve("/one.xml", text: FeedSite.rss("Evil&#x202E;gnp.exe", items: ["One"]), contentType: "application/rss+xml")
        site.serve("/two.xml", text: FeedSite.rss("Evil Ba&#x200B;nk", items: ["Two"]), contentType: "application/rss+xml")
        let server = try LoopbackServer(handler: site.handler)
        let journey = try Journey()
        let added = try journey.shell("lector account add local --name Mine && lector feed add '\(server.url("/one.xml"))' "
                                      + "&& lector feed add '\(server.url("/two.xml"))'")
        try #require(added.status == 0, "setup failed: \(added.stderr)")
        let terminal = try journey.terminal(width: 120)
        try Journey.startREPL(in: terminal)
        terminal.type("feed show Evi")
        for _ in 0..<3 {
            terminal.press("Tab")
            Thread.sleep(forTimeInterval: 0.4)
        }
        #expect(terminal.wait(for: { $0.contains("gnp.exe") && $0.contains("Evil Bank") }, timeout: 5),
                "the candidates are not listed as the sanitiser shows them:\n\(terminal.screen())")
        let screen = terminal.screen()
        #expect(!screen.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x200B },
                "a candidate reached the screen unsanitised: \(screen.debugDescription)")
    }
}
