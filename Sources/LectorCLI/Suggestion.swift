/// "Did you mean …?": the candidate closest to what was typed, when it is close enough to help.
enum Suggestion {
    static func nearest(to typed: String, in candidates: [String]) -> String? {
        let lowered = typed.lowercased()
        let scored = candidates.map { ($0, editDistance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        // Allow roughly one edit per three characters, and prefix matches of any length.
        let tolerance = max(2, typed.count / 3)
        if best.1 <= tolerance { return best.0 }
        return candidates.first { $0.lowercased().hasPrefix(lowered) && !lowered.isEmpty }
    }

    /// " — did you mean 'x'?" or nothing.
    static func hint(for typed: String, in candidates: [String]) -> String {
        nearest(to: typed, in: candidates).map { " — did you mean '\($0)'?" } ?? ""
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
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
}
