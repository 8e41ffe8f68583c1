/// Picks the candidate a mistyped word was most likely meant to be.
public enum NearestMatch {
    /// The closest candidate by edit distance (ignoring case), or a unique prefix completion;
    /// nil when nothing is close enough to be a plausible typo.
    public static func best(for input: String, among candidates: [String]) -> String? {
        let typed = input.lowercased()
        guard !typed.isEmpty else { return nil }
        let completions = candidates.filter { $0.lowercased().hasPrefix(typed) }
        if completions.count == 1 { return completions[0] }
        let scored = candidates.map { (candidate: $0, distance: distance(typed, $0.lowercased())) }
        guard let nearest = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        let tolerance = max(2, typed.count / 2)
        return nearest.distance <= tolerance ? nearest.candidate : nil
    }

    /// Levenshtein distance over characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// " did you mean 'x'?" or nothing, for appending to a message.
    static func hint(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }
}
