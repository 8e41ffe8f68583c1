import Foundation

/// A child started with posix_spawn, not Foundation's `Process`, for two reasons:
/// - `Process` learns of the child's exit through a socket the child inherits, so a daemon that
///   forks (gnome-keyring-daemon --unlock) keeps it open and the exit is never reported;
/// - `Process` hands on the calling thread's signal mask, and test threads block nearly every
///   signal: a dbus-daemon or keyring daemon started so never sees SIGCHLD or SIGTERM.
struct ChildProcess {
    let pid: pid_t

    /// Starts `program` (searched on PATH unless absolute) with stdin, stdout and stderr on files.
    init(_ program: String, _ arguments: [String], environment: [String: String],
         stdin: String, stdout: String, stderr: String) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var nothingBlocked = sigset_t(), backToDefault = sigset_t()
        sigemptyset(&nothingBlocked)
        sigemptyset(&backToDefault)
        for signal in [SIGPIPE, SIGCHLD, SIGTERM, SIGINT, SIGHUP] { sigaddset(&backToDefault, signal) }
        posix_spawnattr_setsigmask(&attributes, &nothingBlocked)
        posix_spawnattr_setsigdefault(&attributes, &backToDefault)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        var pid = pid_t()
        let result = program.hasPrefix("/")
            ? posix_spawn(&pid, program, &actions, &attributes, argv, envp)
            : posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw Command.Failure(description: "could not start \(program): \(String(cString: strerror(result)))")
        }
        self.pid = pid
    }

    /// Waits for the exit status (128 + signal if killed), or nil once `timeout` has passed.
    func wait(timeout: TimeInterval) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid {
                let signal = status & 0x7f
                return signal == 0 ? (status >> 8) & 0xff : 128 + signal
            }
            if reaped == -1 && errno != EINTR { return -1 }
            if Date() > deadline { return nil }
            usleep(5_000)
        }
    }

    /// Kills the child outright and reaps it.
    func kill() {
        Glibc.kill(pid, SIGKILL)
        _ = wait(timeout: 5)
    }
}
