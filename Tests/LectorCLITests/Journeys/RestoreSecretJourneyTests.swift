import Foundation
import LectorTestSupport
import Testing

/// `backup restore` on a new machine at a real terminal: the installed `lector` asks once for the
/// secret of the account that arrived without it, keeps it, and puts the starred articles back in
/// the same run; off a terminal it says once what to run (issue 38, item 4).
@Suite("Journeys: a restored account's secret asked at a terminal", .serialized,
       .enabled(if: Journey.isInstalled, "LECTOR_JOURNEY_PREFIX names no installed lector: ./scripts/test.sh installs one into a temporary prefix"),
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct RestoreSecretJourneyTests {
    /// A FreshRSS emulator with nine starred entries, and a backup of an account on it whose
    /// secret this machine's keyring no longer holds.
    private static func movedAccount(_ journey: Journey) throws -> (ServiceUnderTest, String) {
        let library = FeedStore()
        let feed = library.addFeed(title: "Harbour News", feedURL: "https://harbour.example/feed.xml", siteURL: "https://harbour.example/")
        for n in 1...12 {
            library.addItem(feed: feed, title: "Entry \(n)", url: "https://example.net/\(n)", content: "<p>\(n)</p>",
                            published: Int64(Date().timeIntervalSince1970) - Int64(n) * 600, starred: n <= 9)
        }
        let service = try ServiceUnderTest.start("freshrss", feeds: library)
        let file = journey.home + "/move.json"
        let added = try journey.addAccount(service, name: "Server", then: "lector sync && lector backup export '\(file)' && lector account remove Server --yes")
        try #require(added.status == 0, "setup failed: \(added.stderr)")
        return (service, file)
    }

    @Test("at a terminal the restore asks once for the secret, keeps it and stars the nine articles; no 'not taken' lines")
    func secretAskedOnce() throws {
        let journey = try Journey()
        let (service, file) = try Self.movedAccount(journey)
        let terminal = try journey.terminal(width: 160, height: 40, extra: Journey.keyringEnvironment)
        terminal.run("lector backup restore '\(file)' --yes")
        #expect(terminal.wait(for: { $0.contains("Secret for 'Server'") }, timeout: 15), "no question for the secret:\n\(terminal.screen())")
        terminal.type(service.secret)
        terminal.press("Enter")
        #expect(terminal.wait(for: { $0.contains("Restored:") && $0.contains("* starred in 'Server'") }, timeout: 20),
                "the restore did not finish with the starred articles:\n\(terminal.screen())")
        let screen = terminal.screen()
        #expect(screen.components(separatedBy: "Secret for 'Server'").count == 2, "asked more than once:\n\(screen)")
        #expect(screen.contains("9 of 9 found"), "the nine starred articles are put back in the same run:\n\(screen)")
        #expect(!screen.contains("not taken:") && !screen.contains("needs its secret"), "nothing waits:\n\(screen)")
        #expect(!screen.contains(service.secret), "the secret was echoed:\n\(screen)")
        let listed = try journey.keyringShell("lector account list")
        #expect(listed.status == 0 && !listed.stdout.contains("needs password"), "the account has its secret: \(listed.stdout)")
    }

    @Test("off a terminal the restore says once what to run, instead of a line per starred article")
    func saidOnceWithoutTerminal() throws {
        let journey = try Journey()
        let (_, file) = try Self.movedAccount(journey)
        let restored = try journey.keyringShell("lector backup restore '\(file)' --yes < /dev/null")
        #expect(restored.status == 0, "exit \(restored.status): \(restored.stderr)")
        let lines = restored.stdout.split(separator: "\n")
        #expect(lines.filter { $0.contains("needs its secret") }.count == 1, "one line says what to do: \(restored.stdout)")
        #expect(lines.contains { $0.contains("account password Server") && $0.contains("9 starred article(s)") }, "\(restored.stdout)")
        #expect(!restored.stdout.contains("not taken"), "no line per article: \(restored.stdout)")
    }
}
