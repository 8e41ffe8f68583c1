import FoundationEssentials
import Glibc
import LectorBasics

/// The sync the REPL starts on launch (`sync.on-launch`): a child `lector sync --auto --json`, so
/// the prompt appears at once from the local store and the child has its own connection to it.
/// The automatic floor applies; the outcome is reported once, as one line.
final class BackgroundSync {
    private var child: Subprocess
    private var exitCode: Int32?

    init?(environment: [String: String]) {
        guard let child = Subprocess.start(SelfExecutable.path, ["sync", "--auto", "--json"], environment: environment, output: .capture) else {
            return nil
        }
        self.child = child
    }

    /// The one-line summary once the child has finished; nil while it runs.
    func finishedSummary() -> String? {
        if exitCode == nil { exitCode = child.exitCodeIfEnded() }
        guard let exitCode else { return nil }
        let data = child.readOutput()
        // JSON lines: progress events, then {"event": "result", "results": […]}.
        let last = String(decoding: data, as: UTF8.self).split(separator: "\n").last.map { Data($0.utf8) } ?? Data()
        let results = ((try? JSONObject.parse(last) as? [String: Any])?["results"] as? [[String: Any]]) ?? []
        if exitCode != 0 {
            let failed = results.filter { $0["outcome"] as? String == "failed" }
            let detail = failed.map { "\($0["account"] ?? "?"): \($0["detail"] ?? "")" }.joined(separator: "; ")
            return "sync failed: " + (detail.isEmpty ? "exit code \(exitCode)" : detail)
        }
        let ran = results.filter { $0["outcome"] as? String == "ok" }
        // Skipped because the last sync is recent (the automatic floor): nothing happened, so
        // nothing is said; a line on every start would be noise ('sync' syncs now).
        if ran.isEmpty { return nil }
        return "sync: " + ran.map { "\($0["account"] ?? "?"): \($0["detail"] ?? "")" }.joined(separator: "; ")
    }
}
