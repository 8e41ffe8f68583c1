import FoundationEssentials

/// A REPL line as the history keeps it. A password written into an address
/// (`https://user:password@host/…`) is moved to the keyring by `feed add` and must not stay
/// behind in the history file: the line is kept with `user@` only, so running it again asks for
/// the password instead of replaying it.
///
/// An address typed without a scheme (`feed add user:password@host/feed`, which gets https://
/// added) is the same login: a word whose part before its first `/` reads `user:password@host`
/// keeps `user@host` too.
enum HistoryLine {
    static func withoutPasswords(_ line: String) -> String {
        withoutSchemelessPasswords(withoutSchemedPasswords(line))
    }

    private static func withoutSchemedPasswords(_ line: String) -> String {
        var output = Substring()
        var rest = Substring(line)
        while let scheme = schemeSeparator(in: rest) {
            output += rest[..<scheme.upperBound]
            rest = rest[scheme.upperBound...]
            // The authority ends where the path, query or fragment begins, or the word ends.
            let end = rest.firstIndex { "/?#\"' \t".contains($0) } ?? rest.endIndex
            let authority = rest[..<end]
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                output += authority[..<colon]
                output += authority[at...]
            } else {
                output += authority
            }
            rest = rest[end...]
        }
        return String(output + rest)
    }

    /// Each word (split at blanks and quotes) without a scheme, whose authority — what comes
    /// before its first `/`, `?` or `#` — has a `:` before its last `@`, loses what lies between.
    private static func withoutSchemelessPasswords(_ line: String) -> String {
        var output = Substring()
        var rest = Substring(line)
        while !rest.isEmpty {
            let end = rest.firstIndex { " \t\"'".contains($0) } ?? rest.endIndex
            output += wordWithoutPassword(rest[..<end])
            guard end < rest.endIndex else { break }
            output.append(rest[end])
            rest = rest[rest.index(after: end)...]
        }
        return String(output)
    }

    private static func wordWithoutPassword(_ word: Substring) -> Substring {
        guard !word.contains("://") else { return word }
        let end = word.firstIndex { "/?#".contains($0) } ?? word.endIndex
        let authority = word[..<end]
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return word }
        return word[..<colon] + word[at...]
    }

    private static func schemeSeparator(in text: Substring) -> Range<Substring.Index>? {
        var index = text.startIndex
        while index < text.endIndex {
            if text[index...].hasPrefix("://") { return index..<text.index(index, offsetBy: 3) }
            index = text.index(after: index)
        }
        return nil
    }
}
