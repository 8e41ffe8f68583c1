import LectorSettings
import LectorText

/// What leaves `lector mcp`: every string through the shared sanitiser (no terminal escapes, no
/// bidi or invisible characters: an agent's client may show them to a person, and a hidden
/// instruction in a feed must stay visible), no login inside a web address, and every string
/// cut to a length an agent's context can take.
enum MCPBounds {
    /// The longest string in an answer, except an article's text (`maxArticleText`).
    static let maxString = 2_000
    static let defaultArticleText = 20_000
    static let maxArticleText = 100_000
    /// Rows of one page of articles, and of any other list.
    static let maxPage = 100
    static let maxList = 1_000
    /// The longest request line; longer ones are skipped and refused.
    static let maxRequestBytes = 1 << 20

    /// `value` with every string made safe and cut to `maxString` (keys are Lector's own).
    static func safe(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): .string(cut(clean(text), max: maxString))
        case .array(let items): .array(items.map(safe))
        case .object(let members): .object(members.mapValues(safe))
        default: value
        }
    }

    /// Outside text for an answer: sanitised, with any login in a web address dropped.
    static func clean(_ text: String) -> String {
        withoutLogins(TerminalSanitizer.clean(text))
    }

    /// One line of outside text in an error message.
    static func line(_ text: String, max: Int) -> String {
        cut(withoutLogins(TerminalSanitizer.inline(text)), max: max)
    }

    /// At most `max` characters, with an ellipsis when cut.
    static func cut(_ text: String, max: Int) -> String {
        guard text.unicodeScalars.count > max else { return text }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.prefix(max - 1))
        return String(kept) + "…"
    }

    /// `scheme://user:password@host` loses `user:password@`, wherever it is in the text: an
    /// address an older Lector stored with its login, a page's text quoting one.
    static func withoutLogins(_ text: String) -> String {
        guard text.contains("://"), text.contains("@") else { return text }
        var result = ""
        var rest = Substring(text)
        while let scheme = rest.firstRange(of: "://") {
            result += rest[..<scheme.upperBound]
            rest = rest[scheme.upperBound...]
            // The authority runs to the first of / ? # or whitespace; a login ends at its last @.
            let end = rest.firstIndex { "/?#".contains($0) || $0.isWhitespace || $0 == "\"" || $0 == "<" || $0 == ">" } ?? rest.endIndex
            if let at = rest[..<end].lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        }
        return result + rest
    }
}
