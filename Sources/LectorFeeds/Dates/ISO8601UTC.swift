import FoundationEssentials

/// Formats dates as `2024-06-01T12:00:00Z`.
enum ISO8601UTC {
    static func string(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let (days, secs) = seconds.floorDivMod(86_400)
        let (y, m, d) = CivilCalendar.civil(fromDays: days)
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let year = y >= 0 && y < 10_000 ? String(repeating: "0", count: 4 - String(y).count) + String(y) : String(y)
        return "\(year)-\(two(m))-\(two(d))T\(two(secs / 3600)):\(two(secs / 60 % 60)):\(two(secs % 60))Z"
    }
}
