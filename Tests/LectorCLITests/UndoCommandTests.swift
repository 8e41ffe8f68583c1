import Foundation
import Testing
import LectorTestSupport

/// `lector undo` through the binary: in the demo library (a local account) and against the
/// FreshRSS and Miniflux emulators, where the inverse of a mark-all-read reaches the server at
/// once, or with the next sync when it is down.
@Suite("lector undo through the binary", .serialized)
struct UndoCommandTests {
    private func lector(_ home: TestHome, _ arguments: String...) throws -> ProcessResult {
        try runProcess(TestBinary.path, arguments, environment: home.environment)
    }

    private func unread(_ home: TestHome) throws -> Set<Int> {
        let result = try lector(home, "article", "list", "--unread", "--all", "--json", "--limit", "1000")
        let rows = (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]) ?? []
        return Set(rows.compactMap { $0["id"] as? Int })
    }

    @Test("a local account: mark-all-read, a mark since, undo puts back all but the article marked since; --list, N, --json, bad input")
    func localUndo() throws {
        let home = TestHome()
        _ = try home.store()
        let before = try unread(home)
        try #require(before.count >= 3, "the demo library has unread articles")
        let marked = try lector(home, "article", "mark-all-read", "--yes")
        #expect(marked.status == 0, "\(marked.stderr)")
        #expect(try unread(home).isEmpty)
        let kept = try #require(before.min())
        #expect(try lector(home, "article", "mark", "unread", "id:\(kept)").status == 0)
        #expect(try lector(home, "article", "mark", "read", "id:\(kept)").status == 0)

        let list = try lector(home, "undo", "--list")
        #expect(list.status == 0 && list.stdout.contains("marked all read (every account)") && list.stdout.contains("marked unread"), "\(list.stdout)")
        let steps = try JSONSerialization.jsonObject(with: Data(try lector(home, "undo", "--list", "--json").stdout.utf8)) as? [[String: Any]]
        let markStep = try #require(steps?.first { ($0["change"] as? String)?.hasPrefix("marked all read") == true }?["step"] as? Int)

        let undone = try lector(home, "undo", "\(markStep)")
        #expect(undone.status == 0, "\(undone.stderr)")
        #expect(undone.stdout.contains("Undid step \(markStep) (marked all read (every account)): \(before.count - 1) article(s) put back, 1 kept (changed since)."),
                "\(undone.stdout)")
        #expect(try unread(home) == before.subtracting([kept]), "the store is not as before the mark, but for the article marked since")

        let again = try lector(home, "undo", "\(markStep)")
        #expect(again.status != 0 && again.stderr.contains("undone already"), "\(again.status) \(again.stderr)")
        let bad = try lector(home, "undo", "soon")
        #expect(bad.status == 2 && bad.stderr.contains("STEP is a step's number"), "\(bad.status) \(bad.stderr)")
        let latest = try lector(home, "undo", "--json")
        let object = try JSONSerialization.jsonObject(with: Data(latest.stdout.utf8)) as? [String: Any]
        #expect(object?["reverted"] as? Int == 1, "the newest step not undone (marked read) is next: \(latest.stdout)")
        #expect(try unread(home) == before, "undoing 'marked read' leaves the article unread, as 'marked unread' had it")
    }

    // MARK: Servers

    private func syncedWorld(_ kind: String) throws -> RemoteCommandTests.World {
        let world = try RemoteCommandTests.World(kind)
        let feed = try #require(world.service.feeds.feeds.first { $0.title == "Harbour News" }).id
        // An unread entry two months old: Miniflux dates entries by publication, so the default
        // `sync.age-limit month` keeps it out of the store there; a mark-all-read still reads it.
        world.service.feeds.addItem(feed: feed, title: "Old tide", url: "https://harbour.example/old", content: "<p>Long ago</p>",
                                    published: Int64(Date().timeIntervalSince1970) - 60 * 86_400)
        let added = try runProcess(TestBinary.path, world.service.addArguments(name: "Server"), environment: world.home.environment,
                                   stdin: world.service.secret + "\n")
        try #require(added.status == 0, "\(kind): account add failed: \(added.stderr)")
        try world.ok("sync")
        return world
    }

    private func unreadOnServer(_ world: RemoteCommandTests.World) -> Set<String> {
        Set(world.service.feeds.items.filter { !$0.read }.map(\.title))
    }

    private func storedUnread(_ world: RemoteCommandTests.World) throws -> Set<String> {
        let listing = try JSONSerialization.jsonObject(with: Data(try world.ok("article", "list", "--unread", "--all", "--json").stdout.utf8))
        return Set(((listing as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String })
    }

    @Test("undo of a mark-all-read reaches the server at once: what was stored unread is unread there again; what was not, it says", arguments: ["freshrss", "miniflux"])
    func undoReachesServer(kind: String) throws {
        let world = try syncedWorld(kind)
        let before = try storedUnread(world)
        try #require(before.count >= 2, "\(kind): unread articles stored: \(before)")
        Thread.sleep(forTimeInterval: 1.1)
        try world.ok("article", "mark-all-read", "--feed", "Harbour News", "--yes")
        #expect(unreadOnServer(world).isEmpty, "\(kind): the mark did not reach the server")
        let undone = try world.ok("undo")
        #expect(undone.stdout.contains("\(before.count) article(s) put back, sent."), "\(kind): \(undone.stdout)")
        #expect(undone.stdout.contains("cannot be put back"), "\(kind): the server's unstored entries are not mentioned: \(undone.stdout)")
        #expect(unreadOnServer(world) == before, "\(kind): the server after the undo: \(unreadOnServer(world)), stored unread before: \(before)")
        try world.ok("sync")
        #expect(try storedUnread(world) == before, "\(kind): the next sync agrees")
    }

    @Test("offline, mark-all-read and its undo both wait; the next sync sends the mark first, then the undo", arguments: ["freshrss", "miniflux"])
    func undoOffline(kind: String) throws {
        let world = try syncedWorld(kind)
        let before = try storedUnread(world)
        let serverBefore = unreadOnServer(world)
        Thread.sleep(forTimeInterval: 1.1)
        world.service.server.inject(.dropConnection)
        try world.ok("article", "mark-all-read", "--feed", "Harbour News", "--yes")
        let undone = try world.ok("undo")
        #expect(undone.stdout.contains("put back, sent at the next sync."), "\(kind): \(undone.stdout)")
        #expect(unreadOnServer(world) == serverBefore, "\(kind): a server that refused took something")
        #expect(try storedUnread(world) == before, "\(kind): the store is back at once")
        world.service.server.clearFaults()
        try world.ok("sync")
        #expect(unreadOnServer(world) == before, "\(kind): after the sync the server has what was stored unread: \(unreadOnServer(world))")
        #expect(try storedUnread(world) == before, "\(kind): and the store agrees")
    }
}
