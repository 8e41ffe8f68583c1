import FoundationEssentials
import Glibc

/// `--since` values: an ISO date or date-time, or an age such as 36h, 7d, 2w.
enum TimeExpression {
    static func parse(_ text: String, now: Date = Date()) throws(CLIError) -> Double {
        let units: [Character: Double] = ["m": 60, "h": 3_600, "d": 86_400, "w": 604_800]
        if let unit = text.last, let seconds = units[unit], let amount = Double(text.dropLast()), amount >= 0 {
            return now.timeIntervalSince1970 - amount * seconds
        }
        // Each form is tried in turn; the usage error below names all of them when none fits.
        if let date = try? Date(text, strategy: .iso8601) { return date.timeIntervalSince1970 }
        if let date = try? Date(text + "T00:00:00Z", strategy: .iso8601) { return date.timeIntervalSince1970 }
        throw .usage("'\(text)' is not a time: use a date (2024-05-01), a date-time (2024-05-01T08:00:00Z) or an age (30m, 36h, 7d, 2w)")
    }
}
