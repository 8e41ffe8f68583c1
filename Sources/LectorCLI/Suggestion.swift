import LectorSettings

/// "Did you mean …?" for commands, options and names: the same nearest-match rule the settings
/// use for keys and values.
enum Suggestion {
    static func nearest(to typed: String, in candidates: [String]) -> String? {
        NearestMatch.best(for: typed, among: candidates)
    }

    /// " — did you mean 'x'?" or nothing.
    static func hint(for typed: String, in candidates: [String]) -> String {
        nearest(to: typed, in: candidates).map { " — did you mean '\(TerminalText.sanitize($0))'?" } ?? ""
    }
}
