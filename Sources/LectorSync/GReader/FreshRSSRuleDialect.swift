import LectorBasics
import LectorStore

/// FreshRSS's mark-as-read searches as a rule dialect: a `read` rule of `contains` tests of the
/// title, author and address, with `and`, `or` and `not`, becomes the searches' lines; anything
/// else stays local, with the reason.
enum FreshRSSRuleDialect {
    static let freshRSSOperators: [FilterExpression.TextField: String] = [.title: "intitle:", .author: "author:", .url: "inurl:"]

    static func placement(_ filter: FilterExpression, action: RuleAction) -> ServerRulePlacement {
        guard action == .read else { return .local("FreshRSS's filter actions only mark articles read") }
        guard let clauses = ServerRuleCompiler.disjunctiveForm(filter), clauses.count <= 20 else {
            return .local("FreshRSS's searches are words joined by 'and' (a space) and 'or' (a line), with 'not'; this filter is not one")
        }
        var lines: [String] = []
        for clause in clauses {
            var words: [String] = []
            for (term, positive) in clause {
                guard case .text(let field, .contains(let needle)) = term, let name = freshRSSOperators[field] else {
                    return .local("FreshRSS's searches take 'contains' of the title, author and address (intitle:, author:, inurl:)")
                }
                switch freshRSSValue(needle, field: field) {
                case .success(let value): words.append((positive ? "" : "!") + name + value)
                case .failure(let reason): return .local(reason.text)
                }
            }
            lines.append(words.joined(separator: " "))
        }
        return .freshRSSMarkRead(lines)
    }

    /// A `contains` needle as FreshRSS 1.24.3's search reads it back as exactly that needle
    /// (app/Models/BooleanSearch.php, Search.php), or why it cannot be written so. Unquoted, `OR`
    /// (any case, between word boundaries), parentheses and a leading `-` or `!` are operators —
    /// `intitle:do-or-die` is `(intitle:do-) OR (-die)` — so a title or author needle always goes
    /// in double quotes (which keep `OR` in one search) with its parentheses escaped (`\(`, which
    /// Search.php unescapes). `inurl:` takes no quotes: its needle must be one word without `OR`.
    /// Some needles no form protects stay local: a `"` or a `\` (no escape for them), an operator
    /// keyword such as `date:` or a `#` (matched anywhere, quotes or not), `&quot;` (decoded
    /// first), and runs of spaces (collapsed). FreshRSS compares with `stripos` against its
    /// HTML-escaped title, author and link, folding only ASCII case: a needle with `&`, `<`, `>`,
    /// `'` or a character outside printable ASCII would not match what Lector's `contains` matches.
    static func freshRSSValue(_ needle: String, field: FilterExpression.TextField) -> Result<String, ServerRuleCompiler.Reason> {
        guard !needle.isEmpty, needle.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) else {
            return .failure(ServerRuleCompiler.Reason(text: "FreshRSS folds only ASCII case and compares with its HTML-escaped text: a 'contains' needle must be printable ASCII there"))
        }
        if let bad = needle.first(where: { "\"\\&<>'#".contains($0) }) {
            return .failure(ServerRuleCompiler.Reason(text: "FreshRSS's search cannot say a needle holding '\(bad)' as Lector means it"))
        }
        if needle.hasPrefix(" ") || needle.hasSuffix(" ") || needle.contains("  ") {
            return .failure(ServerRuleCompiler.Reason(text: "FreshRSS's search collapses and trims spaces in a needle"))
        }
        if holdsFreshRSSKeyword(needle) {
            return .failure(ServerRuleCompiler.Reason(text: "FreshRSS's search reads an operator (such as 'date:' or 'e:') inside the needle even in quotes"))
        }
        if field == .url {
            if needle.contains(" ") || needle.contains("(") || needle.contains(")") || ServerRuleCompiler.holdsWord(needle, "or")
                || needle.hasPrefix("-") || needle.hasPrefix("!") {
                return .failure(ServerRuleCompiler.Reason(text: "FreshRSS's inurl: takes one unquoted word: no spaces, parentheses, 'or' or leading '-'"))
            }
            return .success(needle)
        }
        let escaped = String(needle.flatMap { "()".contains($0) ? ["\\", $0] : [$0] })
        return .success("\"" + escaped + "\"")
    }

    /// FreshRSS's operators that Search.php finds anywhere in a line (`\b` then the keyword).
    static let freshRSSKeywords = ["e", "f", "l", "s", "label", "labels", "intitle", "author", "inurl", "date", "pubdate", "userdate", "search"]

    /// True when `text` holds one of FreshRSS's operator keywords and a colon after a PCRE word
    /// boundary (ASCII; any case, which covers `S:` and `L:`).
    static func holdsFreshRSSKeyword(_ text: String) -> Bool {
        freshRSSKeywords.contains { ServerRuleCompiler.holdsWord(text, $0 + ":", boundaryAfter: false) }
    }
}

extension ServerRulePlacement {
    /// FreshRSS's `filtersActionRead`: one search a line; the server marks read what any matches.
    public static func freshRSSMarkRead(_ lines: [String]) -> ServerRulePlacement {
        .server(ServerFilter(name: "read filter", key: .markReadFilters, lines: lines))
    }
}
