/// One word, quoted string or symbol of a filter, with the column it starts at (1-based).
struct FilterToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// A bare word: a field, an operator word, `and`/`or`/`not`, a date, an age, a value.
        case word(String)
        /// A quoted string, its escapes undone.
        case string(String)
        /// `(`, `)`, `=`, `!=`, `<`, `>`.
        case symbol(String)
        case end
    }

    let kind: Kind
    let column: Int

    /// How the token reads in an error message.
    var shown: String {
        switch kind {
        case .word(let word): "'\(word)'"
        case .string(let text): "\"\(text)\""
        case .symbol(let symbol): "'\(symbol)'"
        case .end: "the end"
        }
    }
}

/// Cuts a filter's text into tokens. Strings are quoted with `"` or `'`; inside one, a backslash
/// before the string's own quote or before another backslash stands for that character, and any
/// other backslash is kept as it is (so a regular expression's `\d` needs no doubling).
enum FilterLexer {
    static func tokens(_ text: String) throws(FilterError) -> [FilterToken] {
        var tokens: [FilterToken] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let column = index + 1
            if character.isWhitespace {
                index += 1
            } else if character == "\"" || character == "'" {
                let (string, next) = try quoted(characters, from: index)
                tokens.append(FilterToken(kind: .string(string), column: column))
                index = next
            } else if "()=<>".contains(character) {
                tokens.append(FilterToken(kind: .symbol(String(character)), column: column))
                index += 1
            } else if character == "!" {
                guard index + 1 < characters.count, characters[index + 1] == "=" else {
                    throw FilterError(column: column, "'!' alone is not an operator", suggestion: "!=")
                }
                tokens.append(FilterToken(kind: .symbol("!="), column: column))
                index += 2
            } else {
                var end = index
                while end < characters.count, !isBoundary(characters[end]) { end += 1 }
                tokens.append(FilterToken(kind: .word(String(characters[index..<end])), column: column))
                index = end
            }
        }
        tokens.append(FilterToken(kind: .end, column: characters.count + 1))
        return tokens
    }

    private static func isBoundary(_ character: Character) -> Bool {
        character.isWhitespace || "()=<>!\"'".contains(character)
    }

    /// The string opened by the quote at `start`, and the index after its closing quote.
    private static func quoted(_ characters: [Character], from start: Int) throws(FilterError) -> (String, Int) {
        let quote = characters[start]
        var string = ""
        var index = start + 1
        while index < characters.count {
            let character = characters[index]
            if character == quote { return (string, index + 1) }
            if character == "\\", index + 1 < characters.count, [quote, "\\"].contains(characters[index + 1]) {
                string.append(characters[index + 1])
                index += 2
                continue
            }
            string.append(character)
            index += 1
        }
        throw FilterError(column: start + 1, "the string opened here has no closing \(quote)")
    }
}
