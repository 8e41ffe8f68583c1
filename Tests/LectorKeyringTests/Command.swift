import Foundation

/// Runs a program and collects its output. Input and output go through files, not pipes:
/// a daemon that forks (gnome-keyring-daemon) may keep a pipe open long after the command ends.
struct Command {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(
        _ program: String, _ arguments: [String], stdin: String? = nil,
        environment: [String: String]? = nil, timeout: TimeInterval = 30
    ) throws -> Result {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("lector-keyring-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inURL = scratch.appendingPathComponent("in")
        let outURL = scratch.appendingPathComponent("out"), errURL = scratch.appendingPathComponent("err")
        try Data((stdin ?? "").utf8).write(to: inURL)

        let child = try ChildProcess(
            program, arguments, environment: environment ?? ProcessInfo.processInfo.environment,
            stdin: inURL.path, stdout: outURL.path, stderr: errURL.path)
        guard let status = child.wait(timeout: timeout) else {
            child.kill()
            throw Failure(description: "\(program) \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        return Result(
            status: status,
            stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
    }

    /// Whether `program` can be found on PATH.
    static func exists(_ program: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
    }
}
