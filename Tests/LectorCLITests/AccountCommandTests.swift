import LectorAccounts
import Foundation
import LectorBasics
import Testing
import LectorKeyring
import LectorTestSupport
@testable import LectorCLI
@testable import LectorStore

/// Only the throwaway keyring of scripts/with-test-keyring.sh is ever written to.
enum PrivateKeyring {
    static let isAvailable = ProcessInfo.processInfo.environment["LECTOR_TEST_KEYRING_PASSWORD"] != nil
        && LibsecretKeyring().status() == .available
}

/// One emulated service on a loopback server, and how `account add` is pointed at it.
struct ServiceUnderTest: Sendable, CustomStringConvertible {
    let kind: String
    let user: String?
    let secret: String
    let server: LoopbackServer
    /// The emulated server's data.
    let feeds: FeedStore

    var description: String { kind + (user == nil ? " (token)" : "") }

    /// `address`: another of this machine's IPv4 addresses to listen on instead of 127.0.0.1.
    static func start(_ kind: String, token: Bool = false, feeds: FeedStore = FeedStore(), address: String? = nil) throws -> ServiceUnderTest {
        func LoopbackServer(handler: @escaping @Sendable (ServerRequest) -> ServerResponse) throws -> LectorTestSupport.LoopbackServer {
            try address.map { try .init(listeningOn: $0, handler: handler) } ?? .init(handler: handler)
        }
        let account = EmulatedAccount(username: "alice", password: "correct horse")
        switch kind {
        case "freshrss":
            return ServiceUnderTest(kind: kind, user: "alice", secret: "correct horse",
                                    server: try LoopbackServer(handler: GReaderEmulator(store: feeds, accounts: [account]).handler), feeds: feeds)
        case "fever":
            return ServiceUnderTest(kind: kind, user: "alice", secret: "correct horse",
                                    server: try LoopbackServer(handler: FeverEmulator(store: feeds, accounts: [account]).handler), feeds: feeds)
        case "miniflux":
            let emulator = MinifluxEmulator(store: feeds, account: account, apiKey: "token-123")
            return ServiceUnderTest(kind: kind, user: token ? nil : "alice", secret: token ? "token-123" : "correct horse",
                                    server: try LoopbackServer(handler: emulator.handler), feeds: feeds)
        default:
            return ServiceUnderTest(kind: kind, user: account.email, secret: "correct horse",
                                    server: try LoopbackServer(handler: FeedbinEmulator(store: feeds, account: account).handler), feeds: feeds)
        }
    }

    func addArguments(name: String) -> [String] {
        ["account", "add", kind, "--name", name, "--url", server.baseURL.absoluteString, "--password-stdin"]
            + (user.map { ["--user", $0] } ?? [])
    }
}

@Suite("Accounts against emulated services and the real keyring", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct AccountCommandTests {
    static let services: [(String, Bool)] = [("freshrss", false), ("miniflux", false), ("miniflux", true), ("fever", false), ("feedbin", false)]

    private func lector(_ home: TestHome, _ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
        try runProcess(TestBinary.path, arguments, environment: home.environment, stdin: stdin)
    }

    @Test("adding an account checks the login, keeps the secret only in the keyring, and test/remove work", arguments: services)
    func addTestRemove(kind: String, token: Bool) throws {
        let service = try ServiceUnderTest.start(kind, token: token)
        let home = TestHome()
        let added = try lector(home, service.addArguments(name: "Work"), stdin: service.secret + "\n")
        #expect(added.status == 0, "\(service): add failed: \(added.stderr)")
        let account = try #require(try home.store().accounts.named("Work"))
        let item = AccountSecret.item(for: account)
        #expect(try LibsecretKeyring().secret(for: item) == service.secret, "the secret must be in the keyring")
        let database = try Data(contentsOf: URL(fileURLWithPath: home.path + "/data/lector.sqlite"))
        #expect(database.range(of: Data(service.secret.utf8)) == nil, "the secret must never reach the database file")
        #expect(try home.store().accounts.all().allSatisfy { !$0.isDemo }, "the first real account removes the demo library")

        let tested = try lector(home, ["account", "test", "Work"])
        #expect(tested.status == 0 && tested.stdout.contains("Logged in"), "\(service): \(tested.stderr)")
        let backup = try lector(home, ["backup", "export"])
        #expect(!backup.stdout.contains(service.secret), "a backup never holds a secret")

        let removed = try lector(home, ["account", "remove", "Work", "--yes"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try LibsecretKeyring().secret(for: item) == nil, "removing the account removes its secret")
    }

    @Test("a wrong password exits 5, saves nothing and leaves the keyring unchanged", arguments: services)
    func wrongPassword(kind: String, token: Bool) throws {
        let service = try ServiceUnderTest.start(kind, token: token)
        let home = TestHome()
        let result = try lector(home, service.addArguments(name: "Wrong"), stdin: "not the password\n")
        #expect(result.status == 5, "\(service): expected the authentication exit code, got \(result.status): \(result.stderr)")
        #expect(try home.store().accounts.named("Wrong") == nil, "nothing is saved")
        let item = AccountSecret.item(kind: AccountKind(rawValue: kind)!, url: service.server.baseURL.absoluteString, user: service.user)
        #expect(try LibsecretKeyring().secret(for: item) == nil)
        #expect(!result.stderr.contains("not the password"), "the secret never appears in a message")
    }

    @Test("a server that is down gives the network exit code")
    func serverDown() throws {
        let service = try ServiceUnderTest.start("miniflux")
        service.server.stop()
        let result = try lector(TestHome(), service.addArguments(name: "Down"), stdin: service.secret + "\n")
        #expect(result.status == 6, "expected 6, got \(result.status): \(result.stderr)")
    }

    @Test("a proxy that strips the Authorization header is named as the cause")
    func strippedAuthorization() throws {
        let service = try ServiceUnderTest.start("freshrss")
        service.server.inject(.stripAuthorization)
        let result = try lector(TestHome(), service.addArguments(name: "Proxied"), stdin: service.secret + "\n")
        #expect(result.status == 5 && result.stderr.contains("Authorization header"), "got \(result.status): \(result.stderr)")
    }

    @Test("two accounts on one server with different users keep separate secrets; removing one leaves the other")
    func twoUsersOneServer() throws {
        let emulatorStore = FeedStore()
        let alice = EmulatedAccount(username: "alice", password: "alice-pw")
        let bob = EmulatedAccount(username: "bob", password: "bob-pw")
        let server = try LoopbackServer(handler: GReaderEmulator(store: emulatorStore, accounts: [alice, bob]).handler)
        let home = TestHome()
        let url = server.baseURL.absoluteString
        #expect(try lector(home, ["account", "add", "freshrss", "--name", "A", "--url", url, "--user", "alice", "--password-stdin"], stdin: "alice-pw\n").status == 0)
        #expect(try lector(home, ["account", "add", "freshrss", "--name", "B", "--url", url, "--user", "bob", "--password-stdin"], stdin: "bob-pw\n").status == 0)
        let duplicate = try lector(home, ["account", "add", "freshrss", "--name", "C", "--url", url, "--user", "bob", "--password-stdin"], stdin: "bob-pw\n")
        #expect(duplicate.status == 4, "the same login twice is a conflict: \(duplicate.stderr)")
        let b = try #require(try home.store().accounts.named("B"))
        _ = try lector(home, ["account", "remove", "A", "--yes"])
        #expect(try LibsecretKeyring().secret(for: AccountSecret.item(for: b)) == "bob-pw", "bob's secret survives alice's removal")
        _ = try lector(home, ["account", "remove", "B", "--yes"])
    }

    @Test("account password replaces the secret only after the server accepts it")
    func replacePassword() throws {
        let service = try ServiceUnderTest.start("fever")
        let home = TestHome()
        #expect(try lector(home, service.addArguments(name: "F"), stdin: service.secret + "\n").status == 0)
        let rejected = try lector(home, ["account", "password", "F", "--password-stdin"], stdin: "wrong\n")
        #expect(rejected.status == 5)
        let account = try #require(try home.store().accounts.named("F"))
        #expect(try LibsecretKeyring().secret(for: AccountSecret.item(for: account)) == service.secret, "a rejected secret replaces nothing")
        _ = try lector(home, ["account", "remove", "F", "--yes"])
    }

    @Test("a restored account that the keyring already knows does not ask for its password")
    func restoreFindsExistingSecret() throws {
        let service = try ServiceUnderTest.start("miniflux")
        let source = TestHome()
        #expect(try lector(source, service.addArguments(name: "M"), stdin: service.secret + "\n").status == 0)
        let file = source.path + "/backup.json"
        #expect(try lector(source, ["backup", "export", file]).status == 0)
        let target = TestHome()
        let restored = try lector(target, ["backup", "restore", file, "--yes"])
        #expect(restored.status == 0 && !restored.stdout.contains("needs its secret"), "\(restored.stdout)\(restored.stderr)")
        #expect(try target.store().accounts.named("M")?.needsPassword == false)
        _ = try lector(source, ["account", "remove", "M", "--yes"])
    }
}

@Suite("Accounts without a keyring")
struct NoKeyringTests {
    @Test("with no keyring, a password an older Lector left in a feed's address stays put, is named in a note, and never reaches a backup")
    func legacyAddressLoginWithoutKeyring() throws {
        let home = TestHome()
        var environment = home.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent/lector-test-bus"
        _ = try runProcess(TestBinary.path, ["account", "add", "local", "--name", "Mine"], environment: environment)
        let legacy = "https://alice:feed-secret@members.example/feed.xml"
        // The store opened directly: a session of this test process would reach the keyring the
        // test runner has, and move the login itself.
        let databasePath = AppDirectories.resolve(environment: environment).databasePath
        do {
            let store = try Store(path: databasePath)
            let account = try #require(try store.accounts.named("Mine"))
            _ = try store.feeds.insert(accountID: account.id, folderID: nil, serverID: legacy, title: "Members", url: legacy, siteURL: nil)
        }
        let backup = home.path + "/backup.json"
        let exported = try runProcess(TestBinary.path, ["backup", "export", backup], environment: environment)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stderr.contains("keeps a password in its stored address"), "the note says the move waits: \(exported.stderr)")
        #expect(!exported.stderr.contains("feed-secret"), "the note never shows the password: \(exported.stderr)")
        let written = try String(contentsOfFile: backup, encoding: .utf8)
        #expect(!written.contains("feed-secret") && written.contains("https://members.example/feed.xml"),
                "the backup has the address without its login: \(written)")
        #expect(try Store(path: databasePath).feeds.list().first { $0.feed.title == "Members" }?.feed.url == legacy, "the feed was left as it was")
    }

    @Test("with no keyring, feed add --login exits 5 naming the keyring and keeps no feed: a login is never kept anywhere else")
    func feedLoginWithoutKeyringKeepsNoFeed() throws {
        let server = try LoginFeedServers.membersOnly(user: "alice", secret: "feed-secret")
        let home = TestHome()
        var environment = home.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent/lector-test-bus"
        _ = try runProcess(TestBinary.path, ["account", "add", "local", "--name", "Mine"], environment: environment)
        let added = try runProcess(TestBinary.path, ["feed", "add", server.url("/members.xml").absoluteString, "--login", "alice", "--password-stdin"],
                                   environment: environment, stdin: "feed-secret\n")
        #expect(added.status == 5, "no keyring is an authentication failure: exit \(added.status), \(added.stderr)")
        #expect(added.stderr.lowercased().contains("keyring") || added.stderr.contains("Secret Service") || added.stderr.contains("D-Bus"),
                "the error names the keyring: \(added.stderr)")
        let databasePath = AppDirectories.resolve(environment: environment).databasePath
        #expect(try Store(path: databasePath).feeds.list().isEmpty, "the feed whose login could not be kept must not stay")
    }

    @Test("with no keyring, summarize without a provider names the setting (exit 2), and a cached summary is shown without asking the keyring")
    func summaryWithoutKeyring() throws {
        let stream = "data: {\"choices\":[{\"delta\":{\"content\":\"Tides follow the moon.\"}}]}\n\ndata: [DONE]\n\n"
        let server = try LoopbackServer { _ in ServerResponse(status: 200, headers: [("Content-Type", "text/event-stream")], body: Data(stream.utf8)) }
        let home = TestHome()
        var environment = home.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent/lector-test-bus"
        _ = try runProcess(TestBinary.path, ["article", "list"], environment: environment)
        let unset = try runProcess(TestBinary.path, ["article", "summarize", "1"], environment: environment)
        #expect(unset.status == 2 && unset.stderr.contains("summary.provider"),
                "with no provider the setting is named, whatever the keyring: exit \(unset.status), \(unset.stderr)")
        // A summary cached while the keyring answered (an in-process session has the runner's).
        _ = try home.run("settings", "set", "summary.provider", "openai")
        _ = try home.run("settings", "set", "summary.endpoint", server.baseURL.absoluteString + "/v1")
        _ = try home.run("settings", "set", "summary.model", "tiny")
        guard PrivateKeyring.isAvailable else { return }
        _ = try home.run("article", "summarize", "1", "--json")
        let cached = try runProcess(TestBinary.path, ["article", "summarize", "1"], environment: environment)
        #expect(cached.status == 0 && cached.stdout.contains("Tides follow the moon."),
                "the cached summary needs no keyring: exit \(cached.status), \(cached.stderr)")
        #expect(server.requests.count == 1, "the cache answered the second time")
    }

    @Test("with no Secret Service reachable, adding a remote account fails with exit 5 and saves nothing")
    func noSecretService() throws {
        let service = try ServiceUnderTest.start("miniflux")
        let home = TestHome()
        var environment = home.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent/lector-test-bus"
        let result = try runProcess(TestBinary.path, service.addArguments(name: "X"), environment: environment, stdin: service.secret + "\n")
        #expect(result.status == 5, "expected the keyring exit code, got \(result.status): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").last?.contains("Secret Service") == true || result.stderr.contains("keyring"),
                "the error names the keyring: \(result.stderr)")
        #expect(try home.store().accounts.named("X") == nil, "nothing saved without a keyring")
    }
}
