/// Where and why a JSON text could not be parsed.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based line of the offending character.
    public let line: Int
    /// 1-based column (in characters of UTF-8 bytes) of the offending character.
    public let column: Int
    /// 0-based byte offset of the offending character.
    public let offset: Int
    /// What was wrong at that place.
    public let reason: String
    /// True when the text ended before the value did — the usual sign of a truncated file.
    public let reachedEnd: Bool

    public var description: String {
        let place = "line \(line), column \(column) (byte \(offset))"
        if reason == JSONParser.emptyReason { return reason }
        if reachedEnd {
            return "unexpected end of file at \(place): the file looks truncated"
        }
        return "\(reason) at \(place)"
    }
}
