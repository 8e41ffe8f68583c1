import FoundationEssentials

/// ISO-8601 times in UTC as the backup writes them ("2026-11-29T16:40:00Z") and reads them
/// (with or without a fraction of a second).
public enum UTCTimestamp {
    /// Second precision, `Z` for UTC.
    public static func text(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
    }

    /// The time, or nil when `text` is not one of the two accepted forms.
    public static func date(_ text: String) -> Date? {
        guard text.wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,9})?Z/) != nil else { return nil }
        // Two accepted forms; a text that parses as neither is simply not a timestamp (the caller reports it).
        return (try? Date(text, strategy: .iso8601)) ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }
}
