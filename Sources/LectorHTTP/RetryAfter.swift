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
