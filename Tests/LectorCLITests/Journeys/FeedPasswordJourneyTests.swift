import Foundation
import LectorKeyring
import LectorTestSupport
import Testing

/// `feed password` at a real terminal: the installed `lector` asks for the secret without echo,
/// checks it with the feed, and keeps it in the keyring (the private test keyring, passed on).
@Suite("Journeys: a feed's password typed at a terminal", .serialized,
       .enabled(if: Journey.isInstalled, "LECTOR_JOURNEY_PREFIX names no installed lector: ./scripts/test.sh installs one into a temporary prefix"),
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct FeedPasswordJourneyTests {
    @Test("feed password asks without echo, refuses a password the feed refuses, and keeps the right one")
    func passwordTypedAtTheTerminal() throws {
        let server = try LoginFeedServers.membersOnly(user: "alice", secret: "feed-secret")
        let journey = try Journey()
        let bus = Journey.keyringEnvironment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let added = try journey.shell("export \(bus); lector account add local --name Mine && "
                                      + "echo feed-secret | lector feed add '\(server.url("/members.xml"))' --login alice --password-stdin")
        try #require(added.status == 0, "setup failed: \(added.stderr)")
        let terminal = try journey.terminal(extra: Journey.keyringEnvironment)
        terminal.run("lector feed password 'Members Only'")
        #expect(terminal.wait(for: { $0.contains("Password for alice (feed):") }, timeout: 10), "no secret prompt:\n\(terminal.screen())")
        terminal.type("wrong-one")
        terminal.press("Enter")
        #expect(terminal.wait(for: { $0.contains("refused access") && terminal.lastLine() == TmuxTerminal.prompt.trimmingCharacters(in: .whitespaces) },
                              timeout: 10), "a refused password is not reported:\n\(terminal.screen())")
        terminal.run("lector feed password 'Members Only'")
        #expect(terminal.wait(for: { $0.split(separator: "\n").last?.contains("Password for alice (feed):") == true }, timeout: 10),
                "no second prompt:\n\(terminal.screen())")
        terminal.type("feed-secret")
        terminal.press("Enter")
        #expect(terminal.wait(for: { $0.contains("Stored the login of 'Members Only' in the keyring.") }, timeout: 10),
                "the password was not kept:\n\(terminal.screen())")
        let screen = terminal.screen()
        #expect(!screen.contains("wrong-one") && !screen.contains("feed-secret"), "a secret was echoed:\n\(screen)")
        let removed = try journey.shell("export \(bus); lector feed remove 'Members Only' --yes")
        #expect(removed.status == 0, "\(removed.stderr)")
    }
}
