import Foundation
import Testing
import LectorTestSupport

/// Marks reach the server when they are made, not at the next sync; a mark-all-read reaches
/// every unread entry of its scope on the server, also those the article-age limit kept out of
/// the store, and none that arrived after it was asked for.
@Suite("Marks reach the server through the CLI", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct MarksReachServerTests {
    static let kinds = ["freshrss", "miniflux", "fever", "feedbin"]

    /// The World of `RemoteCommandTests` (one feed "Harbour News" of three recent entries, the
    /// first read) plus two unread entries published two months ago, which the default
    /// `sync.age-limit month` keeps out of the store where the server dates entries by
    /// publication (Miniflux, Fever); added and synced.
    private func syncedWorld(_ kind: String) throws -> RemoteCommandTests.World {
        let world = try RemoteCommandTests.World(kind)
        let feed = try #require(world.service.feeds.feeds.first { $0.title == "Harbour News" }).id
        let old = Int64(Date().timeIntervalSince1970) - 60 * 86_400
        for n in 1...2 {
            world.service.feeds.addItem(feed: feed, title: "Old tide \(n)", url: "https://harbour.example/old\(n)",
                                        content: "<p>Long ago</p>", published: old - Int64(n) * 3_600)
        }
        let added = try runProcess(TestBinary.path, world.service.addArguments(name: "Server"), environment: world.home.environment,
                                   stdin: world.service.secret + "\n")
        try #require(added.status == 0, "\(kind): account add failed: \(added.stderr)")
        try world.ok("sync")
        return world
    }

    private func unreadOnServer(_ world: RemoteCommandTests.World) -> [String] {
        world.service.feeds.items.filter { !$0.read }.map(\.title).sorted()
    }

    private func localUnread(_ world: RemoteCommandTests.World) throws -> [String] {
        let listing = try JSONSerialization.jsonObject(with: Data(try world.ok("article", "list", "--unread", "--all", "--json").stdout.utf8))
        return ((listing as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String }.sorted()
    }

    @Test("mark-all-read --feed marks every unread entry of the feed on the server, also those older than the age limit; a later arrival stays unread",
          arguments: kinds)
    func markAllReadReachesTheServer(kind: String) throws {
        let world = try syncedWorld(kind)
        // Fever's `before` is in whole seconds: what arrives in the same second as the request
        // cannot be told apart from what came before it.
        Thread.sleep(forTimeInterval: 1.1)
        let marked = try world.ok("article", "mark-all-read", "--feed", "Harbour News", "--yes")
        #expect(marked.stdout.contains(", sent."), "\(kind): the output says the marks were sent: \(marked.stdout)")
        #expect(unreadOnServer(world).isEmpty, "\(kind): still unread on the server after mark-all-read: \(unreadOnServer(world))")
        let stillUnread = try localUnread(world)
        #expect(stillUnread.isEmpty, "\(kind): still unread locally: \(stillUnread)")

        Thread.sleep(forTimeInterval: 1.1)
        let feed = try #require(world.service.feeds.feeds.first { $0.title == "Harbour News" }).id
        world.service.feeds.addItem(feed: feed, title: "Tide table 4", url: "https://harbour.example/4", content: "<p>Later</p>")
        try world.ok("sync")
        #expect(unreadOnServer(world) == ["Tide table 4"], "\(kind): the server after the next sync: \(unreadOnServer(world))")
        #expect(try localUnread(world) == ["Tide table 4"], "\(kind): the next sync finds the server agreeing, the later arrival unread")
    }

    @Test("mark-all-read with the server down says it is sent at the next sync, keeps the intent, and the next sync sends it",
          arguments: kinds)
    func markAllReadOfflineIsKept(kind: String) throws {
        let world = try syncedWorld(kind)
        Thread.sleep(forTimeInterval: 1.1)
        world.service.server.inject(.dropConnection)
        let marked = try world.ok("article", "mark-all-read", "--feed", "Harbour News", "--yes")
        #expect(marked.stdout.contains("sent at the next sync"), "\(kind): the output says when it will be sent: \(marked.stdout)")
        #expect(unreadOnServer(world).count == 4, "\(kind): nothing could reach the server: \(unreadOnServer(world))")
        #expect(try localUnread(world).isEmpty, "\(kind): read locally at once")
        world.service.server.clearFaults()
        try world.ok("sync")
        #expect(unreadOnServer(world).isEmpty, "\(kind): the next sync sent the kept intent: \(unreadOnServer(world))")
        let localAfter = try localUnread(world)
        #expect(localAfter.isEmpty, "\(kind): and the store agrees with the server: \(localAfter)")
    }

    @Test("mark star and mark unread reach the server at once and say so; with the server down they say sent at the next sync",
          arguments: kinds)
    func markIsSent(kind: String) throws {
        let world = try syncedWorld(kind)
        try world.ok("article", "list")
        let starred = try world.ok("article", "mark", "star", "1", "2")
        #expect(starred.stdout.contains("2 of 2 article(s) starred, sent."), "\(kind): \(starred.stdout)")
        #expect(world.service.feeds.items.filter(\.starred).count == 2, "\(kind): the stars reached the server without a sync")
        let json = try world.ok("article", "mark", "unread", "1", "--json")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["sent"] as? Bool == true, "\(kind): the JSON says the mark was sent: \(json.stdout)")
        #expect(world.service.feeds.items.filter { !$0.read }.count == 5, "\(kind): the unread mark reached the server without a sync")

        world.service.server.inject(.dropConnection)
        let offline = try world.ok("article", "mark", "unstar", "1")
        #expect(offline.stdout.contains("1 of 1 article(s) unstarred, sent at the next sync."), "\(kind): \(offline.stdout)")
        world.service.server.clearFaults()
        #expect(world.service.feeds.items.filter(\.starred).count == 2, "\(kind): the server could not be reached yet")
        try world.ok("sync", "--push-only")
        #expect(world.service.feeds.items.filter(\.starred).count == 1, "\(kind): the kept unstar was sent by the next sync")
    }

    @Test("in the REPL, mark star and mark-all-read are sent at once and say so", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")))
    func markIsSentInTheREPL() throws {
        let world = try syncedWorld("freshrss")
        let session = try TmuxSession(command: TestBinary.path, environment: world.home.environment)
        try session.type("article list", "Enter")
        try session.wait(for: "Tide table 3")
        try session.type("article mark star 2", "Enter")
        try session.wait(for: "1 of 1 article(s) starred, sent.")
        #expect(world.service.feeds.items.filter(\.starred).map(\.title) == ["Tide table 2"], "the star reached the server from the REPL")
        try session.type("article mark-all-read --feed 'Harbour News' --yes", "Enter")
        try session.wait(for: "(every unread one there), sent.")
        #expect(unreadOnServer(world).isEmpty, "mark-all-read from the REPL did not reach the server: \(unreadOnServer(world))")
    }
}
