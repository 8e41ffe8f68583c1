import Glibc
import LectorBasics

/// Child processes by posix_spawn (Foundation's `Process` is not in FoundationEssentials).
struct Subprocess {
    let pid: pid_t
    /// The read end of the child's standard output (and error, when asked), or -1.
    private(set) var outputDescriptor: Int32

    enum Output { case inherit, discard, capture, captureWithErrors }

    /// Starts `path` with `arguments`; standard input is /dev/null unless `output` is `.inherit`.
    static func start(_ path: String, _ arguments: [String], environment: [String: String]? = nil, output: Output) -> Subprocess? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeEnds: [Int32] = [-1, -1]
        switch output {
        case .inherit:
            break
        case .discard:
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        case .capture, .captureWithErrors:
            guard pipe(&pipeEnds) == 0 else { return nil }
            // Not inherited by other children started meanwhile (dup2 gives the child its own copy).
            _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
            if output == .captureWithErrors {
                posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
            } else {
                posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            }
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            argv.forEach { free($0) }
            envp?.forEach { free($0) }
        }
        // As Foundation's Process did: the child gets a process group of its own (a Ctrl-C at the
        // REPL is not also delivered to a background sync, and it cannot take the terminal), no
        // blocked signals and default handlers (the REPL's threads block some, and catch SIGINT).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        var allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let status = envp.map { envp in posix_spawn(&pid, path, &actions, &attributes, argv, envp) }
            ?? posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        if pipeEnds[1] >= 0 { close(pipeEnds[1]) }
        guard status == 0 else {
            if pipeEnds[0] >= 0 { close(pipeEnds[0]) }
            return nil
        }
        return Subprocess(pid: pid, outputDescriptor: pipeEnds[0])
    }

    /// Everything the child writes until it closes its output (empty when not captured).
    mutating func readOutput() -> [UInt8] {
        guard outputDescriptor >= 0 else { return [] }
        defer {
            close(outputDescriptor)
            outputDescriptor = -1
        }
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(outputDescriptor, $0.baseAddress, $0.count) }
            if count > 0 { data += buffer[..<count] } else if count < 0 && errno == EINTR { continue } else { break }
        }
        return data
    }

    /// Waits for the child; its exit code, or 128 + the signal that ended it.
    func waitForExit() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return Self.exitCode(status)
    }

    /// The exit code if the child has ended, without waiting; nil while it runs.
    func exitCodeIfEnded() -> Int32? {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        return Self.exitCode(status)
    }

    /// Reaps the child on a thread of its own, for a child nobody waits for (no zombie left behind).
    func reapWhenDone() {
        let pid = pid
        DetachedThread.start(name: "lector.reap") {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
    }

    private static func exitCode(_ status: Int32) -> Int32 {
        (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
