import Foundation
import Glibc
import LectorTestSupport
import Testing

/// Issue 41's last friction: SIGTERM or SIGHUP while the installed `lector` waits for a secret
/// (echo off) ends it with exit 130 and the terminal given back — echo on — in a one-shot
/// command and in the REPL; nothing is saved.
@Suite("Journeys: the end of the session at a secret prompt", .serialized,
       .enabled(if: Journey.isInstalled, "LECTOR_JOURNEY_PREFIX names no installed lector: ./scripts/test.sh installs one into a temporary prefix"),
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct SecretPromptSignalJourneyTests {
    private static func echoIsOn(_ terminal: TmuxTerminal) -> Bool {
        terminal.run("clear; stty -a | tr ' ' '\\n' | grep -x -e echo -e -echo | sort | tr '\\n' ' '; echo")
        return terminal.wait(for: { $0.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "echo" } }, timeout: 5)
    }

    @Test("SIGTERM and SIGHUP at account add's password prompt: exit 130, echo back on, no account saved", arguments: [SIGTERM, SIGHUP])
    func oneShot(signal: Int32) throws {
        let service = try ServiceUnderTest.start("freshrss")
        let journey = try Journey()
        let terminal = try journey.terminal(width: 160, height: 30, extra: Journey.keyringEnvironment)
        terminal.run("lector account add freshrss --name Server --url \(service.server.baseURL.absoluteString) --user alice; echo \"exit=$?\"")
        #expect(terminal.wait(for: { $0.contains("API password for alice:") }, timeout: 15), "no secret prompt:\n\(terminal.screen())")
        let pid = try #require(terminal.childPID(named: "lector"), "no lector process under the shell")
        kill(pid, signal)
        #expect(terminal.wait(for: { $0.contains("exit=130") }, timeout: 10), "signal \(signal) ends it with exit 130:\n\(terminal.screen())")
        #expect(Self.echoIsOn(terminal), "the terminal's echo is back:\n\(terminal.screen())")
        let listed = try journey.keyringShell("lector account list")
        #expect(!listed.stdout.contains("Server"), "nothing was saved: \(listed.stdout)")
    }

    @Test("SIGTERM at a secret prompt inside the REPL ends the REPL with exit 130 and echo back on")
    func inTheREPL() throws {
        let service = try ServiceUnderTest.start("freshrss")
        let journey = try Journey()
        let terminal = try journey.terminal(width: 160, height: 30, extra: Journey.keyringEnvironment)
        terminal.run("lector; echo \"exit=$?\"")
        #expect(terminal.wait(for: { $0.split(separator: "\n").last?.hasPrefix("lector") == true }, timeout: 15), "no REPL prompt:\n\(terminal.screen())")
        terminal.type("account add freshrss --name Server --url \(service.server.baseURL.absoluteString) --user alice")
        terminal.press("Enter")
        #expect(terminal.wait(for: { $0.contains("API password for alice:") }, timeout: 15), "no secret prompt:\n\(terminal.screen())")
        let pid = try #require(terminal.childPID(named: "lector"), "no lector process under the shell")
        kill(pid, SIGTERM)
        #expect(terminal.wait(for: { $0.contains("exit=130") }, timeout: 10), "SIGTERM ends the REPL with exit 130:\n\(terminal.screen())")
        #expect(Self.echoIsOn(terminal), "the terminal's echo is back:\n\(terminal.screen())")
    }
}
