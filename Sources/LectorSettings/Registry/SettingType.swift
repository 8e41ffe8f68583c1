/// The kind of value a setting holds, with the limits that validation enforces.
public enum SettingType: Sendable, Equatable {
    /// true or false.
    case bool
    /// A whole number within `range`, measured in `unit` (e.g. "minutes").
    case integer(range: ClosedRange<Int>, unit: String)
    /// One of a fixed list of names.
    case choice([String])
    /// Free text whose length (in characters) lies within `length`.
    case text(length: ClosedRange<Int>)
    /// An http or https URL without credentials, or empty for "the provider's standard one".
    case url
    /// An ordered list of distinct actions drawn from a catalog.
    case actions(ActionCatalog)
    /// One key of the keyboard: a printable ASCII character other than a space or a digit
    /// (digits are the reader dock's).
    case key

    /// A short name for the type, as docs and `settings list` show it.
    public var name: String {
        switch self {
        case .bool: return "bool"
        case .integer: return "int"
        case .choice: return "enum"
        case .text: return "string"
        case .url: return "url"
        case .actions: return "action list"
        case .key: return "key"
        }
    }
}

/// The actions an ordered-list setting may hold, and how many fit.
public struct ActionCatalog: Sendable, Equatable {
    /// Every action the list may contain, in their documented order.
    public let known: [String]
    /// The most actions the list may hold at once.
    public let maxCount: Int
    /// What the list is called in messages ("dock action", "swipe action").
    public let noun: String
    /// Other names an action goes by (the dock's words: "later" for reading-list), by word.
    public var words: [String: String] = [:]

    /// The action `name` names: itself, in any case, or by one of its words; nil for none.
    public func action(named name: String) -> String? {
        if known.contains(name) { return name }
        let lowered = name.lowercased()
        return known.first { $0.lowercased() == lowered } ?? words[lowered]
    }
}
