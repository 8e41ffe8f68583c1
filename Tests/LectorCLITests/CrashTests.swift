import Foundation
import Testing
import LectorStore
import LectorTestSupport

/// SIGKILL at random points of `sync`, `backup restore` and `opml import`, against feeds on
/// loopback: after every kill the store passes SQLite's, the foreign keys' and FTS5's checks,
/// and a following run converges to exactly the clean result. Rounds: `LECTOR_CRASH_ROUNDS`.
@Suite("Crash: SIGKILL at random points", .serialized)
struct CrashTests {
    static let feeds = 24
    static let items = 30

    /// A home with a local account subscribed to the loopback feeds, nothing fetched yet.
    private func subscribedHome(_ server: LoopbackServer) throws -> TestHome {
        let home = TestHome()
        try CrashHarness.run(home, ["account", "add", "local", "--name", "Home"])
        let opml = home.path + "/feeds.opml"
        try CrashHarness.opml(server: server, count: Self.feeds, folders: 4, at: opml)
        try CrashHarness.run(home, ["opml", "import", opml, "--account", "Home"])
        return home
    }

    /// Articles as "feed url | guid", one line each: duplicates and gaps both show.
    private static let articleRows = "SELECT f.url || ' | ' || a.server_id FROM articles a JOIN feeds f ON f.id = a.feed_id JOIN accounts c ON c.id = a.account_id WHERE c.name = 'Home'"

    @Test("sync killed at random points: store sound after each kill, the next sync stores exactly every article once")
    func killSync() throws {
        let server = try CrashHarness.feedServer(count: Self.feeds, items: Self.items)
        defer { server.stop() }
        let template = try subscribedHome(server)
        let sync = ["sync", "--account", "Home"]
        let reference = try CrashHarness.copy(template)
        try CrashHarness.run(reference, sync)
        let expected = try CrashHarness.snapshot(reference, Self.articleRows)
        #expect(expected.count == Self.feeds * Self.items && Set(expected).count == expected.count)
        try CrashHarness.killAtRandom("sync", template: template, sync) { home, context in
            try CrashHarness.run(home, sync)
            #expect(try CrashHarness.problems(in: home, indexFed: true).isEmpty, "\(context): after the next sync")
            let articles = try CrashHarness.snapshot(home, Self.articleRows)
            #expect(articles == expected, "\(context): \(articles.count) articles after the next sync, expected \(expected.count)")
        }
    }

    @Test("opml import killed at random points: store sound, and importing again ends with every feed exactly once")
    func killOPMLImport() throws {
        let count = 150
        let server = try CrashHarness.feedServer(count: count, items: 1)
        defer { server.stop() }
        let template = TestHome()
        try CrashHarness.run(template, ["account", "add", "local", "--name", "Home"])
        let opml = template.path + "/feeds.opml"
        try CrashHarness.opml(server: server, count: count, folders: 10, at: opml)
        let arguments = ["opml", "import", opml, "--account", "Home"]
        let feedRows = "SELECT coalesce(d.name, '-') || ' | ' || f.url FROM feeds f LEFT JOIN folders d ON d.id = f.folder_id JOIN accounts c ON c.id = f.account_id WHERE c.name = 'Home'"
        let reference = try CrashHarness.copy(template)
        try CrashHarness.run(reference, arguments)
        let expected = try CrashHarness.snapshot(reference, feedRows)
        #expect(expected.count == count)
        try CrashHarness.killAtRandom("opml import", template: template, arguments) { home, context in
            try CrashHarness.run(home, arguments)
            let feeds = try CrashHarness.snapshot(home, feedRows)
            #expect(feeds == expected, "\(context): \(feeds.count) feeds after importing again, expected \(expected.count) once each")
        }
    }

    @Test("backup restore killed at random points: the store holds all of the backup or none of it, and a second restore completes it")
    func killRestore() throws {
        let source = TestHome()
        for account in 0..<6 {
            try CrashHarness.run(source, ["account", "add", "local", "--name", "Account \(account)"])
        }
        let server = try CrashHarness.feedServer(count: 300, items: 0)
        defer { server.stop() }
        let opml = source.path + "/feeds.opml"
        try CrashHarness.opml(server: server, count: 300, folders: 12, at: opml)
        try CrashHarness.run(source, ["opml", "import", opml, "--account", "Account 0"])
        try CrashHarness.run(source, ["settings", "set", "reader.font", "classic"])
        let backup = source.path + "/backup.json"
        try CrashHarness.run(source, ["backup", "export", backup])

        let template = TestHome()
        try CrashHarness.run(template, ["account", "add", "local", "--name", "Before"])
        try CrashHarness.run(template, ["settings", "set", "reader.font", "sans"])
        let arguments = ["backup", "restore", backup, "--yes", "--replace"]
        let state = """
            SELECT 'account ' || name FROM accounts
            UNION ALL SELECT 'feed ' || c.name || ' | ' || f.url FROM feeds f JOIN accounts c ON c.id = f.account_id
            UNION ALL SELECT 'folder ' || c.name || ' | ' || d.name FROM folders d JOIN accounts c ON c.id = d.account_id
            UNION ALL SELECT 'setting ' || key || ' = ' || value FROM settings
            """
        let before = try CrashHarness.snapshot(template, state)
        let reference = try CrashHarness.copy(template)
        try CrashHarness.run(reference, arguments)
        let after = try CrashHarness.snapshot(reference, state)
        #expect(before != after && after.filter { $0.hasPrefix("feed ") }.count == 300)
        var whole = 0
        try CrashHarness.killAtRandom("backup restore", template: template, arguments) { home, context in
            let killedState = try CrashHarness.snapshot(home, state)
            #expect(killedState == before || killedState == after,
                    "\(context): a killed restore left a mix (\(killedState.count) rows; before \(before.count), after \(after.count))")
            if killedState == after { whole += 1 }
            try CrashHarness.run(home, arguments)
            #expect(try CrashHarness.snapshot(home, state) == after, "\(context): the second restore did not complete it")
        }
        print("crash backup restore: \(whole) of \(CrashHarness.rounds) kills left the restore applied whole, the others none of it")
    }
}
