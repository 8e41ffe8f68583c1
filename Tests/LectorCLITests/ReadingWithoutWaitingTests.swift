import Foundation
import LectorTestSupport
import Testing

/// Reading never waits for the network: the article is shown first, the read intent is sent
/// after, with a short deadline, and stays queued when that fails.
@Suite("Reading a server account's article without waiting for the server", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct ReadingWithoutWaitingTests {
    @Test("article read shows the article within the flush deadline while the server never answers; the intent stays queued")
    func readDoesNotWaitForSilentServer() throws {
        let world = try RemoteCommandTests.World("freshrss")
        let added = try runProcess(TestBinary.path, world.service.addArguments(name: "Server"), environment: world.home.environment,
                                   stdin: world.service.secret + "\n")
        try #require(added.status == 0, "account add failed: \(added.stderr)")
        try world.ok("sync")
        try world.ok("article", "list", "--unread")
        // From now on the server takes a minute to answer anything (the old push waited for its
        // 20 s idle timeout before the article was printed).
        world.service.server.inject(.delay(.seconds(60)))
        let started = Date()
        let read = try world.lector("article", "read", "1", "--color", "never")
        let took = Date().timeIntervalSince(started)
        #expect(read.status == 0 && read.stdout.contains("High water"), "the article was not shown: \(read.stdout) \(read.stderr)")
        #expect(took < 12, "article read took \(took) s with a silent server: it waited for the network")
        world.service.server.clearFaults()
        let queued = try world.ok("sync", "--push-only")
        #expect(queued.status == 0)
        let unreadOnServer = world.service.feeds.items.filter { !$0.read }.count
        #expect(unreadOnServer == 1, "the read intent was lost or never sent: \(unreadOnServer) unread on the server")
    }
}
