import Foundation
import Testing

/// One user's world for a journey: Lector installed into a temporary prefix by
/// `scripts/install.sh` (the test command does it and passes the prefix in
/// LECTOR_JOURNEY_PREFIX), a private home with its own LECTOR_HOME and XDG directories, and the
/// installed `lector` found on PATH — never the build folder.
final class Journey {
    static let prefix: String? = ProcessInfo.processInfo.environment["LECTOR_JOURNEY_PREFIX"].flatMap { $0.isEmpty ? nil : $0 }
    /// The session bus of the test keyring, for the installed binary.
    static var keyringEnvironment: [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"].reduce(into: [:]) { environment, name in
            environment[name] = ProcessInfo.processInfo.environment[name]
        }
    }

    static var isInstalled: Bool {
        prefix.map { FileManager.default.isExecutableFile(atPath: $0 + "/bin/lector") } ?? false
    }

    let home: String
    let prefix: String

    init() throws {
        prefix = try #require(Self.prefix, "LECTOR_JOURNEY_PREFIX is not set: ./scripts/test.sh installs Lector into a temporary prefix")
        home = NSTemporaryDirectory() + "lector-journey-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    /// The terminals this journey opened, stopped before its home is removed (a terminal may
    /// be released after the journey).
    private var terminals: [WeakTerminal] = []

    deinit {
        terminals.forEach { $0.terminal?.stop() }
        try? FileManager.default.removeItem(atPath: home)
    }

    var lectorHome: String { home + "/lector" }

    /// The environment a new user's shell would have; nothing leaks in from the test runner.
    var environment: [String: String] {
        [
            "HOME": home,
            "LECTOR_HOME": lectorHome,
            "PATH": prefix + "/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "TERM": "screen",
            // bash writes its history into HOME as it exits, which can be after deinit removed
            // the home: the folder came back holding only .bash_history (230 left in /tmp).
            "HISTFILE": "/dev/null",
            "XDG_CONFIG_HOME": home + "/.config",
            "XDG_DATA_HOME": home + "/.local/share",
            "XDG_STATE_HOME": home + "/.local/state",
            "XDG_DATA_DIRS": prefix + "/share:/usr/share",
        ]
    }

    /// A shell in a real terminal, in this journey's world.
    func terminal(width: Int = 80, height: Int = 24, extra: [String: String] = [:]) throws -> TmuxTerminal {
        let terminal = try TmuxTerminal(environment: environment.merging(extra) { _, new in new }, width: width, height: height)
        terminals.append(WeakTerminal(terminal: terminal))
        return terminal
    }

    /// Runs the installed `lector` from PATH through a shell, off a terminal (pipes).
    func shell(_ command: String) throws -> ProcessResult {
        try runProcess("/bin/bash", ["--norc", "--noprofile", "-c", command], environment: environment)
    }

    /// Starts the REPL in `terminal` and waits for its prompt.
    /// Runs `command` in the shell with the private keyring's session bus exported.
    func keyringShell(_ command: String) throws -> ProcessResult {
        try shell("export " + Self.keyringEnvironment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ") + "; " + command)
    }

    /// Adds an account on an emulated server as a user does (its secret on stdin), then runs `then`.
    func addAccount(_ service: ServiceUnderTest, name: String, then: String? = nil) throws -> ProcessResult {
        try keyringShell("echo '\(service.secret)' | lector \(service.addArguments(name: name).joined(separator: " "))" + (then.map { " && " + $0 } ?? ""))
    }

    static func startREPL(in terminal: TmuxTerminal) throws {
        terminal.run("lector")
        guard terminal.wait(for: { $0.hasSuffix("> ") || $0.split(separator: "\n").last?.hasPrefix("lector") == true }, timeout: 10) else {
            throw JourneyError.terminal("the REPL never showed its prompt:\n\(terminal.screen())")
        }
    }

    /// Whether the REPL answers a command with a fresh prompt after it.
    static func replStillWorks(_ terminal: TmuxTerminal) -> Bool {
        terminal.run("version")
        return terminal.wait(for: { screen in
            let lines = screen.split(separator: "\n").map(String.init)
            guard let index = lines.lastIndex(where: { $0.hasSuffix("> version") }) else { return false }
            return lines.dropFirst(index + 1).contains { $0.hasPrefix("lector ") && $0.contains(".") }
                && lines.last?.hasPrefix("lector (") == true
        }, timeout: 5)
    }
}

/// A server that accepts connections and never answers: the kernel completes the handshake from
/// the listen backlog, nobody ever reads.
final class SilentServer {
    private let descriptor: Int32
    let port: UInt16

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        descriptor = fd
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else { throw JourneyError.terminal("cannot listen on 127.0.0.1") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit {
        close(descriptor)
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }
}

/// A terminal a journey does not keep alive.
private struct WeakTerminal {
    weak var terminal: TmuxTerminal?
}
