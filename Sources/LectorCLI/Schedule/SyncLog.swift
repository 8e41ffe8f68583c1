import FoundationEssentials
import LectorBasics
import Glibc
import LectorStore
import LectorText

/// One line per automatic sync in the state directory, rotated so it never grows past ~256 KB.
struct SyncLog {
    static let limit = 256 * 1024
    let path: String

    func append(_ line: String, at date: Date = Date()) {
        try? AppDirectories.ensureDirectory(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        var info = stat()
        if stat(path, &info) == 0, info.st_size > Self.limit {
            try? FileManager.default.removeItem(atPath: path + ".1")
            try? FileManager.default.moveItem(atPath: path, toPath: path + ".1")
        }
        try? AppDirectories.ensurePrivateFile(path)
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        // One line per run, and nothing in it a terminal would act on: `tail` of the log replays it.
        let text = TerminalSanitizer.inline(line.replacingAll("\n", with: " | "))
        let record = Array("\(date.formatted(.iso8601)) \(text)\n".utf8)
        _ = record.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// The last line written, if any.
    var lastLine: String? {
        (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n").last.map(String.init)
    }
}
