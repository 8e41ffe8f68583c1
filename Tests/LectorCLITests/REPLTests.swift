import Foundation
import Testing
import LectorTestSupport
@testable import LectorCLI

/// The REPL under a real terminal: tmux runs it, send-keys types, capture-pane reads the screen.
final class TmuxSession {
    let name = "lector-test-\(UUID().uuidString.prefix(8))"
    let socket: String
    /// The socket's own folder: nothing is made directly in the shared temporary directory.
    private let folder: String

    init(command: String, environment: [String: String]) throws {
        folder = try TemporaryFolder.make("lector-tmux-socket")
        socket = folder + "/tmux.sock"
        let exports = environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        // The first call starts the tmux server, a daemon: started through Foundation's Process it
        // would inherit the descriptors Process watches, and neither pipes nor the exit would end.
        try Self.spawnDetached(["/usr/bin/tmux", "-S", socket, "new-session", "-d", "-s", name, "-x", "120", "-y", "40",
                                "env \(exports) \(command)"])
        try wait(for: ")>")
    }

    /// Runs a command with every descriptor above stderr closed and output discarded; waits for it.
    static func spawnDetached(_ arguments: [String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        for descriptor in 3..<Int32(1_024) where fcntl(descriptor, F_GETFD) != -1 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        let environment: [String] = ["PATH=/usr/bin:/bin", "TERM=xterm"]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { (text: String) in strdup(text) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { (text: String) in strdup(text) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        // Test runners block most signals in their threads; the child must not inherit that.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp) == 0 else {
            throw CLIError.failure("cannot start tmux")
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: folder)
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let result = try runProcess("/usr/bin/tmux", ["-S", socket] + arguments, environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm"])
        return result.stdout
    }

    func type(_ keys: String...) throws {
        try tmux(["send-keys", "-t", name] + keys)
    }

    var screen: String { (try? tmux(["capture-pane", "-p", "-t", name])) ?? "" }

    /// Waits until the screen shows `text` (`times` times: a question asked again); returns the screen.
    @discardableResult
    func wait(for text: String, times: Int = 1, timeout: TimeInterval = 5) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let current = screen
            if current.components(separatedBy: text).count - 1 >= times { return current }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let tty = (try? tmux(["display", "-p", "-t", name, "#{pane_tty}"]))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let modes = (try? runProcess("/bin/stty", ["-a", "-F", tty], environment: [:]).stdout) ?? ""
        Issue.record("the screen never showed '\(text)':\n\(screen)\nterminal \(tty): \(modes)")
        return screen
    }
}

@Suite("The REPL under a real terminal", .serialized,
       .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"), "tmux is not installed"))
struct REPLTests {
    @Test("Tab completes commands and live feed titles; Ctrl-C abandons the line, not the REPL; history survives a restart")
    func completionInterruptHistory() throws {
        let home = TestHome()
        var session: TmuxSession? = try TmuxSession(command: TestBinary.path, environment: home.environment)
        try session!.type("fol", "Tab")
        try session!.wait(for: "> folder")
        try session!.type("C-u", "feed move Tide", "Tab")
        try session!.wait(for: "\"Tide Tables & Coastlines\"")
        try session!.type("C-c")
        try session!.wait(for: "^C")
        try session!.type("version", "Enter")
        try session!.wait(for: "lector \(LectorVersion.current)")
        try session!.type("C-d")
        Thread.sleep(forTimeInterval: 0.3)
        session = nil
        let history = try String(contentsOfFile: home.path + "/state/history", encoding: .utf8)
        #expect(history.contains("version") && !history.contains("feed move"), "only entered lines are kept: \(history)")
        let again = try TmuxSession(command: TestBinary.path, environment: home.environment)
        try again.type("Up")
        try again.wait(for: "> version")
    }

    @Test("mark-all-read asks first at the terminal and does nothing on 'no'")
    func markAllReadConfirmation() throws {
        let home = TestHome()
        let session = try TmuxSession(command: TestBinary.path, environment: home.environment)
        try session.type("article mark-all-read --folder Science", "Enter")
        try session.wait(for: "read? [y/N]")
        try session.type("n", "Enter")
        try session.wait(for: "Nothing changed.")
        try session.type("article mark-all-read --folder Science", "Enter")
        try session.wait(for: "read? [y/N]", times: 2)
        try session.type("y", "Enter")
        try session.wait(for: "marked read.")
        #expect(try home.run("article", "list", "--folder", "Science", "--unread").isEmpty)
    }

    @Test("an answer typed ahead of its question (command, Enter, y, Enter in one go) is taken, not left waiting")
    func answerTypedAhead() throws {
        let home = TestHome()
        let session = try TmuxSession(command: TestBinary.path, environment: home.environment)
        try session.wait(for: "lector (")
        // All keys arrive while readline still has the terminal raw: Enter reaches the question as \r.
        try session.type("article mark-all-read --folder Science", "Enter", "y", "Enter")
        try session.wait(for: "marked read.")
        #expect(try home.run("article", "list", "--folder", "Science", "--unread").isEmpty,
                "the typed-ahead y was not taken as the answer")
    }

    @Test("account add asks for the secret without echoing it")
    func secretNotEchoed() throws {
        let home = TestHome()
        let session = try TmuxSession(command: TestBinary.path, environment: home.environment)
        try session.type("account add freshrss --url 127.0.0.1:9 --user alice", "Enter")
        try session.wait(for: "API password for alice")
        try session.type("hunter2-typed")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(!session.screen.contains("hunter2-typed"), "the secret must not be echoed")
        try session.type("Enter")
        try session.wait(for: "Could not connect")
        let history = (try? String(contentsOfFile: home.path + "/state/history", encoding: .utf8)) ?? ""
        #expect(!history.contains("hunter2"), "the secret never reaches history")
    }
}
