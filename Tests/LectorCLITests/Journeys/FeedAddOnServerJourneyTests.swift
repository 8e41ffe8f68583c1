import Foundation
import LectorTestSupport
import Testing

/// `feed add` on Miniflux at a real terminal, for a site only the server can reach: the server's
/// candidates are offered as a numbered question, Enter adds nothing, a number subscribes to
/// that one through the server.
@Suite("Journeys: feed add through the server's discovery", .serialized,
       .enabled(if: Journey.isInstalled, "LECTOR_JOURNEY_PREFIX names no installed lector: ./scripts/test.sh installs one into a temporary prefix"),
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct FeedAddOnServerJourneyTests {
    @Test("--on-server with two candidates at a terminal: both offered, Enter adds nothing; without --on-server (site unreachable) the same question, and 2 subscribes to the second on the server")
    func serverCandidatesAtATerminal() throws {
        let site = FeedAddOnServerTests.site
        let feeds = FeedStore(defaultFolderName: "All")
        feeds.addRemoteFeed(RemoteFeed(feedURL: site + "rss.xml", siteURL: site, title: "Unreachable Blog"))
        feeds.addRemoteFeed(RemoteFeed(feedURL: site + "atom.xml", siteURL: site, title: "Unreachable Blog comments"))
        let service = try ServiceUnderTest.start("miniflux", feeds: feeds)
        let journey = try Journey()
        let added = try journey.addAccount(service, name: "Flux")
        try #require(added.status == 0, "setup failed: \(added.stderr)")
        let terminal = try journey.terminal(width: 120, height: 30, extra: Journey.keyringEnvironment)

        terminal.run("lector feed add --on-server '\(site)'")
        #expect(terminal.wait(for: { $0.contains("Which one") }, timeout: 10), "no choice was offered:\n\(terminal.screen())")
        let offered = terminal.screen()
        #expect(offered.contains("Several feeds found") && offered.contains("\(site)rss.xml") && offered.contains("\(site)atom.xml"),
                "both of the server's candidates are offered:\n\(offered)")
        terminal.press("Enter")
        #expect(terminal.wait(for: { $0.contains("Nothing added.") }, timeout: 5), "Enter at the choice did not add nothing:\n\(terminal.screen())")
        #expect(feeds.feeds.isEmpty, "Enter must subscribe to nothing on the server: \(feeds.feeds.map(\.feedURL))")

        terminal.run("lector feed add '\(site)'")
        #expect(terminal.wait(for: { $0.components(separatedBy: "Which one").count == 3 }, timeout: 10),
                "a site Lector cannot reach gets the server's candidates without --on-server:\n\(terminal.screen())")
        terminal.type("2")
        terminal.press("Enter")
        #expect(terminal.wait(for: { $0.contains("found and fetched by the server") }, timeout: 10), "choosing 2 did not subscribe:\n\(terminal.screen())")
        #expect(feeds.feeds.map(\.feedURL) == [site + "atom.xml"], "the server subscribed to the second candidate only: \(feeds.feeds.map(\.feedURL))")
        let listed = try journey.keyringShell("lector feed list")
        #expect(listed.stdout.contains("Unreachable Blog comments") || listed.stdout.contains("atom.xml"), "the feed is listed here too: \(listed.stdout)")
    }
}
