import Foundation

/// Why a benchmark could not run.
enum BenchError: Error, CustomStringConvertible {
    case spawnFailed(String, Int32)
    case commandFailed(String, Int32, String)
    case usage(String)
    /// A precondition is missing (a tool, the shared corpus): the benchmark is skipped, not failed.
    case skipped(String)
    /// The run finished but its result is wrong (a count that does not add up).
    case check(String)

    var description: String {
        switch self {
        case .spawnFailed(let path, let code): "cannot start \(path): \(String(cString: strerror(code)))"
        case .commandFailed(let command, let status, let output):
            "'\(command)' failed with status \(status)" + (output.isEmpty ? "" : ":\n" + output)
        case .usage(let message): message
        case .skipped(let reason): "skipped: \(reason)"
        case .check(let message): "check failed: \(message)"
        }
    }
}
