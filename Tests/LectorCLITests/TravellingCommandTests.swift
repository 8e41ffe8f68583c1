import Foundation
import Testing
import LectorTestSupport
@testable import LectorCLI
@testable import LectorStore

/// `reader.pager` is a command Lector runs (`/bin/sh -c`). It never travels in a profile, shipped
/// or shared, and a backup that carries it has it kept only on this machine's user's word, shown
/// the command (`--allow-commands`, or y at the terminal; `--yes` is no answer). Issue 39, P1.
@Suite("A setting that runs a command never travels unasked", .serialized)
struct TravellingCommandTests {
    static let command = "touch /tmp/lector-pwned-by-a-profile"

    private static func pager(_ home: TestHome) throws -> String {
        try home.binaryOK(["settings", "get", "reader.pager"], "read reader.pager").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("a profile file that sets reader.pager has it skipped with a note; the rest of the profile applies")
    func profileNeverSetsACommand() throws {
        let home = TestHome()
        let folder = AppDirectories.resolve(environment: home.environment).profilesDirectory
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let profile: [String: Any] = ["format": "lector-profile", "version": "1.0", "name": "cozy", "description": "shared by a friend",
                                      "settings": ["reader": ["pager": Self.command], "appearance": ["theme": "dark"]]]
        try JSONSerialization.data(withJSONObject: profile).write(to: URL(fileURLWithPath: folder + "/cozy.json"))
        let applied = try home.binaryOK(["profile", "apply", "cozy"], "apply the shared profile")
        #expect(applied.stderr.contains("reader.pager") && applied.stderr.contains("command"),
                "one note says the command was left out: \(applied.stderr)")
        #expect(!(try Self.pager(home)).contains("touch"), "the pager is not the profile's command")
        #expect(try home.binaryOK(["settings", "get", "appearance.theme"], "theme").stdout.contains("dark"), "the rest applies")
    }

    @Test("profile save leaves reader.pager out")
    func profileSaveLeavesTheCommandOut() throws {
        let home = TestHome()
        try home.binaryOK(["settings", "set", "reader.pager", "less -S"], "set a pager")
        try home.binaryOK(["settings", "set", "appearance.theme", "dark"], "set a theme")
        try home.binaryOK(["profile", "save", "mine", "--all"], "save every setting")
        let folder = AppDirectories.resolve(environment: home.environment).profilesDirectory
        let text = try String(contentsOfFile: folder + "/mine.json", encoding: .utf8)
        #expect(!text.contains("pager") && !text.contains("less -S"), "the saved profile has no pager: \(text)")
        #expect(text.contains("dark"), "it has the rest")
    }

    /// A backup of an empty home whose settings set reader.pager to `command`.
    private static func backupWithPager(_ home: TestHome) throws -> String {
        let file = home.path + "/pager.json"
        try home.binaryOK(["backup", "export", file], "export an empty home")
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        var settings = try #require(document["settings"] as? [String: Any])
        var reader = try #require(settings["reader"] as? [String: Any])
        reader["pager"] = Self.command
        settings["reader"] = reader
        document["settings"] = settings
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: file))
        return file
    }

    @Test("off a terminal, restore --yes does not keep the file's command and says so; --dry-run notes it")
    func restoreYesDoesNotAcceptACommand() throws {
        let home = TestHome()
        let file = try Self.backupWithPager(home)
        let dry = try home.binaryOK(["backup", "restore", file, "--dry-run"], "dry run")
        #expect(dry.stdout.contains("reader.pager") && dry.stdout.contains(Self.command) && dry.stdout.contains("--allow-commands"),
                "the dry run names the command and how a restore keeps it: \(dry.stdout)")
        #expect(!dry.stdout.contains("~ settings reader.pager"), "the plan does not change it: \(dry.stdout)")
        let restored = try home.binary(["backup", "restore", file, "--yes"])
        let lines = restored.stdout.split(separator: "\n").filter { $0.contains("reader.pager") }
        #expect(lines.count == 1 && lines[0].contains("not kept") && lines[0].contains("command"),
                "one line says the command was not kept: \(restored.stdout)\(restored.stderr)")
        #expect(!(try Self.pager(home)).contains("touch"), "reader.pager is not the file's command")
    }

    @Test("restore --allow-commands keeps the file's command")
    func allowCommandsKeepsIt() throws {
        let home = TestHome()
        let file = try Self.backupWithPager(home)
        try home.binaryOK(["backup", "restore", file, "--yes", "--allow-commands"], "restore --allow-commands")
        #expect(try Self.pager(home).contains(Self.command), "the command is kept on the user's word")
    }

    @Test("at a terminal, restore --yes shows the command as one Lector will run and keeps it only on y",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) from util-linux for a pseudo-terminal"),
          arguments: ["y", "n"])
    func askedAtTheTerminal(answer: String) throws {
        let home = TestHome()
        let file = try Self.backupWithPager(home)
        let command = [TestBinary.path, "backup", "restore", file, "--yes"].map { "'\($0)'" }.joined(separator: " ")
        let restored = try runProcess("/usr/bin/script", ["-qec", command, "/dev/null"], environment: home.environment, stdin: answer + "\n")
        #expect(restored.status == 0, "the restore succeeds: \(restored.stdout)")
        #expect(restored.stdout.contains("command that Lector will run") && restored.stdout.contains(Self.command)
                && restored.stdout.contains("[y/N]"), "the question shows the command: \(restored.stdout)")
        #expect(try Self.pager(home).contains(Self.command) == (answer == "y"), "kept only on y (\(answer))")
    }
}
