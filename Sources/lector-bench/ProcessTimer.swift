import Foundation

/// Wall time of whole process runs (spawn to exit), output discarded.
enum ProcessTimer {
    /// Milliseconds for each of `runs` runs of `arguments[0]` with the rest as arguments.
    static func measure(_ arguments: [String], environment: [String: String], runs: Int) throws -> [Double] {
        let environmentStrings = environment.map { "\($0.key)=\($0.value)" }
        var samples: [Double] = []
        for _ in 0..<runs {
            samples.append(try runOnce(arguments, environment: environmentStrings))
        }
        return samples
    }

    private static func runOnce(_ arguments: [String], environment: [String]) throws -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        let code = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        guard code == 0 else { throw BenchError.spawnFailed(arguments[0], code) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        clock_gettime(CLOCK_MONOTONIC, &end)
        guard status == 0 else { throw BenchError.commandFailed(arguments.joined(separator: " "), status) }
        return Double(end.tv_sec - start.tv_sec) * 1_000 + Double(end.tv_nsec - start.tv_nsec) / 1_000_000
    }
}

enum BenchError: Error, CustomStringConvertible {
    case spawnFailed(String, Int32)
    case commandFailed(String, Int32)
    case usage(String)

    var description: String {
        switch self {
        case .spawnFailed(let path, let code): "cannot start \(path): \(String(cString: strerror(code)))"
        case .commandFailed(let command, let status): "'\(command)' failed with status \(status)"
        case .usage(let message): message
        }
    }
}

/// p50 and p95 of a sample.
struct Percentiles {
    let p50: Double
    let p95: Double

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        func at(_ fraction: Double) -> Double {
            sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
        }
        p50 = at(0.50)
        p95 = at(0.95)
    }
}
