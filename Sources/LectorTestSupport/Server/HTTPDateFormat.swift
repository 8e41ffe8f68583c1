import Foundation

/// IMF-fixdate formatting for the test servers.
public enum HTTPDateFormat {
    /// `date` as e.g. "Sun, 06 Nov 1994 08:49:37 GMT".
    public static func format(_ date: Date) -> String { formatter().string(from: date) }

    /// Parses an IMF-fixdate.
    public static func parse(_ text: String) -> Date? { formatter().date(from: text) }

    private static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter
    }
}
