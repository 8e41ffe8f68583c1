import Foundation

/// The `http-probe` executable (built beside the tests): measurements that must not share a process
/// with other tests — CPU use, process-wide cancellation, peak memory.
enum HTTPProbe {
    static let url: URL? = {
        let buildFolder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [
            buildFolder.appendingPathComponent("http-probe"),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/debug/http-probe"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Runs the probe and returns its `key=value` fields (the last, `outcome`, takes the rest of the line).
    static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> [String: String] {
        guard let url else { throw Failure(description: "http-probe was not built (swift build --build-tests builds it)") }
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let line = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0 else {
            throw Failure(description: "http-probe \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(line)")
        }
        var fields: [String: String] = [:]
        var rest = Substring(line)
        while let equals = rest.firstIndex(of: "=") {
            let key = String(rest[..<equals])
            let valueStart = rest.index(after: equals)
            if key == "outcome" {
                fields[key] = String(rest[valueStart...])
                break
            }
            let end = rest[valueStart...].firstIndex(of: " ") ?? rest.endIndex
            fields[key] = String(rest[valueStart..<end])
            rest = end == rest.endIndex ? "" : rest[rest.index(after: end)...]
        }
        return fields
    }
}
