/// Why a filter's text is not a filter: one line with the column (1-based, in characters) and,
/// when a valid word is near what was typed, that word.
public struct FilterError: Error, Sendable, Equatable, CustomStringConvertible {
    public let column: Int
    public let message: String
    public let suggestion: String?

    init(column: Int, _ message: String, suggestion: String? = nil) {
        self.column = column
        self.message = message
        self.suggestion = suggestion
    }

    public var description: String {
        "column \(column): \(message)" + (suggestion.map { " — did you mean '\($0)'?" } ?? "")
    }
}
