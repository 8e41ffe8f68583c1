import Foundation
import Testing
@testable import LectorCLI
@testable import LectorStore

@Suite("Backup commands")
struct BackupCommandTests {
    /// A home with a local account holding folders, feeds and a reading-list item, and changed settings.
    private func populatedHome() throws -> TestHome {
        let home = TestHome()
        try home.addFeed(title: "Alpha Weekly", folder: "News", account: "Personal")
        try home.addFeed(title: "Beta Daily", folder: "Tech", account: "Personal")
        let store = try home.store()
        try store.accounts.insert(kind: .freshrss, name: "Server", url: "https://rss.example.org/api/greader.php", username: "alice")
        let personal = try #require(try store.accounts.named("Personal"))
        try store.readingList.add(accountID: personal.id, url: "https://example.org/long-read", title: "A long read")
        _ = try home.run("settings", "set", "reader.font", "classic")
        _ = try home.run("dock", "remove", "share")
        return home
    }

    @Test("export then restore on another machine reproduces the setup, and a second restore has nothing to do")
    func roundTrip() throws {
        let source = try populatedHome()
        let file = source.path + "/backup.json"
        _ = try source.run("backup", "export", file)
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600, "the backup file must be private")

        let target = TestHome()
        let output = try target.run("backup", "restore", file, "--yes")
        #expect(output.contains("Account 'Server' needs its secret"), "remote accounts ask for their secret:\n\(output)")
        #expect(try target.run("settings", "get", "reader.font") == "classic\n")
        #expect(!(try target.run("dock", "list")).contains("share"))
        let feeds = try target.run("feed", "list", "--account", "Personal")
        #expect(feeds.contains("Alpha Weekly") && feeds.contains("Beta Daily"), "\(feeds)")
        let server = try #require(try target.store().accounts.named("Server"))
        #expect(server.needsPassword && server.url == "https://rss.example.org/api/greader.php" && server.username == "alice")
        #expect(try target.store().readingList.all().map(\.title) == ["A long read"])
        #expect(try target.store().accounts.all().allSatisfy { !$0.isDemo }, "a restore of real accounts removes the demo library")
        #expect(try target.run("backup", "restore", file, "--dry-run").contains("Nothing to restore"),
                "after a restore the plan must be empty")
    }

    @Test("the export holds no demo content and only the selected sections")
    func exportSections() throws {
        let home = TestHome()
        let json = try home.run("backup", "export", "--sections", "settings")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((object["accounts"] as? [Any])?.isEmpty == true, "the demo account is not exported")
        #expect(object["subscriptions"] == nil && object["reading_list"] == nil)
        #expect(throws: CLIError.self) { try home.run("backup", "export", "--sections", "setings") }
    }

    @Test("a dry run lists changes key by key and changes nothing")
    func dryRun() throws {
        let source = try populatedHome()
        let file = source.path + "/backup.json"
        _ = try source.run("backup", "export", file)
        let target = TestHome()
        let plan = try target.run("backup", "restore", file, "--dry-run")
        #expect(plan.contains("reader.font: system → classic") && plan.contains("Server"), "\(plan)")
        #expect(try target.store().settings.all().isEmpty && target.store().accounts.named("Server") == nil)
    }

    @Test("broken, truncated and newer-major files fail with one line and change nothing", arguments: [
        ("{\"format\": \"lector-backup\", \"version\": \"1.0\"", "truncated"),
        ("not json at all", "not valid JSON"),
        ("{\"format\": \"lector-backup\", \"version\": \"9.0\", \"tool_version\": \"9\", \"created_at\": \"2030-01-01T00:00:00Z\", \"accounts\": [], \"settings\": {}}", "newer Lector"),
        ("{\"format\": \"something-else\", \"version\": \"1.0\"}", "format"),
    ])
    func badFiles(content: String, expected: String) throws {
        let home = TestHome()
        _ = try home.run("settings", "set", "reader.font", "news")
        let file = home.path + "/bad.json"
        try content.write(toFile: file, atomically: true, encoding: .utf8)
        let error = #expect(throws: CLIError.self) { try home.run("backup", "restore", file, "--yes") }
        #expect(error?.exitStatus == .failure && error?.description.contains(expected) == true, "\(String(describing: error))")
        #expect(error?.description.contains("\n") == false, "one line")
        #expect(try home.run("settings", "get", "reader.font") == "news\n", "nothing changed")
    }
}
