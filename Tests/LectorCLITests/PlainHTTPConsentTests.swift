import Foundation
import Testing
import LectorTestSupport
@testable import LectorStore

/// `--allow-insecure` is a consent kept with the account, checked on every request and carried by
/// backups: an emulated service on this machine's own non-loopback address stands for a server
/// reached over plain http on the network.
@Suite("Plain-http consent is stored, checked at every request and restored", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"),
       .enabled(if: LocalAddress.nonLoopbackIPv4() != nil, "needs a non-loopback IPv4 address on this machine"))
struct PlainHTTPConsentTests {
    private static func feedCount(_ home: TestHome) throws -> Int {
        try home.store().feeds.list().count
    }

    @Test("an account added with --allow-insecure syncs, survives export and restore --allow-insecure into a fresh home, and still syncs",
          arguments: RestoreThenSyncTests.remoteKinds)
    func consentTravelsWithTheBackup(kind: String) throws {
        let address = try #require(LocalAddress.nonLoopbackIPv4())
        let library = FeedStore()
        let feed = library.addFeed(title: "Harbour News", feedURL: "https://harbour.example/feed.xml", siteURL: "https://harbour.example/", folder: "News")
        library.addItem(feed: feed, title: "Entry", url: "https://example.net/1", content: "<p>1</p>", published: Int64(Date().timeIntervalSince1970))
        let service = try ServiceUnderTest.start(kind, feeds: library, address: address)
        let add = service.addArguments(name: "Server")
        let old = TestHome()
        let refused = try old.binary(add, stdin: service.secret + "\n")
        #expect(refused.status == 2 && service.server.requests.isEmpty, "\(kind): without consent nothing is sent: \(refused.stderr)")
        try old.binaryOK(add + ["--allow-insecure"], stdin: service.secret + "\n", kind)
        #expect(try old.store().accounts.named("Server")?.plainHTTPHost == address, "\(kind): the consent is stored for \(address)")
        try old.binaryOK(["sync"], kind)
        let file = old.path + "/move.json"
        try old.binaryOK(["backup", "export", file], kind)
        let exported = try String(contentsOfFile: file, encoding: .utf8)
        #expect(exported.contains("\"plain_http_host\": \"\(address)\""), "\(kind): the backup carries the consent:\n\(exported)")
        try old.binaryOK(["account", "remove", "Server", "--yes"], kind)

        let new = TestHome()
        // The consent was given on the old machine: a script restoring it says so with --allow-insecure.
        try new.binaryOK(["backup", "restore", file, "--yes", "--allow-insecure"], kind)
        try new.binaryOK(["account", "password", "Server", "--password-stdin"], stdin: service.secret + "\n", kind)
        let synced = try new.binary(["sync"])
        #expect(synced.status == 0, "\(kind): a restored account with its consent syncs on the new machine: \(synced.stderr)")
        #expect(try Self.feedCount(new) == 1, "\(kind): the server's feed arrived")

        // The consent is checked at every request, not only when adding: without it, sync is refused unsent.
        let account = try #require(try new.store().accounts.named("Server"))
        try new.store().accounts.setPlainHTTPHost(account.id, nil)
        let before = service.server.requests.count
        let withdrawn = try new.binary(["sync"])
        #expect(withdrawn.status == 5, "\(kind): a refused login is an authentication failure: \(withdrawn.status) \(withdrawn.stderr)")
        #expect(withdrawn.stderr.contains(address) && withdrawn.stderr.contains("--allow-insecure"),
                "\(kind): the refusal names the host and the way out: \(withdrawn.stderr)")
        #expect(service.server.requests.count == before, "\(kind): no request reached the server without consent")
    }

    @Test("a backup from before the consent was kept restores without it, is refused with the way out, and the way out works")
    func olderBackupRestoresWithoutConsent() throws {
        let address = try #require(LocalAddress.nonLoopbackIPv4())
        let service = try ServiceUnderTest.start("freshrss", address: address)
        let old = TestHome()
        try old.binaryOK(service.addArguments(name: "Server") + ["--allow-insecure"], stdin: service.secret + "\n", "add")
        let file = old.path + "/old.json"
        try old.binaryOK(["backup", "export", file], "export")
        // What Lector wrote before format 1.1: no plain_http_host.
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        document["version"] = "1.0"
        document["accounts"] = (document["accounts"] as? [[String: Any]] ?? []).map { $0.filter { $0.key != "plain_http_host" } }
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: file))
        try old.binaryOK(["account", "remove", "Server", "--yes"], "remove")

        let new = TestHome()
        let restored = try new.binaryOK(["backup", "restore", file, "--yes"], "restore a 1.0 backup")
        #expect(restored.stdout.contains("Account 'Server' is reached over plain http at \(address)")
                && restored.stdout.contains("account password Server --allow-insecure"),
                "the restore notes the missing consent and the way out: \(restored.stdout)")
        #expect(try new.store().accounts.named("Server")?.plainHTTPHost == nil, "no consent was in the file, none is invented")
        let before = service.server.requests.count
        let refused = try new.binary(["account", "password", "Server", "--password-stdin"], stdin: service.secret + "\n")
        #expect(refused.status == 5, "refused over plain http without consent: exit 5, got \(refused.status): \(refused.stderr)")
        #expect(refused.stderr.contains(address) && refused.stderr.contains("account password NAME --allow-insecure"),
                "the note says how to give the consent again: \(refused.stderr)")
        #expect(service.server.requests.count == before, "nothing was sent")
        try new.binaryOK(["account", "password", "Server", "--password-stdin", "--allow-insecure"], stdin: service.secret + "\n", "consent again")
        try new.binaryOK(["sync"], "sync after consenting again")
    }

    @Test("a local feed's login added with --allow-insecure keeps its consent: it syncs, and without the consent it is not sent")
    func feedLoginConsent() throws {
        let address = try #require(LocalAddress.nonLoopbackIPv4())
        let expected = "Basic " + Data("alice:pw".utf8).base64EncodedString()
        let server = try LoopbackServer(listeningOn: address) { request in
            guard request.header("Authorization") == expected else { return .text("who are you", status: 401) }
            return .text(FeedSite.rss("Members Only", items: ["Secret post"]), headers: [("Content-Type", "application/rss+xml")])
        }
        defer { server.stop() }
        let home = TestHome()
        _ = try home.run("account", "add", "local", "--name", "Mine")
        try home.binaryOK(["feed", "add", server.url("/members.xml").absoluteString, "--login", "alice", "--password-stdin", "--allow-insecure"],
                    stdin: "pw\n", "feed add")
        let feed = try #require(try home.store().feeds.list().first?.feed)
        #expect(feed.plainHTTPHost == address, "the feed keeps the consent for \(address): \(String(describing: feed.plainHTTPHost))")
        try home.binaryOK(["sync"], "sync with the consent")

        try home.store().feeds.setPlainHTTPHost(feed.id, nil)
        let before = server.requests.count
        let refused = try home.binary(["sync"])
        #expect(refused.status != 0 && (refused.stdout + refused.stderr).contains(address),
                "the feed's failure names the host: \(refused.status) \(refused.stdout)\(refused.stderr)")
        #expect((refused.stdout + refused.stderr).contains("--allow-insecure"), "and the way out: \(refused.stdout)\(refused.stderr)")
        #expect(server.requests.count == before, "the login was not sent without consent")
        _ = try home.run("feed", "remove", "Members Only", "--yes")
    }
}
