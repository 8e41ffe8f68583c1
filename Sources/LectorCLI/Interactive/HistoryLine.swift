import FoundationEssentials

/// A REPL line as the history keeps it. A password written into an address
/// (`https://user:password@host/…`) is moved to the keyring by `feed add` and must not stay
/// behind in the history file: the line is kept with `user@` only, so running it again asks for
/// the password instead of replaying it.
enum HistoryLine {
    static func withoutPasswords(_ line: String) -> String {
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

    private static func schemeSeparator(in text: Substring) -> Range<Substring.Index>? {
        var index = text.startIndex
        while index < text.endIndex {
            if text[index...].hasPrefix("://") { return index..<text.index(index, offsetBy: 3) }
            index = text.index(after: index)
        }
        return nil
    }
}
