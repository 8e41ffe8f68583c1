import Foundation
import LectorStore
import LectorText

/// One line per automatic sync in the state directory, rotated so it never grows past ~256 KB.
struct SyncLog {
    static let limit = 256 * 1024
    let path: String

    func append(_ line: String, at date: Date = Date()) {
        try? AppDirectories.ensureDirectory((path as NSString).deletingLastPathComponent)
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber, size.intValue > Self.limit {
            try? FileManager.default.removeItem(atPath: path + ".1")
            try? FileManager.default.moveItem(atPath: path, toPath: path + ".1")
        }
        try? AppDirectories.ensurePrivateFile(path)
        guard let handle = FileHandle(forWritingAtPath: path) else { return }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        // One line per run, and nothing in it a terminal would act on: `tail` of the log replays it.
        let text = TerminalSanitizer.inline(line.replacingOccurrences(of: "\n", with: " | "))
        handle.write(Data("\(date.formatted(.iso8601)) \(text)\n".utf8))
    }

    /// The last line written, if any.
    var lastLine: String? {
        (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n").last.map(String.init)
    }
}
