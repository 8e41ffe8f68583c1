import LectorBasics
/// One setting going from one value to another (for `set`, `profile apply --dry-run`, restore plans).
public struct SettingChange: Equatable, Sendable {
    /// The dotted key.
    public let key: String
    /// The value before the change.
    public let old: JSONValue
    /// The value after the change.
    public let new: JSONValue

    /// Creates a change record.
    public init(key: String, old: JSONValue, new: JSONValue) {
        self.key = key
        self.old = old
        self.new = new
    }

    /// "reader.font: system → news".
    public var line: String { "\(key): \(old.displayText) → \(new.displayText)" }

    /// `{"key": …, "old": …, "new": …}` for `--json`.
    public var json: JSONValue { .object(["key": .string(key), "old": old, "new": new]) }
}

extension JSONValue {
    /// A compact human rendering: bare strings, comma-separated lists, "(empty)" for "".
    public var displayText: String {
        switch self {
        case .string(let text): return text.isEmpty ? "(empty)" : Self.oneLine(text)
        case .array(let elements): return elements.isEmpty ? "(none)" : elements.map(\.displayText).joined(separator: ", ")
        default: return canonicalText()
        }
    }

    /// Whole, on one line: a table on a terminal cuts it to the width, a pipe gets all of it.
    private static func oneLine(_ text: String) -> String {
        text.replacingAll("\n", with: " ")
    }
}
