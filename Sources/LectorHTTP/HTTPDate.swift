import Foundation

/// HTTP-date parsing and formatting (IMF-fixdate, plus the obsolete RFC 850 and asctime forms).
public enum HTTPDate {
    private static let patterns = [
        "EEE, dd MMM yyyy HH:mm:ss zzz",
        "EEEE, dd-MMM-yy HH:mm:ss zzz",
        "EEE MMM d HH:mm:ss yyyy",
    ]

    /// The date `text` names, or nil.
    public static func parse(_ text: String) -> Date? {
        for pattern in patterns {
            if let date = formatter(pattern).date(from: text) { return date }
        }
        return nil
    }

    /// `date` as an IMF-fixdate, e.g. "Sun, 06 Nov 1994 08:49:37 GMT".
    public static func format(_ date: Date) -> String {
        formatter(patterns[0]).string(from: date)
    }

    // DateFormatter is not Sendable; a fresh one per call keeps this thread-safe and is cheap enough here.
    private static func formatter(_ pattern: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = pattern
        return formatter
    }
}
