import Foundation

/// This process's peak resident set, in KiB: VmHWM from /proc/self/status, else ru_maxrss.
enum PeakMemory {
    static func kibibytes() -> Int {
        if let value = statusField("VmHWM:") { return value }
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss
    }

    /// The resident set now, in KiB (VmRSS), or the peak where /proc is missing.
    static func residentKibibytes() -> Int { statusField("VmRSS:") ?? kibibytes() }

    /// Starts a new peak from the resident set now (Linux `5 > /proc/self/clear_refs`), so one
    /// process can measure the peak of several runs one after another.
    static func resetPeak() {
        if let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
            handle.write(Data("5".utf8))
            try? handle.close()
        }
    }

    private static func statusField(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }
}
