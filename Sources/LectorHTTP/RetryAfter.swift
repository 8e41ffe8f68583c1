import Foundation

/// Parses `Retry-After` (RFC 9110 §10.2.3): delta-seconds or an HTTP-date.
public enum RetryAfter {
    /// The delay `value` asks for, counted from `now`; never negative; nil when unparseable.
    public static func parse(_ value: String, now: Date = Date()) -> Duration? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.allSatisfy(\.isASCII), trimmed.allSatisfy(\.isNumber) {
            guard let seconds = Int64(trimmed) else { return nil }
            return .seconds(seconds)
        }
        guard let date = HTTPDate.parse(trimmed) else { return nil }
        let delta = max(0, date.timeIntervalSince(now))
        return .milliseconds(Int64((delta * 1000).rounded()))
    }
}

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
