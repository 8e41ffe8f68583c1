import Foundation
import LectorTestSupport
import Testing

/// `lector browse` on a server account at a real terminal: a mark is on the server moments after
/// the key, and the status line says whether it got there.
@Suite("Journeys: lector browse on a server account", .serialized,
       .enabled(if: Journey.isInstalled, "LECTOR_JOURNEY_PREFIX names no installed lector: ./scripts/test.sh installs one into a temporary prefix"),
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct BrowseServerJourneyTests: BrowseScreenReading {
    @Test("s on a Miniflux account: 'Sent to the server.' and the emulator has the star; with the server down the star waits, said so, and the next sync sends it")
    func sentAndQueued() throws {
        let feeds = FeedStore(defaultFolderName: "All")
        let feed = feeds.addFeed(title: "Harbour News", feedURL: "https://harbour.example/feed.xml")
        let now = Int64(Date().timeIntervalSince1970)
        let first = feeds.addItem(feed: feed, title: "Tide tables for the week", url: "https://harbour.example/1", published: now - 60)
        let second = feeds.addItem(feed: feed, title: "Ferry timetable changes", url: "https://harbour.example/2", published: now - 120)
        let service = try ServiceUnderTest.start("miniflux", feeds: feeds)
        let journey = try Journey()
        let added = try journey.addAccount(service, name: "Flux", then: "lector sync")
        try #require(added.status == 0, "setup failed: \(added.stderr)")
        let terminal = try journey.terminal(width: 100, height: 30, extra: Journey.keyringEnvironment)
        terminal.run("lector browse --account Flux")
        #expect(terminal.wait(for: { self.selected($0)?.contains("Tide tables") == true }, timeout: 10), "the view opens on the newest:\n\(terminal.screen())")

        terminal.type("s")
        #expect(terminal.wait(for: { $0.contains("Sent to the server.") }, timeout: 10), "the star is sent, and said so:\n\(terminal.screen())")
        #expect(feeds.items.first { $0.id == first }?.starred == true, "the emulator holds the star")

        service.server.inject(.respond(status: 503, body: "down for maintenance"))
        terminal.type("j")
        terminal.type("s")
        #expect(terminal.wait(for: { $0.contains("Saved; sent at the next sync") }, timeout: 15), "a server that cannot take it is said so:\n\(terminal.screen())")
        #expect(feeds.items.first { $0.id == second }?.starred == false, "the server never got the second star")
        terminal.type("q")
        service.server.clearFaults()
        let synced = try journey.keyringShell("lector sync")
        #expect(synced.status == 0, "sync failed: \(synced.stderr)")
        #expect(feeds.items.first { $0.id == second }?.starred == true, "the waiting star reached the server with the sync")
    }
}

/// `sync.mark-read-on-scroll` on a server account: the articles moved past are read on the server
/// after the view's short push, as any mark from the view is.
@Suite("Journeys: lector browse marks read on scroll on a server account", .serialized,
       .enabled(if: Journey.isInstalled, "LECTOR_JOURNEY_PREFIX names no installed lector: ./scripts/test.sh installs one into a temporary prefix"),
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct BrowseScrollReadServerJourneyTests {
    @Test("with sync.mark-read-on-scroll on, j j on a Miniflux account: the two posts moved past are read on the emulator, the third is not")
    func scrolledPastReachesServer() throws {
        let feeds = FeedStore(defaultFolderName: "All")
        let feed = feeds.addFeed(title: "Harbour News", feedURL: "https://harbour.example/feed.xml")
        let now = Int64(Date().timeIntervalSince1970)
        let ids = ["Tide tables for the week", "Ferry timetable changes", "Lighthouse open day"].enumerated().map { index, title in
            feeds.addItem(feed: feed, title: title, url: "https://harbour.example/\(index)", published: now - 60 * Int64(index + 1))
        }
        let service = try ServiceUnderTest.start("miniflux", feeds: feeds)
        let journey = try Journey()
        let added = try journey.addAccount(service, name: "Flux", then: "lector sync && lector settings set sync.mark-read-on-scroll true")
        try #require(added.status == 0, "setup failed: \(added.stderr)")
        let terminal = try journey.terminal(width: 100, height: 30, extra: Journey.keyringEnvironment)
        terminal.run("lector browse --account Flux")
        let selected: (String) -> String? = { $0.split(separator: "\n").first { $0.hasPrefix("> ") }.map(String.init) }
        #expect(terminal.wait(for: { selected($0)?.contains("Tide tables") == true }, timeout: 10), "the view opens on the newest:\n\(terminal.screen())")
        terminal.type("jj")
        #expect(terminal.wait(for: { selected($0)?.contains("Lighthouse") == true && $0.contains("Sent to the server.") }, timeout: 10),
                "the marks of the posts moved past are sent:\n\(terminal.screen())")
        let read = ids.map { id in feeds.items.first { $0.id == id }?.read }
        #expect(read == [true, true, false], "the emulator has the two moved past read, the highlighted one unread: \(read)")
        terminal.type("q")
    }
}
