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
        guard hasShape(text) else { return nil }
        // Two accepted forms; a text that parses as neither is simply not a timestamp (the caller reports it).
        return (try? Date(text, strategy: .iso8601)) ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }

    /// `YYYY-MM-DDTHH:MM:SS`, an optional fraction of 1 to 9 digits, then `Z`; checked by hand,
    /// not with a regular expression, since a backup holds two per article.
    static func hasShape(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Bool { range.allSatisfy { bytes[$0] >= UInt8(ascii: "0") && bytes[$0] <= UInt8(ascii: "9") } }
        guard bytes.count >= 20, bytes.count != 21, bytes.count <= 30, bytes.last == UInt8(ascii: "Z"),
              digits(0..<4), bytes[4] == UInt8(ascii: "-"), digits(5..<7), bytes[7] == UInt8(ascii: "-"), digits(8..<10),
              bytes[10] == UInt8(ascii: "T"), digits(11..<13), bytes[13] == UInt8(ascii: ":"), digits(14..<16),
              bytes[16] == UInt8(ascii: ":"), digits(17..<19) else { return false }
        return bytes.count == 20 || (bytes[19] == UInt8(ascii: ".") && digits(20..<bytes.count - 1))
    }
}
