/// A text test of a rule compiled once for a pass of `RuleSweep`: what `lector_contains`,
/// `lector_matches` and `= … COLLATE NOCASE` answer in SQL, asked of the row's text where SQLite
/// holds it — no call through SQLite, no String made and no needle or pattern looked up per row.
enum RuleTextMatcher {
    case contains([[UInt8]], SearchTokenizer)
    /// nil: a pattern that does not compile, which matches nothing (as `lector_matches` answers).
    case matches(FilterPattern?)
    /// SQLite's NOCASE: ASCII letters folded, nothing else.
    case equals([UInt8], equal: Bool)

    init(_ test: FilterExpression.TextTest, functions: FilterFunctions) {
        switch test {
        case .contains(let needle): self = .contains(functions.needleTokens(needle), functions.tokenizer)
        case .matches(let pattern): self = .matches(try? FilterPattern(pattern))
        case .equals(let value, let equal): self = .equals(Array(value.utf8), equal: equal)
        }
    }

    /// The test of a NUL-terminated text (`text.count` bytes before the NUL); nil for a NULL
    /// text where SQL's answer is NULL.
    func holds(_ text: UnsafeBufferPointer<UInt8>?) -> Bool? {
        switch self {
        case .contains(let wanted, let tokenizer):
            guard let text else { return false }
            return FilterFunctions.contains(text, wanted, tokenizer: tokenizer)
        case .matches(let pattern):
            guard let pattern, let start = text?.baseAddress else { return false }
            return start.withMemoryRebound(to: CChar.self, capacity: text!.count + 1) { pattern.isFound(in: $0) }
        case .equals(let value, let equal):
            guard let text else { return nil }
            return Self.equalFoldingASCII(text, value) == equal
        }
    }

    /// The test of a Swift string (a feed's title, a folder's or an account's name).
    func holds(_ text: String) -> Bool? {
        var text = text
        return text.withUTF8 { bytes in
            // withUTF8's buffer is not promised to end in a NUL, which the pattern matcher reads up to.
            let terminated = Array(bytes) + [0]
            return terminated.withUnsafeBufferPointer { holds(UnsafeBufferPointer(rebasing: $0.dropLast())) }
        }
    }

    private static func equalFoldingASCII(_ text: UnsafeBufferPointer<UInt8>, _ value: [UInt8]) -> Bool {
        guard text.count == value.count else { return false }
        for (a, b) in zip(text, value) where a != b {
            guard a | 0x20 == b | 0x20, (0x61...0x7A).contains(a | 0x20) else { return false }
        }
        return true
    }
}
