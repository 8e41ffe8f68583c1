import FoundationEssentials
import LectorBasics
/// Turns what a user typed into a safe FTS5 query: every word becomes a quoted string (so FTS5
/// operators, column filters and stray quotes in the input mean nothing), all words are required,
/// and the last one matches as a prefix so results appear while typing.
enum FTS5Query {
    static func matchingAllTokens(in text: String) -> String? { matchingAllTokens(in: text, lastWordWhole: false) }

    /// The same, with the last word matched whole rather than as a prefix when `lastWordWhole`.
    static func matchingAllTokens(in text: String, lastWordWhole: Bool) -> String? {
        let tokens = words(in: text)
        guard !tokens.isEmpty else { return nil }
        return tokens.enumerated().map { index, token in
            let quoted = "\"" + token.replacingAll("\"", with: "\"\"") + "\""
            return index == tokens.count - 1 && !lastWordWhole ? quoted + "*" : quoted
        }.joined(separator: " ")
    }

    /// The words a user typed, as the query quotes them one by one.
    static func words(in text: String) -> [Substring] {
        text.split { character in
            // ASCII, the usual case, without the Unicode property tables.
            guard let ascii = character.asciiValue else { return !(character.isLetter || character.isNumber) }
            return !((ascii | 0x20 >= 0x61 && ascii | 0x20 <= 0x7A) || (ascii >= 0x30 && ascii <= 0x39) || ascii == 0x27 || ascii == 0x5F)
        }
    }
}
