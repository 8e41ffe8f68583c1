import Foundation
import LectorTestSupport
import Testing

/// `backup restore` at a real terminal: the installed `lector` lists the plain-http consents the
/// file asks for and keeps them only when the user answers y.
@Suite("Journeys: a backup's plain-http consents asked at a terminal", .serialized,
       .enabled(if: Journey.isInstalled, "LECTOR_JOURNEY_PREFIX names no installed lector: ./scripts/test.sh installs one into a temporary prefix"),
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct RestoreConsentJourneyTests {
    /// A backup asking to keep the consent for a FreshRSS account at a host on the network.
    private static func backup(in journey: Journey) throws -> String {
        let file = journey.home + "/consent.json"
        let exported = try journey.shell("lector backup export '\(file)'")
        try #require(exported.status == 0, "export failed: \(exported.stderr)")
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        document["accounts"] = [["kind": "freshrss", "name": "Server", "url": "http://192.0.2.7:8080/api/greader.php", "user": "alice",
                                 "default": true, "plain_http_host": "192.0.2.7"]]
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: file))
        return file
    }

    @Test("the restore names the account and host, asks [y/N], and keeps the consent only on y", arguments: ["n", "y"])
    func consentAskedAtTheTerminal(answer: String) throws {
        let journey = try Journey()
        let file = try Self.backup(in: journey)
        let terminal = try journey.terminal(extra: Journey.keyringEnvironment)
        terminal.run("lector backup restore '\(file)' --yes")
        #expect(terminal.wait(for: { $0.contains("account 'Server' at 192.0.2.7") && $0.contains("Keep it on this machine? [y/N]") }, timeout: 10),
                "no question naming the account and host:\n\(terminal.screen())")
        terminal.type(answer)
        terminal.press("Enter")
        // The account arrives without its secret: asked for once; Enter gives it later.
        #expect(terminal.wait(for: { $0.contains("Secret for 'Server'") }, timeout: 10), "the secret is asked for:\n\(terminal.screen())")
        terminal.press("Enter")
        #expect(terminal.wait(for: { $0.contains("Restored:") }, timeout: 10), "the restore did not finish:\n\(terminal.screen())")
        // What this machine now holds, as its own backup says it.
        let kept = try journey.shell("lector backup export --sections accounts")
        let json = try JSONSerialization.jsonObject(with: Data(kept.stdout.utf8)) as? [String: Any] ?? [:]
        let host = (json["accounts"] as? [[String: Any]])?.first { $0["name"] as? String == "Server" }?["plain_http_host"] as? String
        #expect(host == (answer == "y" ? "192.0.2.7" : nil), "answer \(answer): the kept consent is \(String(describing: host)): \(kept.stdout)")
        if answer == "n" {
            #expect(terminal.screen().contains("was not kept"), "the dropped consent is named:\n\(terminal.screen())")
        }
    }
}
