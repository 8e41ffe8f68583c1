import FoundationEssentials
import Testing
@testable import LectorCLI

/// `lector version` (and `--version`) is answered before the environment and the command table
/// are read, for start-up time: it must print exactly what the version command prints.
@Suite("lector version answers before the command table")
struct VersionFastPathTests {
    @Test("version and --version print the version command's line, and make no store")
    func sameLineAsTheCommand() throws {
        let home = TestHome()
        let viaTable = try CommandRunner(session: home.session()).execute(["version"])
        for arguments in [["version"], ["--version"]] {
            let result = try runProcess(TestBinary.path, arguments, environment: home.environment)
            #expect(result.status == 0)
            #expect(result.stdout == viaTable, "lector \(arguments[0]) printed \(result.stdout.debugDescription), the command \(viaTable.debugDescription)")
            #expect(result.stderr.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: home.path + "/data/lector.sqlite"), "version made a store")
    }
}
