import Foundation

/// Whole process runs (spawn to exit), timed on the monotonic clock.
enum ProcessTimer {
    /// What one run left behind.
    struct Run {
        let milliseconds: Double
        let status: Int32
        /// Standard output and error together (empty when discarded).
        let output: String
        /// Page faults (minor + major) of the child: a figure that does not swing with machine load.
        let pageFaults: Int
        /// User + system CPU time of the child: unlike the wall time, it does not count the
        /// time spent waiting for a core on a busy machine.
        let cpuMilliseconds: Double
    }

    /// Like `measure`, with each run's CPU time too.
    static func measureCPU(_ arguments: [String], environment: [String: String], runs: Int) throws -> [(milliseconds: Double, cpu: Double)] {
        var samples: [(Double, Double)] = []
        for _ in 0..<runs {
            let run = try spawn(arguments, environment: environment, capture: false)
            guard run.status == 0 else { throw BenchError.commandFailed(arguments.joined(separator: " "), run.status, "") }
            samples.append((run.milliseconds, run.cpuMilliseconds))
        }
        return samples
    }

    /// Like `measure`, with each run's page faults too.
    static func measureFaults(_ arguments: [String], environment: [String: String], runs: Int)
        throws -> [(milliseconds: Double, faults: Int, cpuMilliseconds: Double)] {
        var samples: [(Double, Int, Double)] = []
        for _ in 0..<runs {
            let run = try spawn(arguments, environment: environment, capture: false)
            guard run.status == 0 else { throw BenchError.commandFailed(arguments.joined(separator: " "), run.status, "") }
            samples.append((run.milliseconds, run.pageFaults, run.cpuMilliseconds))
        }
        return samples
    }

    /// Milliseconds for each of `runs` runs of `arguments[0]` with the rest as arguments, output discarded.
    static func measure(_ arguments: [String], environment: [String: String], runs: Int) throws -> [Double] {
        var samples: [Double] = []
        for _ in 0..<runs {
            let run = try spawn(arguments, environment: environment, capture: false)
            guard run.status == 0 else { throw BenchError.commandFailed(arguments.joined(separator: " "), run.status, "") }
            samples.append(run.milliseconds)
        }
        return samples
    }

    /// One timed run with its output kept; fails when the command does.
    @discardableResult
    static func runChecked(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Run {
        let run = try spawn(arguments, environment: environment, capture: true)
        guard run.status == 0 else {
            throw BenchError.commandFailed(arguments.joined(separator: " "), run.status, String(run.output.suffix(600)))
        }
        return run
    }

    /// Starts `arguments` and returns at once, output discarded; the caller waits for (or stops) the pid.
    static func start(_ arguments: [String], environment: [String: String]) throws -> pid_t {
        var actions = FileActions(outputPath: "/dev/null")
        defer { actions.destroy() }
        return try posixSpawn(arguments, environment: environment, actions: &actions.value)
    }

    private static func spawn(_ arguments: [String], environment: [String: String], capture: Bool) throws -> Run {
        let outputPath = capture ? NSTemporaryDirectory() + "lector-bench-output-\(getpid())" : "/dev/null"
        var actions = FileActions(outputPath: outputPath)
        defer {
            actions.destroy()
            if capture { unlink(outputPath) }
        }
        var pid: pid_t = 0
        var status: Int32 = 0
        var usage = rusage()
        let seconds = try secondsElapsed {
            pid = try posixSpawn(arguments, environment: environment, actions: &actions.value)
            wait4(pid, &status, 0, &usage)
        }
        let output = capture ? ((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "") : ""
        // Exit code when the process exited, else 128 + signal, as shells report it.
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000
        return Run(milliseconds: seconds * 1_000, status: code, output: output, pageFaults: usage.ru_minflt + usage.ru_majflt,
                   cpuMilliseconds: cpu)
    }

    static func posixSpawn(_ arguments: [String], environment: [String: String],
                           actions: inout posix_spawn_file_actions_t, attributes: UnsafePointer<posix_spawnattr_t>? = nil) throws -> pid_t {
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        // posix_spawnp so that `env`, `newsboat` and `nginx` are found on PATH.
        let code = posix_spawnp(&pid, arguments[0], &actions, attributes, argv, envp)
        guard code == 0 else { throw BenchError.spawnFailed(arguments[0], code) }
        return pid
    }

    /// stdin from /dev/null; stdout and stderr to one file.
    private struct FileActions {
        var value = posix_spawn_file_actions_t()

        init(outputPath: String) {
            posix_spawn_file_actions_init(&value)
            posix_spawn_file_actions_addopen(&value, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&value, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_adddup2(&value, 1, 2)
        }

        mutating func destroy() { posix_spawn_file_actions_destroy(&value) }
    }
}
