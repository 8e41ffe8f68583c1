import Foundation
import Testing
import LectorKeyring
import LectorTestSupport
@testable import LectorStore

@Suite("A login inside a feed address", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct FeedAddressLoginTests {
    @Test("user:password@ in a feed address goes to the keyring; the store, feed list, OPML and a backup keep only the bare address")
    func loginMovedToKeyring() throws {
        let server = try LoginFeedServers.membersOnly(user: "carol", secret: "addr-secret")
        let home = TestHome()
        _ = try home.run("account", "add", "local", "--name", "Mine")
        let bare = server.url("/members.xml").absoluteString
        let withLogin = bare.replacingOccurrences(of: "http://", with: "http://carol:addr-secret@")
        let added = try runProcess(TestBinary.path, ["feed", "add", withLogin], environment: home.environment)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("moved to the keyring"), "the user is told where the login went: \(added.stdout)")
        let feed = try #require(try home.store().feeds.list().first { $0.feed.title == "Members Only" }?.feed)
        #expect(feed.url == bare && feed.loginUser == "carol", "stored without the login: \(feed.url)")
        #expect(try LibsecretKeyring().secret(for: .feedLogin(feedID: String(feed.id), url: feed.url, user: "carol")) == "addr-secret")
        let database = try Data(contentsOf: URL(fileURLWithPath: home.path + "/data/lector.sqlite"))
        #expect(database.range(of: Data("addr-secret".utf8)) == nil, "the password never reaches the database")
        for command in [["feed", "list"], ["feed", "list", "--json"], ["opml", "export", "--account", "Mine"], ["backup", "export"]] {
            let output = try runProcess(TestBinary.path, command, environment: home.environment)
            #expect(!output.stdout.contains("addr-secret") && !output.stdout.contains("carol:"), "\(command) shows the login: \(output.stdout)")
        }
        let keyringItem = SecretItem.feedLogin(feedID: String(feed.id), url: feed.url, user: "carol")
        #expect(try LibsecretKeyring().secret(for: keyringItem) == "addr-secret", "still in the keyring before the sync")
        let sync = try runProcess(TestBinary.path, ["sync", "--account", "Mine"], environment: home.environment)
        #expect(sync.status == 0 && !sync.stdout.contains("failed"), "later fetches use the keyring's login: \(sync.stdout)\(sync.stderr)")
        #expect(server.requests.last?.header("Authorization") == "Basic " + Data("carol:addr-secret".utf8).base64EncodedString())
    }

    /// A backup keeps a feed's user but never its secret: after a restore on another machine the
    /// store names the user and the keyring holds nothing for it.
    @Test("feed show says the secret is missing (and how to store it) when the keyring holds none, and in the keyring once it does")
    func feedShowAsksTheKeyring() throws {
        let home = TestHome()
        let feed = try home.addFeed(title: "Vault", account: "Mine")
        try home.store().feeds.setLogin(feed.id, user: "dora")
        let item = SecretItem.feedLogin(feedID: String(feed.id), url: feed.url, user: "dora")
        defer { _ = try? LibsecretKeyring().remove(item) }
        let missing = try home.run("feed", "show", "Vault")
        #expect(!missing.contains("in the keyring"), "a secret the keyring does not hold is said to be there: \(missing)")
        #expect(missing.contains("login: dora") && missing.contains("missing") && missing.contains("lector feed password"),
                "the missing secret and the way to store it are not shown: \(missing)")
        try LibsecretKeyring().store("vault-secret", for: item)
        let stored = try home.run("feed", "show", "Vault")
        #expect(stored.contains("login: dora (the secret is in the keyring)"), "a stored secret is not reported: \(stored)")
    }

    @Test("a login in the address is refused with --login beside it, without a password, and on OPML import")
    func refusals() throws {
        let home = TestHome()
        _ = try home.run("account", "add", "local", "--name", "Mine")
        let both = try runProcess(TestBinary.path, ["feed", "add", "http://alice:pw@127.0.0.1:9/feed.xml", "--login", "bob", "--password-stdin"],
                                  environment: home.environment, stdin: "x\n")
        #expect(both.status == 2, "two logins are a usage error: \(both.status) \(both.stderr)")
        let userOnly = try runProcess(TestBinary.path, ["feed", "add", "http://alice@127.0.0.1:9/feed.xml"], environment: home.environment)
        #expect(userOnly.status == 2 && userOnly.stderr.contains("--login alice"), "\(userOnly.status) \(userOnly.stderr)")
        let opml = home.path + "/with-login.opml"
        try """
            <?xml version="1.0"?><opml version="2.0"><head><title>x</title></head><body>
            <outline type="rss" text="Secret" xmlUrl="https://alice:opml-secret@example.org/feed.xml"/>
            </body></opml>
            """.write(toFile: opml, atomically: true, encoding: .utf8)
        let imported = try runProcess(TestBinary.path, ["opml", "import", opml, "--account", "Mine"], environment: home.environment)
        #expect(imported.stdout.contains("carries a login"), "the entry is refused with the way to add it: \(imported.stdout)")
        let database = try Data(contentsOf: URL(fileURLWithPath: home.path + "/data/lector.sqlite"))
        #expect(database.range(of: Data("opml-secret".utf8)) == nil, "an OPML password never reaches the store")
    }
}
