import FoundationEssentials
import LectorBasics
import Glibc
import LectorStore
import LectorText

/// One line per automatic sync in the state directory, rotated so it never grows past ~256 KB.
struct SyncLog {
    static let limit = 256 * 1024
    let path: String

    /// Appends one line. A line that cannot be written (a full disk, a state folder that is not
    /// a folder) is an error the caller reports: the log is how `schedule status` knows the last run.
    func append(_ line: String, at date: Date = Date()) throws(CLIError) {
        do {
            try AppDirectories.ensureDirectory(URL(fileURLWithPath: path).deletingLastPathComponent().path, lectorsOwn: true)
            rotateIfLarge()
            try AppDirectories.ensurePrivateFile(path)
        } catch {
            throw .failure("cannot write the sync log \(path): \(error)")
        }
        // Never through a link planted in the log's place (ensurePrivateFile refused one already;
        // this closes the gap between the two calls).
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw .failure("cannot write the sync log \(path): \(Self.systemReason())") }
        defer { close(descriptor) }
        // One line per run, and nothing in it a terminal would act on: `tail` of the log replays it.
        let text = TerminalSanitizer.inline(line.replacingAll("\n", with: " | "))
        let record = Array("\(date.formatted(.iso8601)) \(text)\n".utf8)
        var written = 0
        while written < record.count {
            let count = record.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .failure("cannot write the sync log \(path): \(Self.systemReason())") }
            written += count
        }
    }

    /// Best effort: a log that cannot be rotated keeps growing past the limit, which harms less
    /// than failing the run; the append that follows reports a log that cannot be written at all.
    private func rotateIfLarge() {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_size > Self.limit else { return }
        try? FileManager.default.removeItem(atPath: path + ".1")
        try? FileManager.default.moveItem(atPath: path, toPath: path + ".1")
    }

    private static func systemReason() -> String {
        String(cString: strerror(errno))
    }

    /// The last line written, if any. No log (never run, or unreadable) shows as no last run;
    /// `schedule status` is informational and the sync itself reported its own errors.
    var lastLine: String? {
        (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n").last.map(String.init)
    }
}
