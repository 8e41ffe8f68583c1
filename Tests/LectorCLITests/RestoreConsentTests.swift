import Foundation
import Testing
import LectorTestSupport
@testable import LectorStore

/// A backup's consent to plain http was given by the user of the machine that wrote it: a restore
/// keeps it only when this machine's user says so (`--allow-insecure`, or y at the terminal).
/// No server is contacted: a restore only writes the store.
@Suite("A restore keeps plain-http consents only on this user's word", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct RestoreConsentTests {
    static let host = "192.0.2.7"

    /// A backup with a FreshRSS account and a local feed behind a login, both reached over plain
    /// http at `host` with the consent of the user who wrote it.
    private static func backupWithConsents(_ home: TestHome) throws -> String {
        let file = home.path + "/consents.json"
        try home.binaryOK(["backup", "export", file], "export an empty home for its settings")
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        document["accounts"] = [
            ["kind": "freshrss", "name": "Server", "url": "http://\(host):8080/api/greader.php", "user": "alice", "default": false,
             "plain_http_host": host],
            ["kind": "local", "name": "Mine", "url": NSNull(), "user": NSNull(), "default": true, "plain_http_host": NSNull()],
        ]
        document["subscriptions"] = ["Mine": ["folders": [String](), "feeds": [
            ["title": "Members", "url": "http://\(host)/members.xml", "site_url": NSNull(), "folder": NSNull(),
             "login_user": "alice", "plain_http_host": host],
        ]]]
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: file))
        return file
    }

    private static func consents(_ home: TestHome) throws -> (account: String?, feed: String?) {
        let store = try home.store()
        return (try store.accounts.named("Server")?.plainHTTPHost, try store.feeds.list().first { $0.feed.title == "Members" }?.feed.plainHTTPHost)
    }

    @Test("off a terminal and without --allow-insecure, a restore drops the file's consents and says so once per account and feed")
    func consentsDroppedWithoutTheUsersWord() throws {
        let home = TestHome()
        let file = try Self.backupWithConsents(home)
        let restored = try home.binaryOK(["backup", "restore", file, "--yes"], "restore")
        let lines = restored.stdout.split(separator: "\n").map(String.init)
        let accountLines = lines.filter { $0.contains("'Server'") && $0.contains("plain http") }
        let feedLines = lines.filter { $0.contains("'Members'") && $0.contains("plain http") }
        #expect(accountLines.count == 1 && accountLines[0].contains("not kept") && accountLines[0].contains("--allow-insecure"),
                "one line says the account's consent was not kept and how to give it: \(restored.stdout)")
        #expect(feedLines.count == 1 && feedLines[0].contains("not kept") && feedLines[0].contains("--allow-insecure"),
                "one line says the feed's consent was not kept and how to give it: \(restored.stdout)")
        let kept = try Self.consents(home)
        #expect(kept.account == nil && kept.feed == nil, "no consent from the file is kept: \(kept)")
    }

    @Test("--allow-insecure on the restore keeps the file's consents for accounts and feeds")
    func consentsKeptWithAllowInsecure() throws {
        let home = TestHome()
        let file = try Self.backupWithConsents(home)
        let restored = try home.binaryOK(["backup", "restore", file, "--yes", "--allow-insecure"], "restore --allow-insecure")
        #expect(!restored.stdout.contains("not kept"), "nothing is dropped: \(restored.stdout)")
        let kept = try Self.consents(home)
        #expect(kept.account == Self.host && kept.feed == Self.host, "both consents are kept: \(kept)")
    }

    /// Runs the restore in a pseudo-terminal (`script`), answering the questions with `answers`.
    private static func restoreAtTerminal(_ home: TestHome, _ file: String, answers: String) throws -> ProcessResult {
        let command = [TestBinary.path, "backup", "restore", file, "--yes"].map { "'\($0)'" }.joined(separator: " ")
        return try runProcess("/usr/bin/script", ["-qec", command, "/dev/null"], environment: home.environment, stdin: answers)
    }

    @Test("at a terminal the restore lists the consents the file asks for and keeps them only on y",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) from util-linux for a pseudo-terminal"),
          arguments: ["y", "n"])
    func consentsAskedAtTheTerminal(answer: String) throws {
        let home = TestHome()
        let file = try Self.backupWithConsents(home)
        // The second line answers the arriving account's secret with Enter: given later.
        let restored = try Self.restoreAtTerminal(home, file, answers: answer + "\n\n")
        #expect(restored.status == 0, "the restore succeeds: \(restored.stdout)")
        #expect(restored.stdout.contains("[y/N]") && restored.stdout.contains(Self.host)
                && restored.stdout.contains("Server") && restored.stdout.contains("Members"),
                "the question names the account, the feed and the host: \(restored.stdout)")
        let kept = try Self.consents(home)
        let expected = answer == "y" ? Self.host : nil
        #expect(kept.account == expected && kept.feed == expected, "answer \(answer): consents \(kept), expected \(String(describing: expected))")
    }
}
