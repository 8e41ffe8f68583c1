import FoundationEssentials
import LectorBasics

/// Parses `Retry-After` (RFC 9110 §10.2.3): delta-seconds or an HTTP-date.
public enum RetryAfter {
    /// The longest wait a server can ask for: a day. `Retry-After: 99999999` (three years) must not
    /// silence a feed until the user notices.
    public static let ceiling: Duration = .seconds(24 * 3_600)

    /// The delay `value` asks for, counted from `now`; never negative, never over `ceiling`; nil
    /// when unparseable.
    public static func parse(_ value: String, now: Date = Date()) -> Duration? {
        let trimmed = value.trimmingBlanks
        if !trimmed.isEmpty, trimmed.allSatisfy(\.isASCII), trimmed.allSatisfy(\.isNumber) {
            // Digits too many for Int64 are a very long wait, not an unreadable one.
            let seconds = Int64(trimmed) ?? Int64.max
            return min(.seconds(seconds), ceiling)
        }
        guard let date = HTTPDate.parse(trimmed) else { return nil }
        let delta = min(max(0, date.timeIntervalSince(now)), ceiling.seconds)
        return .milliseconds(Int64((delta * 1000).rounded()))
    }
}
