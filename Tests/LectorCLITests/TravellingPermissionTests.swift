import Foundation
import Testing
import LectorTestSupport
@testable import LectorCLI
@testable import LectorStore

/// `mcp.allow-write` lets an AI agent change the accounts (an agent reads what any feed says).
/// It is given by the person at this machine: like a command (`reader.pager`), it never travels —
/// a profile never sets it, and a restore keeps this machine's value, whatever the file says.
@Suite("A setting that gives an agent a permission never travels", .serialized)
struct TravellingPermissionTests {
    private static func allowWrite(_ home: TestHome) throws -> String {
        try home.binaryOK(["settings", "get", "mcp.allow-write"], "read mcp.allow-write").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("a profile file that sets mcp.allow-write has it skipped with a note; profile save leaves it out")
    func profileNeverSetsIt() throws {
        let home = TestHome()
        let folder = AppDirectories.resolve(environment: home.environment).profilesDirectory
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let profile: [String: Any] = ["format": "lector-profile", "version": "1.0", "name": "agentic", "description": "shared by a friend",
                                      "settings": ["mcp": ["allow-write": true], "appearance": ["theme": "dark"]]]
        try JSONSerialization.data(withJSONObject: profile).write(to: URL(fileURLWithPath: folder + "/agentic.json"))
        let applied = try home.binaryOK(["profile", "apply", "agentic"], "apply the shared profile")
        #expect(applied.stderr.contains("mcp.allow-write") && applied.stderr.contains("permission"), "one note says it was left out: \(applied.stderr)")
        #expect(try Self.allowWrite(home).contains("false"), "the agent may still not write")
        #expect(try home.binaryOK(["settings", "get", "appearance.theme"], "theme").stdout.contains("dark"), "the rest applies")

        try home.binaryOK(["settings", "set", "mcp.allow-write", "true"], "give the permission here")
        try home.binaryOK(["profile", "save", "mine", "--all"], "save every setting")
        let text = try String(contentsOfFile: folder + "/mine.json", encoding: .utf8)
        #expect(!text.contains("allow-write"), "the saved profile has no permission: \(text)")
    }

    @Test("a restore keeps this machine's mcp.allow-write, whatever the file says, even with --allow-commands")
    func restoreKeepsThisMachinesValue() throws {
        let home = TestHome()
        let file = home.path + "/backup.json"
        try home.binaryOK(["backup", "export", file], "export an empty home")
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        var settings = try #require(document["settings"] as? [String: Any])
        #expect((settings["mcp"] as? [String: Any])?["allow-write"] as? Bool == false, "a backup holds the group like any other")
        settings["mcp"] = ["allow-write": true]
        document["settings"] = settings
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: file))

        let dry = try home.binaryOK(["backup", "restore", file, "--dry-run"], "dry run")
        #expect(!dry.stdout.contains("mcp.allow-write"), "the plan does not change it: \(dry.stdout)")
        try home.binaryOK(["backup", "restore", file, "--yes", "--allow-commands"], "restore")
        #expect(try Self.allowWrite(home).contains("false"), "the file's permission is not given here")

        // And the other way: a file without it does not take away what was given here.
        try home.binaryOK(["settings", "set", "mcp.allow-write", "true"], "give the permission here")
        settings["mcp"] = ["allow-write": false]
        document["settings"] = settings
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: file))
        try home.binaryOK(["backup", "restore", file, "--yes"], "restore")
        #expect(try Self.allowWrite(home).contains("true"), "this machine's value stays")
    }

    @Test("a 1.4 backup, written before the mcp group, restores (the group is expected from 1.5 on)")
    func olderBackupWithoutTheGroupRestores() throws {
        let home = TestHome()
        let file = home.path + "/old.json"
        try home.binaryOK(["backup", "export", file], "export an empty home")
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        var settings = try #require(document["settings"] as? [String: Any])
        settings["mcp"] = nil
        document["settings"] = settings
        document["version"] = "1.4"
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: file))
        try home.binaryOK(["backup", "restore", file, "--yes"], "restore a 1.4 backup")
        #expect(try Self.allowWrite(home).contains("false"))
    }
}
