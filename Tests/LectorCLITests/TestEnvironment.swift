import Foundation
import Synchronization
import Testing
@testable import LectorCLI
@testable import LectorStore

/// A private LECTOR_HOME for one test, removed afterwards.
final class TestHome {
    let path: String

    init(path: String = NSTemporaryDirectory() + "lector-cli-tests-" + UUID().uuidString) {
        self.path = path
        TestHomeSweep.remember(path)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A clean environment for the binary; the session bus is passed on so the real keyring is used.
    var environment: [String: String] {
        // No pager: `swift test` run from a terminal has a terminal for stdout, and the commands a
        // test runs in-process would otherwise open `less` in it (the pager tests name their own).
        var environment = ["LECTOR_HOME": path, "COLUMNS": "200", "PATH": TestBinary.directory + ":/usr/bin:/bin", "HOME": path,
                           "PAGER": "cat"]
        for name in ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"] {
            environment[name] = ProcessInfo.processInfo.environment[name]
        }
        return environment
    }

    func session(inREPL: Bool = false) -> Session {
        Session(directories: AppDirectories.resolve(environment: environment), environment: environment, inREPL: inREPL)
    }

    /// Runs a command in-process and returns its output, or throws its CLIError.
    func run(_ words: String...) throws(CLIError) -> String {
        try CommandRunner(session: session()).execute(words)
    }

    /// The store, opened read-write (seeding the demo on first use, as the CLI would).
    func store() throws -> Store {
        try session().store()
    }

    /// Adds a local account with a feed in a folder, for live completion and lookups.
    @discardableResult
    func addFeed(title: String, folder: String = "Reading", account: String = "Personal") throws -> Feed {
        let store = try store()
        let owner = try store.accounts.named(account) ?? store.accounts.insert(kind: .local, name: account)
        let folderID = try store.folders.list(accountID: owner.id).first { $0.folder.name == folder }?.folder.id
            ?? store.folders.insert(accountID: owner.id, serverID: folder, name: folder).id
        return try store.feeds.insert(accountID: owner.id, folderID: folderID, serverID: title, title: title,
                                      url: "https://example.org/\(UUID().uuidString).xml", siteURL: nil)
    }
}

/// Every home a test made, removed once more when the test process exits. Swift may end a
/// `TestHome`'s life at its last use rather than at the end of the test, so a session or store
/// taken from it earlier can write the folder back after `deinit` removed it (a demo store was
/// left behind in /tmp by a few tests per run).
enum TestHomeSweep {
    private static let homes = Mutex<[String]>([])
    private static let installed: Void = {
        atexit {
            for path in TestHomeSweep.homes.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
        }
    }()

    static func remember(_ path: String) {
        _ = installed
        homes.withLock { $0.append(path) }
    }
}

/// The `lector` executable built alongside the tests.
enum TestBinary {
    static let directory: String = {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var candidate = testBinary.deletingLastPathComponent()
        // Inside an .xctest bundle the binary sits a few levels down.
        while candidate.path != "/" {
            if FileManager.default.isExecutableFile(atPath: candidate.appendingPathComponent("lector").path) { return candidate.path }
            candidate = candidate.deletingLastPathComponent()
        }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return repository.appendingPathComponent(".build/debug").path
    }()

    static var path: String { directory + "/lector" }

    /// Repository root, for the checked-in completion scripts.
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}

/// Runs a program and captures its output.
struct ProcessResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

func runProcess(_ executable: String, _ arguments: [String], environment: [String: String],
                stdin: String? = nil) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    let output = Pipe(), error = Pipe(), input = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = input
    try process.run()
    if let stdin { try writeInput(Data(stdin.utf8), to: input.fileHandleForWriting) }
    try input.fileHandleForWriting.close()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
}

/// Writes a child's stdin. A child that exits before reading it (one refusing plain http does)
/// closes the pipe: the write then fails with EPIPE, which is expected. Foundation's non-throwing
/// `write(_:)` traps on it, and SIGPIPE would end the test process: either loses every later result.
func writeInput(_ data: Data, to handle: FileHandle) throws {
    signal(SIGPIPE, SIG_IGN)
    do { try handle.write(contentsOf: data) } catch where isBrokenPipe(error) {}
}

/// EPIPE, as such or as the POSIX error under a Cocoa one (Foundation wraps most errno values).
private func isBrokenPipe(_ error: any Error) -> Bool {
    let error = error as NSError
    if error.domain == NSPOSIXErrorDomain { return error.code == Int(EPIPE) }
    return (error.userInfo[NSUnderlyingErrorKey] as? NSError).map(isBrokenPipe) ?? false
}

extension TestHome {
    /// Runs the `lector` binary in this home.
    func binary(_ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
        try runProcess(TestBinary.path, arguments, environment: environment, stdin: stdin)
    }

    /// `binary`, expecting exit 0; `context` says which step of the test it was.
    @discardableResult
    func binaryOK(_ arguments: [String], stdin: String? = nil, _ context: String) throws -> ProcessResult {
        let result = try binary(arguments, stdin: stdin)
        #expect(result.status == 0, "\(context): lector \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)\(result.stdout)")
        return result
    }
}
