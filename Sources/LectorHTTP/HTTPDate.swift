import FoundationEssentials
import LectorBasics

/// HTTP-date parsing and formatting (IMF-fixdate, plus the obsolete RFC 850 and asctime forms).
/// By hand: DateFormatter is full Foundation's (ICU), and the binary links only FoundationEssentials.
public enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    private static let gmt: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar
    }()

    /// The date `text` names, or nil.
    ///   IMF-fixdate  `Sun, 06 Nov 1994 08:49:37 GMT`
    ///   RFC 850      `Sunday, 06-Nov-94 08:49:37 GMT`
    ///   asctime      `Sun Nov  6 08:49:37 1994`
    public static func parse(_ text: String) -> Date? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let weekday = words.first, weekday.drop(while: \.isLetter).isEmpty || weekday.drop(while: \.isLetter) == "," else { return nil }
        switch (words.count, weekday.hasSuffix(",")) {
        case (6, true):
            guard words[3].count == 4, let year = Int(words[3]) else { return nil }
            return date(year: year, month: words[2], day: words[1], time: words[4], zone: words[5])
        case (4, true):
            let parts = words[1].split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[2].count == 2, let year = Int(parts[2]) else { return nil }
            // Two-digit years: RFC 9110 reads one more than 50 years ahead as the past century.
            return date(year: year + (year < 70 ? 2000 : 1900), month: String(parts[1]), day: String(parts[0]), time: words[2], zone: words[3])
        case (5, false):
            guard words[4].count == 4, let year = Int(words[4]) else { return nil }
            return date(year: year, month: words[1], day: words[2], time: words[3], zone: "GMT")
        default:
            return nil
        }
    }

    /// `date` as an IMF-fixdate, e.g. "Sun, 06 Nov 1994 08:49:37 GMT".
    public static func format(_ date: Date) -> String {
        let parts = gmt.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        func two(_ value: Int?) -> String { String(zeroPadded: value ?? 0, width: 2) }
        let month = months[(parts.month ?? 1) - 1].capitalized
        return "\(weekdays[(parts.weekday ?? 1) - 1]), \(two(parts.day)) \(month) \(String(zeroPadded: parts.year ?? 0, width: 4)) "
            + "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) GMT"
    }

    private static func date(year: Int, month: String, day: String, time: String, zone: String) -> Date? {
        guard let monthIndex = months.firstIndex(of: month.lowercased()), day.count <= 2, let day = Int(day), (1...31).contains(day),
              zone == "GMT" || zone == "UTC" else { return nil }
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
              let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
              hour < 24, minute < 60, second < 61 else { return nil }
        let parts = DateComponents(year: year, month: monthIndex + 1, day: day, hour: hour, minute: minute, second: second)
        guard let date = gmt.date(from: parts), gmt.component(.day, from: date) == day else { return nil }
        return date
    }
}

private extension String {
    var capitalized: String { prefix(1).uppercased() + dropFirst() }
}
