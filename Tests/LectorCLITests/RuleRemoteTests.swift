import Foundation
import Testing
import LectorTestSupport

/// Rules on every server kind: what a rule does in a sync is a queued intent, which reaches the
/// service's emulator as its own read or star call before the next pull.
@Suite("Rules on server accounts", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct RuleRemoteTests {
    @Test("a rule's read and star reach the server as its read and star calls; what it did not match is untouched",
          arguments: ["freshrss", "miniflux", "fever", "feedbin"])
    func rulesReachTheServer(kind: String) throws {
        let world = try RemoteCommandTests.World(kind)
        let added = try runProcess(TestBinary.path, world.service.addArguments(name: "Server"), environment: world.home.environment,
                                   stdin: world.service.secret + "\n")
        try #require(added.status == 0, "\(kind): account add failed: \(added.stderr)")
        try world.ok("rule", "add", "third", "title contains \"table 3\"", "--then", "star", "--account", "Server")
        try world.ok("rule", "add", "second", "title = 'Tide table 2'", "--then", "read", "--account", "Server")
        try world.ok("sync")
        let items = { (title: String) in world.service.feeds.items.first { $0.title == title } }
        // Queued in the sync that brought the entries, pushed by the next one before it pulls.
        try world.ok("sync")
        #expect(items("Tide table 3")?.starred == true, "\(kind): the star rule reached the server")
        #expect(items("Tide table 2")?.read == true, "\(kind): the read rule reached the server")
        #expect(items("Tide table 3")?.read == false && items("Tide table 2")?.starred == false,
                "\(kind): each rule did only its own action")
        // The server's state is authoritative again once the intents are acknowledged: nothing to resend.
        try world.ok("sync")
        #expect(items("Tide table 3")?.starred == true && items("Tide table 2")?.read == true)
    }

    @Test("rule apply on a server account sends its stars at once, without waiting for a sync")
    func ruleApplySendsAtOnce() throws {
        let world = try RemoteCommandTests.World("miniflux")
        let added = try runProcess(TestBinary.path, world.service.addArguments(name: "Server"), environment: world.home.environment,
                                   stdin: world.service.secret + "\n")
        try #require(added.status == 0, "account add failed: \(added.stderr)")
        try world.ok("sync")
        try world.ok("rule", "add", "third", "title contains \"table 3\"", "--then", "star", "--account", "Server")
        let applied = try world.ok("rule", "apply", "third").stdout
        #expect(applied.contains("sent."), "the apply says the star reached the server: \(applied)")
        #expect(world.service.feeds.items.first { $0.title == "Tide table 3" }?.starred == true,
                "the star is on the server right after rule apply, before any sync")
    }
}
