import LectorSettings

/// "Did you mean …?" for commands, options and names: the same nearest-match rule the settings
/// use for keys and values.
enum Suggestion {
    /// Names longer than this are not matched: the edit distance costs the product of the two
    /// lengths, and no one mistypes a 100 KB name (a 100 KB argument against a 100 KB title took 20 s).
    static let longestMatched = 200

    static func nearest(to typed: String, in candidates: [String]) -> String? {
        guard typed.utf8.count <= longestMatched else { return nil }
        return NearestMatch.best(for: typed, among: candidates.filter { $0.utf8.count <= longestMatched })
    }

    /// " — did you mean 'x'?" or nothing.
    static func hint(for typed: String, in candidates: [String]) -> String {
        nearest(to: typed, in: candidates).map { " — did you mean '\(TerminalText.sanitize($0))'?" } ?? ""
    }
}
