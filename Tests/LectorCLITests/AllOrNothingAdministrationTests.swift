import Foundation
import Testing
import LectorKeyring
import LectorStore
import LectorTestSupport

/// Multi-step administration under a store that fails (a full disk) at each of its writes in
/// turn: every failure leaves feeds, folders, articles, accounts and logins exactly as before.
@Suite("Multi-step administration is all or nothing", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct AllOrNothingAdministrationTests {
    static let secret = "feed-secret"

    /// Open feeds at /a.xml, /b.xml, /c.xml; /members.xml and /extra.xml want alice's login.
    static func feedServer() throws -> LoopbackServer {
        let expected = "Basic " + Data("alice:\(secret)".utf8).base64EncodedString()
        return try LoopbackServer { request in
            let name = request.path.dropFirst().replacingOccurrences(of: ".xml", with: "")
            guard ["a", "b", "c", "members", "extra"].contains(name) else { return .notFound }
            if ["members", "extra"].contains(name), request.header("Authorization") != expected {
                return .text("who are you", status: 401, headers: [("WWW-Authenticate", "Basic realm=\"members\"")])
            }
            return .text(FeedSite.rss("Feed \(name)", items: ["\(name) one", "\(name) two"]), headers: [("Content-Type", "application/rss+xml")])
        }
    }

    /// 'Mine' (the default) with feed a in Keep and the login feed members in Old, some articles
    /// read and starred; 'Other', empty.
    static func template(_ server: LoopbackServer) throws -> TestHome {
        let home = TestHome()
        try home.binaryOK(["account", "add", "local", "--name", "Mine"], "adding Mine")
        try home.binaryOK(["account", "add", "local", "--name", "Other"], "adding Other")
        try home.binaryOK(["feed", "add", server.url("/a.xml").absoluteString, "--folder", "Keep", "--account", "Mine"], "adding a")
        try home.binaryOK(["feed", "add", server.url("/members.xml").absoluteString, "--folder", "Old", "--account", "Mine",
                           "--login", "alice", "--password-stdin"], stdin: secret + "\n", "adding members")
        let store = try home.store()
        let articles = try store.articles.list(ArticleQuery(newestFirst: false, limit: Int.max))
        try store.states.setRead([articles[0].id], to: .read)
        try store.states.setStarred([articles[1].id], to: true)
        return home
    }

    /// What must not change: accounts (and which is the default), folders, feeds with their
    /// logins, articles with their state, and the secrets of the feeds with a login.
    static func snapshot(_ home: TestHome) throws -> [String] {
        let database = try Database(path: CrashHarness.storePath(home))
        func rows(_ sql: String) throws -> [String] { try database.query(sql) { $0.string(0) }.sorted() }
        var lines = try rows("SELECT 'account ' || name || ' ' || kind || ' default=' || is_default FROM accounts WHERE is_demo = 0")
        lines += try rows("SELECT 'folder ' || a.name || '/' || f.name FROM folders f JOIN accounts a ON a.id = f.account_id WHERE a.is_demo = 0")
        lines += try rows("""
            SELECT 'feed ' || a.name || '/' || coalesce(d.name, '-') || ' ' || f.url || ' ' || f.title || ' login=' || coalesce(f.login_user, '-')
            FROM feeds f JOIN accounts a ON a.id = f.account_id LEFT JOIN folders d ON d.id = f.folder_id WHERE a.is_demo = 0
            """)
        lines += try rows("""
            SELECT 'article ' || a.name || ' ' || f.url || ' ' || r.server_id || ' ' || s.read || ' starred=' || s.starred
            FROM articles r JOIN feeds f ON f.id = r.feed_id JOIN accounts a ON a.id = r.account_id
            JOIN article_state s ON s.article_id = r.id WHERE a.is_demo = 0
            """)
        for (id, url, user) in try logins(database) {
            let kept = try LibsecretKeyring().secret(for: .feedLogin(feedID: String(id), url: url, user: user))
            lines.append("secret of feed \(id) \(url): \(kept == secret ? "kept" : "missing")")
        }
        return lines
    }

    static func logins(_ database: Database) throws -> [(id: Int64, url: String, user: String)] {
        try database.query("SELECT id, url, login_user FROM feeds WHERE login_user IS NOT NULL") { ($0.int64(0), $0.string(1), $0.string(2)) }
    }

    /// The copies of a home share the keyring: puts back the secrets of `home`'s login feeds
    /// that a run in a copy removed.
    static func restoreSecrets(_ home: TestHome) throws {
        for (id, url, user) in try logins(try Database(path: CrashHarness.storePath(home))) {
            try LibsecretKeyring().store(secret, for: .feedLogin(feedID: String(id), url: url, user: user))
        }
    }

    /// The id the next feed of `home` will get.
    static func nextFeedID(_ home: TestHome) throws -> Int64 {
        Int64(try Database(path: CrashHarness.storePath(home)).scalarInt("SELECT coalesce(max(id), 0) + 1 FROM feeds"))
    }

    /// Runs `arguments` in copies of `template` with the store failing from its N-th write, for
    /// N = 1, 2, … until the command succeeds: after each failure the store and the secrets of its
    /// login feeds must be as before, and none of `strays` (secrets the command would add) may be
    /// in the keyring. The run that succeeds must end where a run without a fault ends.
    static func expectAllOrNothing(_ template: TestHome, _ arguments: [String], stdin: String? = nil,
                                   strays: [SecretItem] = []) throws {
        let command = "lector " + arguments.joined(separator: " ")
        func cleanUp() throws {
            for item in strays { _ = try LibsecretKeyring().remove(item) }
            try restoreSecrets(template)
        }
        let kept = try logins(try Database(path: CrashHarness.storePath(template)))
        // The keyring outlives the homes: the template's secrets go when the test ends.
        defer { for (id, url, user) in kept { _ = try? LibsecretKeyring().remove(.feedLogin(feedID: String(id), url: url, user: user)) } }
        let before = try snapshot(template)
        let clean = try CrashHarness.copy(template)
        try clean.binaryOK(arguments, stdin: stdin, "the command without a fault")
        let after = try snapshot(clean)
        #expect(after != before, "\(command) changed nothing even without a fault")
        try cleanUp()
        for write in 1...300 {
            let home = try CrashHarness.copy(template)
            var environment = home.environment
            environment[StoreFaultInjection.variable] = "full@\(write)"
            let result = try runProcess(TestBinary.path, arguments, environment: environment, stdin: stdin)
            let now = try snapshot(home)
            let left = try strays.filter { try LibsecretKeyring().secret(for: $0) != nil }
            try cleanUp()
            if result.status == 0 {
                #expect(now == after, "at write \(write) \(command) exited 0 without doing it all: \(now.difference(from: after))")
                return
            }
            #expect(now == before, "\(command) failing at write \(write) (exit \(result.status)) left a change: \(now.difference(from: before)); \(result.stderr)")
            #expect(left.isEmpty, "\(command) failing at write \(write) left a secret in the keyring for a feed that is not there")
            guard now == before, left.isEmpty else { return }
        }
        Issue.record("\(command) never succeeded in 300 writes")
    }

    @Test("feed add URL --folder New --login: a store failing at any of its writes leaves no folder, feed, article or secret")
    func feedAdd() throws {
        let server = try Self.feedServer()
        let template = try Self.template(server)
        let url = server.url("/extra.xml").absoluteString
        try Self.expectAllOrNothing(template, ["feed", "add", url, "--folder", "New", "--account", "Mine", "--login", "alice", "--password-stdin"],
                                    stdin: Self.secret + "\n",
                                    strays: [.feedLogin(feedID: String(try Self.nextFeedID(template)), url: url, user: "alice")])
    }

    @Test("folder remove: a store failing at any of its writes leaves the folder and its feeds where they were")
    func folderRemove() throws {
        let server = try Self.feedServer()
        try Self.expectAllOrNothing(try Self.template(server), ["folder", "remove", "Old", "--account", "Mine", "--yes"])
    }

    @Test("account remove of the default account: a store failing at any of its writes leaves the account and the default as they were")
    func accountRemove() throws {
        let server = try Self.feedServer()
        let template = try Self.template(server)
        // Two accounts left would leave no default: with one left, the default is handed over.
        try template.binaryOK(["account", "remove", "Other", "--yes"], "removing Other")
        try template.binaryOK(["account", "add", "local", "--name", "Heir"], "adding Heir")
        try Self.expectAllOrNothing(template, ["account", "remove", "Mine", "--yes"])
    }

    @Test("feed apply --prune: a store failing at any of its writes leaves the subscriptions, folders, articles and logins as they were")
    func feedApply() throws {
        let server = try Self.feedServer()
        let template = try Self.template(server)
        let file = template.path + "/wanted.urls"
        try ["a.xml \"~Renamed\" \"Moved\"", "c.xml \"Fresh\""].map { server.url("/").absoluteString + $0 }.joined(separator: "\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        try Self.expectAllOrNothing(template, ["feed", "apply", file, "--account", "Mine", "--prune", "--yes"])
    }

    @Test("account copy of feeds and folders: a store failing at any of its writes leaves the destination as it was")
    func accountCopy() throws {
        let server = try Self.feedServer()
        try Self.expectAllOrNothing(try Self.template(server), ["account", "copy", "Mine", "Other", "--feeds", "--folders"])
    }
}

extension Array where Element == String {
    /// The lines only one side has, for a failure message.
    func difference(from other: [String]) -> String {
        let mine = Set(self), theirs = Set(other)
        return "added \(self.filter { !theirs.contains($0) }), lost \(other.filter { !mine.contains($0) })"
    }
}
