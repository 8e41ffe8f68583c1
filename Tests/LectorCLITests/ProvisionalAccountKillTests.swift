import Foundation
import Testing
import LectorStore
import LectorTestSupport

/// The local account a command makes when only the demo is there must not outlive a command
/// killed before it put anything in it: the next run finds the demo the default, as before.
@Suite("A provisional local account and a killed command", .serialized)
struct ProvisionalAccountKillTests {
    private static let accountRows = "SELECT name || ' | ' || is_default FROM accounts"

    /// Starts `feed add` of the server's feed in `home` and returns once the command has made
    /// its account (or after 10 s).
    private static func feedAddWaiting(_ home: TestHome, _ server: LoopbackServer) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestBinary.path)
        process.arguments = ["feed", "add", server.url("/slow.xml").absoluteString]
        process.environment = home.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while try CrashHarness.snapshot(home, accountRows).count < 2, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        return process
    }

    @Test("feed add killed while it waits for the feed: the next command finds no empty 'Local' and the demo the default")
    func killedFeedAddLeavesNoEmptyDefaultAccount() throws {
        let server = try LoopbackServer { _ in
            Thread.sleep(forTimeInterval: 10)
            return .notFound
        }
        defer { server.stop() }
        let home = TestHome()
        try CrashHarness.run(home, ["account", "list"])
        let before = try CrashHarness.snapshot(home, Self.accountRows)
        #expect(before.count == 1 && before[0].hasSuffix("| 1"), "a first run holds the demo alone, the default: \(before)")

        let process = try Self.feedAddWaiting(home, server)
        let during = try CrashHarness.snapshot(home, Self.accountRows)
        #expect(during.contains("Local | 1"), "while feed add waits, the local account made for it is the default: \(during)")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        let listed = try CrashHarness.run(home, ["account", "list", "--plain"]).stdout
        #expect(!listed.contains("Local"), "the empty account of the killed command must be gone:\n\(listed)")
        #expect(try CrashHarness.snapshot(home, Self.accountRows) == before,
                "the accounts must be as before the killed command (the demo the default)")
    }

    @Test("a provisional account is left alone while the command that made it still runs")
    func runningCommandKeepsItsAccount() throws {
        let server = try LoopbackServer { _ in
            Thread.sleep(forTimeInterval: 3)
            return .notFound
        }
        defer { server.stop() }
        let home = TestHome()
        try CrashHarness.run(home, ["account", "list"])
        let process = try Self.feedAddWaiting(home, server)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) }; process.waitUntilExit() }
        try CrashHarness.run(home, ["account", "list"])
        #expect(try CrashHarness.snapshot(home, Self.accountRows).contains("Local | 1"),
                "another lector must not drop the account a running command made")
    }
}
