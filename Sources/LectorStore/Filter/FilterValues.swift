/// The dates and ages a filter compares with.
enum FilterValues {
    /// `30d`, `12h`, `2w`, `90m` in seconds; nil for anything else.
    static func age(_ text: String) -> Double? {
        guard let unit = text.last, let count = Int(text.dropLast()), count >= 0 else { return nil }
        let seconds: Double? = switch unit.lowercased() {
        case "m": 60
        case "h": 3_600
        case "d": 86_400
        case "w": 604_800
        default: nil
        }
        return seconds.map { $0 * Double(count) }
    }

    /// `2024-01-01` (midnight UTC) or `2024-01-01T08:30[:00]Z` in seconds since 1970; nil for
    /// anything else or a day the month does not have.
    static func date(_ text: String) -> Double? {
        let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        let day = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        guard day.count == 3, day[0].count == 4, day[1].count == 2, day[2].count == 2,
              let year = Int(day[0]), let month = Int(day[1]), let date = Int(day[2]),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(date)
        else { return nil }
        var seconds = 0
        if parts.count == 2 {
            guard parts[1].hasSuffix("Z") else { return nil }
            let clock = parts[1].dropLast().split(separator: ":", omittingEmptySubsequences: false)
            guard (2...3).contains(clock.count), clock.allSatisfy({ $0.count == 2 }),
                  let hour = Int(clock[0]), let minute = Int(clock[1]), let second = clock.count == 3 ? Int(clock[2]) : 0,
                  hour < 24, minute < 60, second < 60
            else { return nil }
            seconds = hour * 3_600 + minute * 60 + second
        }
        return Double(daysSinceEpoch(year: year, month: month, day: date) * 86_400 + seconds)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
    /// days_from_civil).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
