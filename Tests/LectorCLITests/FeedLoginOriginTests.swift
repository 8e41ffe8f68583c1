import Foundation
import Testing
import LectorTestSupport
import LectorStore

@Suite("Feed logins stay with their origin", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct FeedLoginOriginTests {
    @Test("a --login feed redirecting to another port is stored under the URL typed, and a sync never sends the login there")
    func redirectTargetNotStored() throws {
        let (home, elsewhere) = try LoginFeedServers.redirectingAfterLogin()
        let test = TestHome()
        _ = try test.run("account", "add", "local", "--name", "Mine")
        let typed = home.url("/members.xml").absoluteString
        let added = try runProcess(TestBinary.path, ["feed", "add", typed, "--login", "alice", "--password-stdin"],
                                   environment: test.environment, stdin: "pw\n")
        #expect(added.status == 0, "\(added.stderr)")
        let feed = try #require(try test.store().feeds.list().first { $0.feed.title == "Moved" }?.feed)
        #expect(feed.url == typed, "the stored URL is the one the login was given for, not the redirect target")
        let sync = try runProcess(TestBinary.path, ["sync"], environment: test.environment)
        #expect(sync.status == 0, "\(sync.stdout)\(sync.stderr)")
        #expect(elsewhere.requests.count >= 2, "the sync followed the redirect")
        #expect(elsewhere.requests.allSatisfy { $0.header("Authorization") == nil }, "the other port never received the login")
        _ = try test.run("feed", "remove", "Moved", "--yes")
    }

    @Test("feed check, and feed check --fix --yes, on a --login feed permanently redirected to another port never send the login there",
          arguments: [["feed", "check"], ["feed", "check", "--fix", "--yes"]])
    func checkNeverSendsLoginElsewhere(arguments: [String]) throws {
        let (home, elsewhere) = try LoginFeedServers.redirectingAfterLogin(status: 308)
        let test = TestHome()
        _ = try test.run("account", "add", "local", "--name", "Mine")
        let added = try runProcess(TestBinary.path, ["feed", "add", home.url("/members.xml").absoluteString, "--login", "alice", "--password-stdin"],
                                   environment: test.environment, stdin: "pw\n")
        #expect(added.status == 0, "\(added.stderr)")
        let store = try test.store()
        let feed = try #require(try store.feeds.list().first { $0.feed.title == "Moved" }?.feed)
        // Fetched an hour ago, so the check is outside the fetch floor and asks the server.
        var meta = try store.fetchMeta.meta(feedID: feed.id)
        meta.lastFetchedAt = Date().timeIntervalSince1970 - 3_600
        try store.fetchMeta.save(meta, feedID: feed.id)
        home.clearLog()
        elsewhere.clearLog()
        let checked = try runProcess(TestBinary.path, arguments, environment: test.environment)
        #expect(checked.status < 128, "lector \(arguments.joined(separator: " ")) crashed: \(checked.status) \(checked.stderr)")
        #expect(home.requests.contains { $0.header("Authorization") != nil }, "the check did not ask the feed's own origin with its login")
        #expect(!elsewhere.requests.isEmpty, "the check did not follow the redirect")
        #expect(elsewhere.requests.allSatisfy { $0.header("Authorization") == nil },
                "lector \(arguments.joined(separator: " ")) sent the feed's login to another port")
        _ = try test.run("feed", "remove", "Moved", "--yes")
    }
}

@Suite("Feed logins over plain http")
struct FeedLoginInsecureTests {
    @Test("feed add --login to http://127.evil.example is refused before any password is read, unless --allow-insecure")
    func lookalikeLoopbackRefused() throws {
        let test = TestHome()
        _ = try test.run("account", "add", "local", "--name", "Mine")
        let refused = try runProcess(TestBinary.path, ["feed", "add", "http://127.evil.example/feed.xml", "--login", "alice", "--password-stdin"],
                                     environment: test.environment, stdin: "pw\n")
        #expect(refused.status == 2, "a usage refusal: \(refused.status) \(refused.stderr)")
        #expect(refused.stderr.contains("plain http"), "the refusal says why: \(refused.stderr)")
        let bearer = try runProcess(TestBinary.path, ["feed", "add", "http://192.0.2.1/feed.xml", "--bearer", "--password-stdin"],
                                    environment: test.environment, stdin: "token\n")
        #expect(bearer.status == 2 && bearer.stderr.contains("plain http"), "bearer tokens too: \(bearer.stderr)")
    }
}
