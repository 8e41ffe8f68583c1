import Foundation
import LectorTestSupport
import Testing

/// `feed set FEED cookie` at a real terminal: the installed `lector` asks for the cookie without
/// echo and sends it to the Miniflux emulator, never showing it.
@Suite("Journeys: a feed's server secret typed at a terminal", .serialized, .harbourKeyringItems,
       .enabled(if: Journey.isInstalled, "LECTOR_JOURNEY_PREFIX names no installed lector: ./scripts/test.sh installs one into a temporary prefix"),
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct FeedSecretJourneyTests {
    @Test("feed set FEED cookie asks without echo, the server gets it, the screen never shows it")
    func cookieTypedAtTheTerminal() throws {
        let feeds = FeedStore(defaultFolderName: "All")
        feeds.addRemoteFeed(RemoteFeed(feedURL: "https://harbour.example/feed.xml", title: "Harbour News"))
        feeds.addFeed(title: "Harbour News", feedURL: "https://harbour.example/feed.xml", folder: "News")
        let service = try ServiceUnderTest.start("miniflux", feeds: feeds)
        let journey = try Journey()
        let bus = Journey.keyringEnvironment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let added = try journey.shell("export \(bus); echo '\(service.secret)' | lector \(service.addArguments(name: "Flux").joined(separator: " ")) && lector sync")
        try #require(added.status == 0, "setup failed: \(added.stderr)")
        let terminal = try journey.terminal(extra: Journey.keyringEnvironment)
        terminal.run("lector feed set 'Harbour News' cookie")
        #expect(terminal.wait(for: { $0.contains("cookie:") }, timeout: 10), "no secret prompt:\n\(terminal.screen())")
        terminal.type("session=typed-secret")
        terminal.press("Enter")
        #expect(terminal.wait(for: { $0.contains("Set cookie of 'Harbour News' to (secret, not shown) on the server.") }, timeout: 10),
                "the cookie was not set:\n\(terminal.screen())")
        #expect(!terminal.screen().contains("typed-secret"), "the cookie was echoed:\n\(terminal.screen())")
        #expect(service.feeds.feeds.first?.settings["cookie"] == .string("session=typed-secret"), "the server's cookie")
    }
}
