import Foundation

/// This process's peak resident set, in KiB: VmHWM from /proc/self/status, else ru_maxrss.
enum PeakMemory {
    static func kibibytes() -> Int {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let value = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") {
            return value
        }
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss
    }
}
