import LectorBasics
/// Splitting a line into words the way a POSIX shell does for simple cases: whitespace
/// separates, single and double quotes group, backslash escapes. Used by the REPL and for the
/// partial word a shell hands to `__complete`.
enum ShellWords {
    enum SplitError: Error, Equatable {
        case unterminatedQuote(Character)
    }

    /// Splits a complete line. An unterminated quote is an error.
    static func split(_ line: String) throws(SplitError) -> [String] {
        let (words, openQuote) = scan(line)
        if let openQuote { throw .unterminatedQuote(openQuote) }
        return words
    }

    /// Splits a line being typed: an open quote is allowed, and a trailing space means a new,
    /// empty word is being started.
    static func splitForCompletion(_ line: String) -> [String] {
        var (words, openQuote) = scan(line)
        if openQuote == nil, line.isEmpty || line.last?.isWhitespace == true { words.append("") }
        return words
    }

    /// `word` as one word of a POSIX shell line, for a command Lector prints for the user to run.
    static func quoted(_ word: String) -> String {
        "'" + word.replacingAll("'", with: "'\\''") + "'"
    }

    /// `quoted`, but a word the shell reads as it is stays bare.
    static func quotedIfNeeded(_ word: String) -> String {
        !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "-_.,:/@+=".contains($0) } ? word : quoted(word)
    }

    /// Removes shell quoting from a (possibly unfinished) word.
    static func dequote(_ word: String) -> String {
        guard word.contains(where: { $0 == "\"" || $0 == "'" || $0 == "\\" }) else { return word }
        return scan(word).words.first ?? ""
    }

    private static func scan(_ line: String) -> (words: [String], openQuote: Character?) {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            if let open = quote {
                if character == open { quote = nil }
                else if character == "\\" && open == "\"" { escaped = true }
                else { current.append(character) }
                continue
            }
            switch character {
            case "\\":
                escaped = true
                inWord = true
            case "\"", "'":
                quote = character
                inWord = true
            case _ where character.isWhitespace:
                if inWord { words.append(current) }
                current = ""
                inWord = false
            default:
                current.append(character)
                inWord = true
            }
        }
        if inWord || quote != nil { words.append(current) }
        return (words, quote)
    }
}
