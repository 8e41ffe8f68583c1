/// Picks the candidate a mistyped word was most likely meant to be.
public enum NearestMatch {
    /// The one candidate with a part spelled as typed ("star" for toggle-star), else a unique
    /// prefix completion, else the closest candidate by edit distance (ignoring case) or the one
    /// with a part closer still; nil when nothing is close enough to be a plausible typo.
    public static func best(for input: String, among candidates: [String]) -> String? {
        let typed = input.lowercased()
        guard !typed.isEmpty else { return nil }
        let byPart = bestByPart(typed, among: candidates)
        if let byPart, byPart.distance == 0 { return byPart.candidate }
        let completions = candidates.filter { $0.lowercased().hasPrefix(typed) }
        if completions.count == 1 { return completions[0] }
        let scored = candidates.map { (candidate: $0, distance: distance(typed, $0.lowercased())) }
        guard let nearest = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        if let byPart, byPart.distance < nearest.distance { return byPart.candidate }
        return nearest.distance <= max(2, typed.count / 2) ? nearest.candidate : nil
    }

    /// A word typed for one part of a longer name — "bionic" for reader.bionic, "newst" for
    /// newest-first — names the one candidate with the closest such part, within a third of the
    /// word; a part several share ("list") names none of them.
    private static func bestByPart(_ typed: String, among candidates: [String]) -> (candidate: String, distance: Int)? {
        let tolerance = max(1, typed.count / 3)
        let scored = candidates.compactMap { candidate -> (candidate: String, distance: Int)? in
            let parts = candidate.lowercased().split { $0 == "." || $0 == "-" || $0 == "_" }
            guard parts.count > 1, let closest = parts.map({ distance(typed, String($0)) }).min(), closest <= tolerance else { return nil }
            return (candidate, closest)
        }
        guard let least = scored.map(\.distance).min() else { return nil }
        let closest = scored.filter { $0.distance == least }
        return closest.count == 1 ? closest[0] : nil
    }

    /// Levenshtein distance over characters.
    public static func distance(_ a: String, _ b: String) -> Int {
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
    public static func hint(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }
}
