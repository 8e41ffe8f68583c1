import Foundation
import LectorStore
import Testing
import LectorKeyring
import LectorTestSupport
@testable import LectorCLI
@testable import LectorStore

@Suite("Background sync and the automatic floor", .serialized)
struct ScheduleTests {
    @Test("schedule install writes a service and timer from the sync settings, or says to turn background sync on")
    func installWritesUnits() throws {
        let home = TestHome()
        let refused = #expect(throws: CLIError.self) { try home.run("schedule", "install") }
        #expect(refused?.description.contains("sync.background") == true)
        _ = try home.run("settings", "set", "sync.background", "true")
        _ = try home.run("settings", "set", "sync.interval", "45")
        let output = try home.run("schedule", "install")
        let units = home.path + "/systemd/user/"
        let service = try String(contentsOfFile: units + "lector-sync.service", encoding: .utf8)
        let timer = try String(contentsOfFile: units + "lector-sync.timer", encoding: .utf8)
        #expect(service.contains("sync --auto") && service.contains("LECTOR_HOME=\(home.path)"), "\(service)")
        #expect(timer.contains("OnUnitActiveSec=45min"), "\(timer)")
        #expect(output.contains("*/45 * * * *") || output.contains("Enabled"), "without a user manager the crontab line is printed: \(output)")
        let reminder = try home.run("settings", "set", "sync.interval", "60")
        #expect(reminder.contains("schedule install"), "changing the interval reminds to reinstall")
        _ = try home.run("schedule", "remove")
        #expect(!FileManager.default.fileExists(atPath: units + "lector-sync.timer"))
    }

    @Test("sync --auto declines inside the floor and logs every run; a sync the user asks for always runs")
    func autoFloor() throws {
        let home = TestHome()
        _ = try home.run("account", "add", "local", "--name", "L")
        let first = try runProcess(TestBinary.path, ["sync", "--auto"], environment: home.environment)
        #expect(first.status == 0 && first.stdout.isEmpty, "an automatic run prints nothing on success off a terminal: \(first.stdout)")
        let second = try home.run("sync", "--auto", "--json")
        #expect(second.contains("skipped"), "a second automatic run inside the floor is skipped: \(second)")
        #expect(try home.run("sync").contains("L: 0 feed(s)"), "a manual sync runs")
        let log = try String(contentsOfFile: home.path + "/state/sync.log", encoding: .utf8)
        #expect(log.split(separator: "\n").count == 2 && log.contains("skipped"), "\(log)")
        #expect(try home.run("schedule", "status").contains("Last automatic run"))
    }

    @Test("an account added after the last automatic sync is in the next one (the REPL's launch sync), while the account synced inside the floor is skipped")
    func newAccountInNextAutomaticSync() throws {
        let home = TestHome()
        _ = try home.run("account", "add", "local", "--name", "Old")
        _ = try home.run("sync", "--auto", "--json")
        _ = try home.run("account", "add", "local", "--name", "New")
        let next = try home.run("sync", "--auto", "--json")
        let result = try #require(next.split(separator: "\n").last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] },
                                  "the last JSON line is the result: \(next)")
        let outcomes = Dictionary(uniqueKeysWithValues: ((result["results"] as? [[String: Any]]) ?? []).compactMap { entry in
            (entry["account"] as? String).map { ($0, entry["outcome"] as? String ?? "?") }
        })
        #expect(outcomes == ["Old": "skipped", "New": "ok"], "the new account must be synced and the old one wait for the floor: \(outcomes)")
    }

    @Test("sync --auto counts its floor in minutes: with sync.interval 15 a run 10 minutes after the last is skipped, naming the wait; 16 minutes after, it runs")
    func autoFloorInMinutes() throws {
        let home = TestHome()
        _ = try home.run("account", "add", "local", "--name", "L")
        _ = try home.run("settings", "set", "sync.interval", "15")
        let store = try home.store()
        let account = try #require(try store.accounts.named("L"))
        func lastStarted(minutesAgo: Double) throws {
            try store.sync.recordStart(accountID: account.id, at: Date().timeIntervalSince1970 - minutesAgo * 60)
        }
        try lastStarted(minutesAgo: 10)
        let skipped = try home.run("sync", "--auto", "--json")
        #expect(skipped.contains("\"skipped\""), "a sync 10 minutes after the last, inside a 15-minute floor, must be skipped: \(skipped)")
        #expect(skipped.contains("synced 10 min ago; automatic syncs wait 15 min"), "the skip must say how long automatic syncs wait: \(skipped)")
        try lastStarted(minutesAgo: 16)
        let ran = try home.run("sync", "--auto", "--json")
        #expect(!ran.contains("skipped") && ran.contains("\"ok\""), "a sync 16 minutes after the last is past the floor and must run: \(ran)")
    }
}

@Suite("Feeds behind a login", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct FeedLoginTests {
    @Test("a feed added with --login sends its credentials on every fetch, keeps the secret in the keyring, and loses it when removed")
    func basicLogin() throws {
        let server = try LoginFeedServers.membersOnly(user: "alice", secret: "feed-secret")
        let home = TestHome()
        _ = try home.run("account", "add", "local", "--name", "Mine")
        let url = server.url("/members.xml").absoluteString
        let added = try runProcess(TestBinary.path, ["feed", "add", url, "--login", "alice", "--password-stdin"],
                                   environment: home.environment, stdin: "feed-secret\n")
        #expect(added.status == 0, "\(added.stderr)")
        let feed = try #require(try home.store().feeds.list().first { $0.feed.title == "Members Only" }?.feed)
        #expect(feed.loginUser == "alice")
        let item = SecretItem.feedLogin(feedID: String(feed.id), url: feed.url, user: "alice")
        #expect(try LibsecretKeyring().secret(for: item) == "feed-secret")
        let database = try Data(contentsOf: URL(fileURLWithPath: home.path + "/data/lector.sqlite"))
        #expect(database.range(of: Data("feed-secret".utf8)) == nil, "the feed's secret never reaches the database")
        #expect(try home.run("feed", "show", "Members Only").contains("login: alice"))
        let sync = try runProcess(TestBinary.path, ["sync"], environment: home.environment)
        #expect(sync.status == 0 && !sync.stdout.contains("failed"), "sync with the stored login: \(sync.stdout)\(sync.stderr)")
        #expect(server.requests.last?.header("Authorization") == "Basic " + Data("alice:feed-secret".utf8).base64EncodedString(), "the credentials go with every fetch")
        let wrong = try runProcess(TestBinary.path, ["feed", "add", server.url("/other.xml").absoluteString, "--login", "alice", "--password-stdin"],
                                   environment: home.environment, stdin: "wrong\n")
        #expect(wrong.status == 5, "a 401 on a feed with a login is an authentication failure: \(wrong.status) \(wrong.stderr)")
        _ = try home.run("feed", "remove", "Members Only", "--yes")
        #expect(try LibsecretKeyring().secret(for: item) == nil, "removing the feed removes its secret")
    }

    @Test("a feed behind a login pruned by feed apply takes its secret out of the keyring too")
    func prunedFeedForgetsItsSecret() throws {
        let server = try LoginFeedServers.membersOnly(user: "alice", secret: "feed-secret")
        let home = TestHome()
        _ = try home.run("account", "add", "local", "--name", "Mine")
        let added = try runProcess(TestBinary.path, ["feed", "add", server.url("/members.xml").absoluteString, "--login", "alice",
                                                     "--password-stdin", "--account", "Mine"],
                                   environment: home.environment, stdin: "feed-secret\n")
        #expect(added.status == 0, "\(added.stderr)")
        let feed = try #require(try home.store().feeds.list().first { $0.feed.title == "Members Only" }?.feed)
        let item = SecretItem.feedLogin(feedID: String(feed.id), url: feed.url, user: "alice")
        #expect(try LibsecretKeyring().secret(for: item) == "feed-secret")
        let empty = home.path + "/none.opml"
        try "<?xml version=\"1.0\"?><opml version=\"2.0\"><body></body></opml>".write(toFile: empty, atomically: true, encoding: .utf8)
        let pruned = try runProcess(TestBinary.path, ["feed", "apply", empty, "--prune", "--yes", "--account", "Mine"], environment: home.environment)
        #expect(pruned.status == 0 && pruned.stdout.contains("- feed"), "\(pruned.stdout)\(pruned.stderr)")
        #expect(try LibsecretKeyring().secret(for: item) == nil, "the pruned feed's secret stayed in the keyring")
    }
}

extension FeedLoginTests {
    @Test("a feed behind a login that feed check --fix moves takes its secret to the new address, and the next sync logs in there")
    func movedFeedTakesItsSecret() throws {
        let moved = MovedFlag()
        let expected = "Basic " + Data("alice:feed-secret".utf8).base64EncodedString()
        let server = try LoopbackServer { request in
            guard request.header("Authorization") == expected else {
                return .text("who are you", status: 401, headers: [("WWW-Authenticate", "Basic realm=\"members\"")])
            }
            if request.path == "/old.xml" && moved.isSet { return ServerResponse(status: 308, headers: [("Location", "/new.xml")]) }
            return .text(FeedSite.rss("Members Only", items: ["Secret post"]), headers: [("Content-Type", "application/rss+xml")])
        }
        let home = TestHome()
        _ = try home.run("account", "add", "local", "--name", "Mine")
        let added = try runProcess(TestBinary.path, ["feed", "add", server.url("/old.xml").absoluteString, "--login", "alice", "--password-stdin"],
                                   environment: home.environment, stdin: "feed-secret\n")
        #expect(added.status == 0, "\(added.stderr)")
        let feed = try #require(try home.store().feeds.list().first { $0.feed.title == "Members Only" }?.feed)
        moved.set()
        // An hour later: outside the fetch floor, so the check asks the server again.
        try home.store().database.execute("UPDATE feed_fetch_meta SET last_fetched_at = last_fetched_at - 3600, next_fetch_at = NULL")
        let fixed = try runProcess(TestBinary.path, ["feed", "check", "--fix", "--yes"], environment: home.environment)
        #expect(fixed.status == 0 && fixed.stdout.contains("change address"), "the move: \(fixed.stdout)\(fixed.stderr)")
        let after = try #require(try home.store().feeds.list().first { $0.feed.id == feed.id }?.feed)
        #expect(after.url == server.url("/new.xml").absoluteString, "the feed moved: \(after.url)")
        let newItem = SecretItem.feedLogin(feedID: String(feed.id), url: after.url, user: "alice")
        #expect(try LibsecretKeyring().secret(for: newItem) == "feed-secret", "the secret did not follow the feed to its new address")
        #expect(try LibsecretKeyring().secret(for: .feedLogin(feedID: String(feed.id), url: feed.url, user: "alice")) == nil,
                "the old address's secret stayed behind")
        let sync = try runProcess(TestBinary.path, ["sync"], environment: home.environment)
        #expect(sync.status == 0 && !sync.stdout.contains("failed"), "sync at the new address: \(sync.stdout)\(sync.stderr)")
        #expect(server.requests.last.map { $0.path == "/new.xml" && $0.header("Authorization") == expected } == true,
                "the next fetch logs in at the new address")
        _ = try home.run("feed", "remove", "Members Only", "--yes")
        #expect(try LibsecretKeyring().secret(for: newItem) == nil)
    }
}

extension FeedLoginTests {
    @Test("a feed an older Lector stored with user:password@ in its address has the password moved to the keyring by the next command, and still syncs")
    func legacyAddressLoginMovesToKeyring() throws {
        let server = try LoginFeedServers.membersOnly(user: "alice", secret: "feed-secret")
        let home = TestHome()
        _ = try home.run("account", "add", "local", "--name", "Mine")
        var address = URLComponents(url: server.url("/members.xml"), resolvingAgainstBaseURL: false)!
        address.user = "alice"
        address.password = "feed-secret"
        let legacy = address.url!.absoluteString
        let feedID: Int64
        do {
            let store = try home.store()
            let account = try #require(try store.accounts.named("Mine"))
            feedID = try store.feeds.insert(accountID: account.id, folderID: nil, serverID: legacy, title: "Members Only", url: legacy, siteURL: nil).id
            try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let listed = try runProcess(TestBinary.path, ["feed", "list"], environment: home.environment)
        #expect(listed.status == 0 && listed.stderr.contains("moved the login of 1 feed(s)"), "the note: \(listed.stderr)")
        #expect(!listed.stdout.contains("feed-secret"), "the password is never shown: \(listed.stdout)")
        let clean = server.url("/members.xml").absoluteString
        #expect(try LibsecretKeyring().secret(for: .feedLogin(feedID: String(feedID), url: clean, user: "alice")) == "feed-secret",
                "the password is in the keyring under the clean address")
        let feed = try #require(try home.store().feeds.list().first { $0.feed.id == feedID }?.feed)
        #expect(feed.url == clean && feed.loginUser == "alice", "the address lost its login, the user is kept: \(feed)")
        try home.store().database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let database = try Data(contentsOf: URL(fileURLWithPath: home.path + "/data/lector.sqlite"))
        #expect(database.range(of: Data("feed-secret".utf8)) == nil, "the password is still in the database file")
        let sync = try runProcess(TestBinary.path, ["sync"], environment: home.environment)
        #expect(sync.status == 0 && !sync.stdout.contains("failed"), "sync with the moved login: \(sync.stdout)\(sync.stderr)")
        #expect(server.requests.last?.header("Authorization") == "Basic " + Data("alice:feed-secret".utf8).base64EncodedString())
        #expect(try runProcess(TestBinary.path, ["feed", "list"], environment: home.environment).stderr.isEmpty, "nothing left to move")
        _ = try home.run("feed", "remove", "Members Only", "--yes")
    }
}

extension FeedLoginTests {
    @Test("a feed behind a login moves to a new machine by backup: its user travels, its password is asked for again with feed password, checked, and the next sync logs in")
    func loginFeedAcrossMachines() throws {
        let server = try LoginFeedServers.membersOnly(user: "alice", secret: "feed-secret")
        let old = TestHome(), new = TestHome()
        _ = try old.run("account", "add", "local", "--name", "Mine")
        try old.binaryOK(["feed", "add", server.url("/members.xml").absoluteString, "--login", "alice", "--password-stdin"],
                         stdin: "feed-secret\n", "subscribe on the old machine")
        let file = old.path + "/backup.json"
        try old.binaryOK(["backup", "export", file], "export")
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written.contains("\"login_user\"") && !written.contains("feed-secret"), "the backup has the login's user, never its secret: \(written)")
        // The new machine's keyring starts empty: the old machine's feed (and its secret) go first,
        // as both homes share this test's keyring and would give the restored feed the same id.
        _ = try old.run("feed", "remove", "Members Only", "--yes")

        let restored = try new.binaryOK(["backup", "restore", file, "--yes"], "restore on the new machine")
        #expect(restored.stdout.contains("Feed 'Members Only' of 'Mine' needs its password: run 'lector feed password 'Members Only' --account 'Mine''"),
                "the restore says which feed needs its password, and how: \(restored.stdout)")
        #expect(try new.run("feed", "show", "Members Only").contains("login: alice"))
        let requestsBefore = server.requests.count
        let early = try new.binary(["sync"])
        #expect(early.status == 5 && early.stdout.contains("no password for its login (alice) in the keyring: give it with 'lector feed password'"),
                "a sync before the password says what is missing: \(early.status) \(early.stdout)\(early.stderr)")
        #expect(server.requests.count == requestsBefore, "a fetch without the login was sent, only to be refused")

        let wrong = try new.binary(["feed", "password", "Members Only", "--account", "Mine", "--password-stdin"], stdin: "wrong\n")
        #expect(wrong.status == 5, "a password the feed refuses is an authentication failure (5): \(wrong.status) \(wrong.stderr)")
        let feed = try #require(try new.store().feeds.list().first { $0.feed.title == "Members Only" }?.feed)
        let item = SecretItem.feedLogin(feedID: String(feed.id), url: feed.url, user: "alice")
        #expect(try LibsecretKeyring().secret(for: item) == nil, "a refused password was stored")
        try new.binaryOK(["feed", "password", "Members Only", "--account", "Mine", "--password-stdin"], stdin: "feed-secret\n", "feed password")
        #expect(try LibsecretKeyring().secret(for: item) == "feed-secret")
        let sync = try new.binary(["sync"])
        #expect(sync.status == 0 && !sync.stdout.contains("failed"), "sync on the new machine: \(sync.stdout)\(sync.stderr)")
        #expect(server.requests.last?.header("Authorization") == "Basic " + Data("alice:feed-secret".utf8).base64EncodedString())
        _ = try new.run("feed", "remove", "Members Only", "--yes")
    }
}

/// A switch the test flips and the server's thread reads.
private final class MovedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

@Suite("Colour conventions")
struct ColourTests {
    @Test("--color always styles, never and NO_COLOR do not; the theme picks the palette")
    func colourSwitches() throws {
        let home = TestHome()
        let styled = try home.run("article", "list", "-q", "tide", "--color", "always")
        #expect(styled.contains("\u{1b}["), "--color always must style")
        #expect(!(try home.run("article", "list", "-q", "tide", "--color", "never")).contains("\u{1b}"))
        var environment = home.environment
        environment["NO_COLOR"] = "1"
        let session = Session(directories: AppDirectories.resolve(environment: environment), environment: environment)
        let plain = try CommandRunner(session: session).execute(["article", "list", "-q", "tide"])
        #expect(!plain.contains("\u{1b}") && plain.contains("[tide]"), "NO_COLOR: plain text, matches in brackets")
        _ = try home.run("settings", "set", "appearance.theme", "pure-dark")
        #expect(try home.run("article", "list", "-q", "tide", "--color", "always").contains("\u{1b}[96m"), "Pure Dark uses bright colours")
    }
}

@Suite("Unit files", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze"), "systemd-analyze is not installed"))
struct UnitFileTests {
    @Test("the written service and timer pass systemd-analyze verify")
    func unitsVerify() throws {
        let home = TestHome()
        _ = try home.run("settings", "set", "sync.background", "true")
        _ = try home.run("schedule", "install")
        let units = home.path + "/systemd/user/"
        let result = try runProcess("/usr/bin/systemd-analyze", ["verify", units + "lector-sync.service", units + "lector-sync.timer"],
                                    environment: ["PATH": "/usr/bin:/bin", "SYSTEMD_LOG_LEVEL": "warning"])
        let complaints = result.stderr.split(separator: "\n").filter { $0.contains("lector-sync") }
        #expect(complaints.isEmpty, "systemd-analyze complains: \(result.stderr)")
    }
}

@Suite("Sync on REPL start", .serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"), "tmux is not installed"))
struct OnLaunchSyncTests {
    @Test("the prompt appears before a slow sync ends, and its summary is printed between prompts")
    func promptFirstSummaryLater() throws {
        let slow = try LoopbackServer { _ in .text(FeedSite.rss("Slow Feed", items: ["Late"]), headers: [("Content-Type", "application/rss+xml")]) }
        let home = TestHome()
        _ = try home.run("account", "add", "local", "--name", "Mine")
        try CLIError.catching {
            let store = try home.store()
            let account = try store.accounts.named("Mine")!
            try store.feeds.insert(accountID: account.id, folderID: nil, serverID: "slow", title: "Slow Feed",
                                   url: slow.url("/slow.xml").absoluteString, siteURL: nil)
        }
        _ = try home.run("settings", "set", "sync.on-launch", "true")
        slow.inject(.delay(.seconds(2)))
        let started = Date()
        let session = try TmuxSession(command: TestBinary.path, environment: home.environment)
        let promptAfter = Date().timeIntervalSince(started)
        #expect(promptAfter < 2, "the prompt must not wait for the sync (took \(promptAfter) s)")
        #expect(!session.screen.contains("sync:"), "no summary before the sync ends")
        try session.type("art")
        try session.wait(for: "1 new article(s)", timeout: 10)
        #expect(session.screen.contains("> art"), "the line being typed is kept under the summary")
    }
}

@Suite("Feed credentials on redirects", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct FeedRedirectTests {
    @Test("a feed's login is not sent to a redirect target on another port")
    func credentialsStayHome() throws {
        let (home, elsewhere) = try LoginFeedServers.redirectingAfterLogin()
        let test = TestHome()
        _ = try test.run("account", "add", "local", "--name", "Mine")
        let added = try runProcess(TestBinary.path, ["feed", "add", home.url("/members.xml").absoluteString, "--login", "alice", "--password-stdin"],
                                   environment: test.environment, stdin: "pw\n")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(home.requests.contains { $0.header("Authorization") != nil }, "the feed's own host gets the login")
        #expect(elsewhere.requests.allSatisfy { $0.header("Authorization") == nil }, "another port never sees it")
        _ = try test.run("feed", "remove", "Moved", "--yes")
    }
}

@Suite("Two Lector processes at once", .serialized)
struct ConcurrentProcessesTests {
    @Test("syncs and a marking running side by side all succeed, and the store stays consistent")
    func sideBySide() throws {
        let site = StaticSite()
        for index in 0..<20 {
            site.serve("/feed\(index).xml", text: FeedSite.rss("Feed \(index)", items: (0..<20).map { "Post \(index)-\($0)" }),
                       contentType: "application/rss+xml")
        }
        let server = try LoopbackServer(handler: site.handler)
        let home = TestHome()
        _ = try home.run("account", "add", "local", "--name", "Mine")
        let opml = home.path + "/feeds.opml"
        try ("<?xml version=\"1.0\"?><opml version=\"2.0\"><body>" + (0..<20).map {
            "<outline text=\"Feed \($0)\" xmlUrl=\"\(server.url("/feed\($0).xml").absoluteString)\"/>"
        }.joined() + "</body></opml>").write(toFile: opml, atomically: true, encoding: .utf8)
        _ = try home.run("opml", "import", opml)

        func start(_ arguments: [String]) throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: TestBinary.path)
            process.arguments = arguments
            process.environment = home.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        let processes = try [start(["sync"]), start(["sync"]), start(["article", "mark-all-read", "--yes"]), start(["sync"])]
        for process in processes { process.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == [0, 0, 0, 0], "every process must succeed: \(processes.map(\.terminationStatus))")
        let store = try home.store()
        let integrity = try store.database.queryFirst("PRAGMA integrity_check") { $0.string(0) }
        #expect(integrity == "ok", "the store must stay intact: \(integrity ?? "nil")")
        #expect(try store.articles.count() == 400, "each article stored once")
        let drift = try store.database.scalarInt("""
            SELECT count(*) FROM feeds f WHERE f.article_count <> (SELECT count(*) FROM articles WHERE feed_id = f.id)
            """)
        #expect(drift == 0, "feed counters stay in step")
    }
}

@Suite("sync --json")
struct SyncJSONTests {
    @Test("sync --json prints JSON lines: progress events as they happen, then one result line")
    func jsonLines() throws {
        let site = try FeedSite()
        let home = TestHome()
        _ = try home.run("account", "add", "local", "--name", "Mine")
        _ = try home.run("feed", "add", site.url("/news.xml"))
        let result = try runProcess(TestBinary.path, ["sync", "--json"], environment: home.environment)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let objects = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.count == lines.count && lines.count >= 2, "every line is one JSON object: \(result.stdout)")
        #expect(objects.dropLast().allSatisfy { $0["event"] as? String == "progress" }, "progress first")
        #expect(objects.last?["event"] as? String == "result" && (objects.last?["results"] as? [Any])?.count == 1, "then the result")
    }
}
