import Foundation
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
            try AppDirectories.ensureDirectory((path as NSString).deletingLastPathComponent)
            rotateIfLarge()
            try AppDirectories.ensurePrivateFile(path)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            // Closing after a failed write adds nothing: the write's error is the one thrown.
            defer { try? handle.close() }
            try handle.seekToEnd()
            // One line per run, and nothing in it a terminal would act on: `tail` of the log replays it.
            let text = TerminalSanitizer.inline(line.replacingOccurrences(of: "\n", with: " | "))
            // The throwing write: the older `write(_:)` traps on an error such as a full disk.
            try handle.write(contentsOf: Data("\(date.formatted(.iso8601)) \(text)\n".utf8))
        } catch {
            throw .failure("cannot write the sync log \(path): \(Self.reason(error))")
        }
    }

    /// Best effort: a log that cannot be rotated keeps growing past the limit, which harms less
    /// than failing the run; the append that follows reports a log that cannot be written at all.
    private func rotateIfLarge() {
        // No file yet (or none readable) is a log of size zero.
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
              size.intValue > Self.limit else { return }
        try? FileManager.default.removeItem(atPath: path + ".1")
        try? FileManager.default.moveItem(atPath: path, toPath: path + ".1")
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? StoreError { return error.description }
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let code = underlying?.code, underlying?.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(code))) }
        return (error as NSError).localizedDescription
    }

    /// The last line written, if any. No log (never run, or unreadable) shows as no last run;
    /// `schedule status` is informational and the sync itself reported its own errors.
    var lastLine: String? {
        (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n").last.map(String.init)
    }
}
