import Foundation
import Testing
import LectorTestSupport

/// Issue 38 item 4 through the binary: a backup restored on a new machine without its account's
/// secret keeps the account's starred articles waiting in the store, and the account's first sync
/// after the secret is given puts them back by itself — no second `backup restore` — and says so once.
@Suite("A restored account's starred articles go back at its first sync", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct RestoredStarredFirstSyncTests {
    @Test("restored without the secret, the secret given later: the first sync re-creates the starred articles on the server and says it once")
    func starredPutBackByFirstSync() throws {
        let source = try ServiceUnderTest.start("miniflux", feeds: StarredArchiveTests.library())
        let old = TestHome()
        try old.binaryOK(source.addArguments(name: "Server"), stdin: source.secret + "\n", "add")
        let file = old.path + "/move.json"
        try old.binaryOK(["backup", "export", file], "export")

        // The account's new server holds none of the articles (only the feed can be subscribed there).
        let empty = FeedStore()
        empty.addRemoteFeed(RemoteFeed(feedURL: "https://harbour.example/feed.xml", siteURL: "https://harbour.example/", title: "Harbour News"))
        let destination = try ServiceUnderTest.start("miniflux", feeds: empty)
        let moved = try String(contentsOfFile: file, encoding: .utf8)
            .replacingOccurrences(of: "127.0.0.1:\(source.server.port)", with: "127.0.0.1:\(destination.server.port)")
        try moved.write(toFile: file, atomically: true, encoding: .utf8)

        let new = TestHome()
        // Off a terminal nothing asks for the secret: the account waits for it, and so do its stars.
        let restored = try new.binaryOK(["backup", "restore", file, "--yes"], "restore")
        #expect(restored.stdout.contains("Account 'Server' needs its secret: run 'lector account password Server'; its first sync after that puts back its 2 starred article(s).")
                    && !restored.stdout.contains("--sections starred"),
                "the restore says once what waits and that the first sync does it, not a second restore: \(restored.stdout)")
        #expect(empty.items.isEmpty, "nothing reached the server before its secret: \(empty.items.map(\.title))")
        // A backup made now, before the secret, still carries them: only this store has them.
        let early = new.path + "/early.json"
        let exported = try new.binary(["backup", "export", early])
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: early))) as? [String: Any]
        let waiting = (object?["starred"] as? [String: [[String: Any]]])?["Server"] ?? []
        #expect(Set(waiting.compactMap { $0["title"] as? String }) == ["Storm 1", "Storm 2"],
                "a backup before the first sync keeps the waiting starred articles: \(waiting.map { $0["title"] ?? "" }) \(exported.stdout) \(exported.stderr)")

        try new.binaryOK(["account", "password", "Server", "--password-stdin"], stdin: destination.secret + "\n", "password")
        let synced = try new.binaryOK(["sync"], "first sync")
        #expect(synced.stdout.contains("starred from the restore: 2 of 2 put back (0 found, 0 newly starred, 2 re-created), 0 not taken"),
                "the first sync puts them back by itself and says so: \(synced.stdout)")
        let imported = empty.items.filter(\.starred)
        #expect(Set(imported.map(\.title)) == ["Storm 1", "Storm 2"], "re-created on the server, starred: \(empty.items.map { ($0.title, $0.starred) })")
        #expect(imported.first { $0.title == "Storm 1" }?.content == StarredArchiveTests.trickyContent, "with their content")

        let again = try new.binaryOK(["sync"], "second sync")
        #expect(!again.stdout.contains("starred from the restore"), "said once, done once: \(again.stdout)")
        #expect(empty.items.count == 2, "the second sync adds nothing on the server: \(empty.items.map(\.title))")
        let listing = try new.binaryOK(["article", "list", "--starred", "--json"], "list").stdout
        let starred = try JSONSerialization.jsonObject(with: Data(listing.utf8)) as? [[String: Any]] ?? []
        #expect(Set(starred.compactMap { $0["title"] as? String }) == ["Storm 1", "Storm 2"], "starred in the store too: \(listing)")
    }
}
