import Foundation

/// A real terminal for a journey: a private tmux server running one shell, driven by keys and
/// read back from the screen, the way a person meets Lector.
final class TmuxTerminal {
    private let socket: String
    private let directory: String

    /// Starts `bash` (no rc files, prompt `JOURNEY$ `) in a `width`×`height` pane with exactly
    /// `environment` (nothing is inherited from the test runner).
    init(environment: [String: String], width: Int = 80, height: Int = 24) throws {
        directory = NSTemporaryDirectory() + "lector-tmux-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        socket = directory + "/socket"
        var shellEnvironment = environment
        shellEnvironment["PS1"] = Self.prompt
        let assignments = shellEnvironment.sorted { $0.key < $1.key }.map { Self.quote("\($0.key)=\($0.value)") }
        let command = (["env", "-i"] + assignments + ["bash", "--norc", "--noprofile", "-i"]).joined(separator: " ")
        try startServer(["-f", "/dev/null", "new-session", "-d", "-s", "journey", "-x", String(width), "-y", String(height), command])
        guard wait(for: { $0.contains(Self.prompt.trimmingCharacters(in: .whitespaces)) }, timeout: 10) else {
            throw JourneyError.terminal("the shell never showed its prompt in tmux:\n\(screen())")
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    private var stopped = false

    /// Ends the tmux server and waits (up to 3 s) for every process that was in the pane to be
    /// gone: a Lector hung up by the closing terminal still writes its history and store, and a
    /// journey's home removed before that came back in the temporary folder (CI saw one).
    func stop() {
        guard !stopped else { return }
        stopped = true
        let processes = shellPID().map(Self.processTree) ?? []
        _ = try? tmux(["kill-server"])
        let deadline = Date().addingTimeInterval(3)
        while processes.contains(where: Self.isRunning) && Date() < deadline { usleep(20_000) }
        // What ignored the hang-up (a detached helper of a shell) is ended here, not left running.
        for pid in processes where Self.isRunning(pid) { kill(pid, SIGKILL) }
        while processes.contains(where: Self.isRunning) && Date() < deadline.addingTimeInterval(1) { usleep(20_000) }
    }

    /// `root` and all its descendants, from /proc.
    private static func processTree(_ root: Int32) -> [Int32] {
        let children = (try? String(contentsOfFile: "/proc/\(root)/task/\(root)/children", encoding: .utf8)) ?? ""
        return [root] + children.split(separator: " ").compactMap { Int32($0) }.flatMap(processTree)
    }

    /// Whether `pid` still runs (a zombie nobody has reaped yet has ended).
    private static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let afterName = stat.range(of: ") ", options: .backwards) else { return false }
        return !stat[afterName.upperBound...].hasPrefix("Z")
    }

    static let prompt = "JOURNEY$ "

    /// Types `text` literally, then Enter — once the shell has echoed what was typed. Until then
    /// the screen still ends in the previous prompt, and a wait for "back at the prompt" was
    /// satisfied before the command had even started.
    func run(_ text: String) {
        type(text)
        let typed = String(text.prefix(24))
        wait(for: { $0.contains(typed) }, timeout: 5)
        press("Enter")
    }

    /// Types `text` literally (no key names).
    func type(_ text: String) {
        _ = try? tmux(["send-keys", "-t", "journey", "-l", "--", text])
    }

    /// Presses named keys: "Enter", "C-c", "Tab", "q".
    func press(_ keys: String...) {
        _ = try? tmux(["send-keys", "-t", "journey"] + keys)
    }

    /// Resizes the pane (and its window) to `width`×`height`, as a person dragging the window does.
    func resize(width: Int, height: Int) {
        _ = try? tmux(["resize-window", "-t", "journey", "-x", String(width), "-y", String(height)])
    }

    /// What the screen shows now, line by line, trailing blanks removed.
    func screen() -> String {
        let text = (try? tmux(["capture-pane", "-p", "-t", "journey"])) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.reversed().drop(while: { $0 == " " }).reversed())
        }.joined(separator: "\n").trimmingCharacters(in: .newlines)
    }

    /// Writes `bytes` to the pane's terminal from outside the program running in it, as a
    /// background job or `wall` does: the screen shows them where they land.
    func writeFromOutside(_ bytes: String) throws {
        let tty = try tmux(["display-message", "-p", "-t", "journey", "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let handle = FileHandle(forWritingAtPath: tty) else { throw JourneyError.terminal("cannot open the pane's terminal \(tty)") }
        defer { try? handle.close() }
        try handle.write(contentsOf: Data(bytes.utf8))
    }

    /// The last non-empty line of the screen (where the cursor's prompt is).
    func lastLine() -> String {
        screen().split(separator: "\n").last.map(String.init) ?? ""
    }

    /// Polls the screen until `condition` holds or `timeout` seconds pass.
    @discardableResult
    func wait(for condition: (String) -> Bool, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if condition(screen()) { return true }
            usleep(20_000)
        } while Date() < deadline
        return condition(screen())
    }

    /// The screen once it has stopped changing for `quiet` seconds (or as it is at `timeout`):
    /// a condition met by a screen still being drawn must not stand for the drawn screen.
    func settledScreen(quiet: Double = 0.3, timeout: Double = 5) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = screen(), stillSince = Date()
        while Date() < deadline {
            usleep(50_000)
            let now = screen()
            if now != last {
                last = now
                stillSince = Date()
            } else if Date().timeIntervalSince(stillSince) >= quiet {
                break
            }
        }
        return last
    }

    /// The process id of the shell in the pane.
    func shellPID() -> Int32? {
        (try? tmux(["display-message", "-p", "-t", "journey", "#{pane_pid}"])).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// The process id of the shell's child whose command name is `name` (e.g. "lector").
    func childPID(named name: String) -> Int32? {
        guard let shell = shellPID(),
              let children = try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8) else { return nil }
        return children.split(separator: " ").compactMap { Int32($0) }.first { pid in
            (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines) == name
        }
    }

    /// The first command starts the tmux server, which keeps the descriptors it was given: with
    /// pipes, reading them to the end would never return. So it gets /dev/null.
    private func startServer(_ arguments: [String]) throws {
        _ = try tmux(arguments)
    }

    /// Runs tmux through sh with posix_spawn and waitpid, output through a file: the tmux server
    /// it may start keeps whatever descriptors it gets, and Foundation's Process was seen never
    /// reaping the client here.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let outputPath = directory + "/out-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let command = (["/usr/bin/tmux", "-S", socket] + arguments).map(Self.quote).joined(separator: " ")
            + " </dev/null >" + Self.quote(outputPath) + " 2>&1"
        let argv: [UnsafeMutablePointer<CChar>?] = ["/bin/sh", "-c", command].map { (word: String) in strdup(word) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = ["PATH=/usr/bin:/bin", "HOME=" + directory, "TERM=xterm-256color"]
            .map { (word: String) in strdup(word) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        guard posix_spawn(&child, "/bin/sh", nil, nil, argv, envp) == 0 else { throw JourneyError.terminal("cannot start sh for tmux") }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard status == 0 else { throw JourneyError.terminal("tmux \(arguments.first ?? "") failed (\(status)): \(output)") }
        return output
    }

    private static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

enum JourneyError: Error, CustomStringConvertible {
    case terminal(String)

    var description: String {
        switch self {
        case .terminal(let message): message
        }
    }
}
