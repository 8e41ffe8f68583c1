import Foundation

/// The sync the REPL starts on launch (`sync.on-launch`): a child `lector sync --auto --json`, so
/// the prompt appears at once from the local store and the child has its own connection to it.
/// The automatic floor applies; the outcome is reported once, as one line.
final class BackgroundSync {
    private let process = Process()
    private let output = Pipe()

    init?(environment: [String: String]) {
        process.executableURL = SelfExecutable.url
        process.arguments = ["sync", "--auto", "--json"]
        process.environment = environment
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
    }

    /// The one-line summary once the child has finished; nil while it runs.
    func finishedSummary() -> String? {
        guard !process.isRunning else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        // JSON lines: progress events, then {"event": "result", "results": […]}.
        let last = String(decoding: data, as: UTF8.self).split(separator: "\n").last.map { Data($0.utf8) } ?? Data()
        let results = ((try? JSONSerialization.jsonObject(with: last) as? [String: Any])?["results"] as? [[String: Any]]) ?? []
        if process.terminationStatus != 0 {
            let failed = results.filter { $0["outcome"] as? String == "failed" }
            let detail = failed.map { "\($0["account"] ?? "?"): \($0["detail"] ?? "")" }.joined(separator: "; ")
            return "sync failed: " + (detail.isEmpty ? "exit code \(process.terminationStatus)" : detail)
        }
        let ran = results.filter { $0["outcome"] as? String == "ok" }
        if ran.isEmpty { return results.isEmpty ? nil : "sync: skipped (synced recently; automatic syncs wait for the interval)" }
        return "sync: " + ran.map { "\($0["account"] ?? "?"): \($0["detail"] ?? "")" }.joined(separator: "; ")
    }
}
