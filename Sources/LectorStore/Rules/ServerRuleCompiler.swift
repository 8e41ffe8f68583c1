import LectorBasics

/// Where a rule can run besides here: the form a server's own filters give it, or why it
/// stays local. Lector always runs its rules itself too; a server that has the rule acts on
/// entries while Lector is not running (docs/rules.md, "On the server").
public enum ServerRulePlacement: Sendable, Equatable {
    /// Miniflux's `block_filter_entry_rules`: one `Field=regex` a line; the server drops an entry any line matches.
    case minifluxBlock([String])
    /// Miniflux's `keep_filter_entry_rules`: the server keeps only entries a line matches.
    case minifluxKeep([String])
    /// FreshRSS's `filtersActionRead`: one search a line; the server marks read what any matches.
    case freshRSSMarkRead([String])
    /// Here only, and why.
    case local(String)

    /// The server's lines, or nil for a rule that stays local.
    public var lines: [String]? {
        switch self {
        case .minifluxBlock(let lines), .minifluxKeep(let lines), .freshRSSMarkRead(let lines): lines
        case .local: nil
        }
    }

    /// "block filter", "keep filter", "read filter", or "here only".
    public var name: String {
        switch self {
        case .minifluxBlock: "block filter"
        case .minifluxKeep: "keep filter"
        case .freshRSSMarkRead: "read filter"
        case .local: "here only"
        }
    }
}

/// Compiles a rule into a server's own filters where that server can say the same thing:
/// Miniflux's block and keep filters for a `hide` rule of `matches`, `contains` and `=` tests of
/// the title, address, content and author joined by `or` (keep: the same under one `not`);
/// FreshRSS's mark-as-read searches for a `read` rule of `contains` tests of the title, author
/// and address, with `and`, `or` and `not`. Everything else stays local, with the reason.
public enum ServerRuleCompiler {
    public static func placement(of expression: String, action: RuleAction, on kind: AccountKind) -> ServerRulePlacement {
        guard let filter = try? FilterParser.parse(expression) else { return .local("the filter does not parse") }
        let placement: ServerRulePlacement = switch kind {
        case .miniflux: miniflux(filter, action: action)
        case .freshrss: freshRSS(filter, action: action)
        case .local: .local("Lector is this account's server")
        case .fever, .feedbin: .local("\(kind.rawValue)'s API has no filters")
        case .ttrss: .local("TT-RSS's own filters are not reachable through its API: the rule runs here")
        }
        // A server splits its filter text into rules at every line break it knows (FreshRSS:
        // PHP's \R — CR, LF, CRLF, VT, FF, NEL, U+2028/9): one such break inside a test would
        // make one rule several server filters.
        if let lines = placement.lines, lines.contains(where: containsLineBreak) {
            return .local("a test holds a line break, which would split it into several server filters")
        }
        return placement
    }

    /// Every scalar PHP's `\R` (with /u) and Go's line handling treat as the end of a line.
    static let lineBreaks: Set<Unicode.Scalar> = ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]

    static func containsLineBreak(_ text: String) -> Bool {
        text.unicodeScalars.contains { lineBreaks.contains($0) }
    }

    // MARK: Miniflux

    static let minifluxFields: [FilterExpression.TextField: String] = [.title: "EntryTitle", .url: "EntryURL", .content: "EntryContent",
                                                                        .author: "EntryAuthor"]

    static func miniflux(_ filter: FilterExpression, action: RuleAction) -> ServerRulePlacement {
        guard action == .hide else { return .local("Miniflux's filters drop or keep entries: they cannot mark one read or star it") }
        var keep = false
        var body = filter
        if case .not(let inner) = filter { (keep, body) = (true, inner) }
        var lines: [String] = []
        for term in alternatives(body) {
            switch minifluxLine(term) {
            case .success(let line): lines.append(line)
            case .failure(let reason): return .local(reason.text)
            }
        }
        return keep ? .minifluxKeep(lines) : .minifluxBlock(lines)
    }

    struct Reason: Error { let text: String }

    static func minifluxLine(_ term: FilterExpression) -> Result<String, Reason> {
        guard case .text(let field, let test) = term else {
            return .failure(Reason(text: "Miniflux's filters are lines joined by 'or', each a test of one text: no 'and', 'not' inside, dates or flags"))
        }
        guard let name = minifluxFields[field] else { return .failure(Reason(text: "Miniflux's filters test no \(field.rawValue)")) }
        switch test {
        case .matches(let pattern):
            // RE2 has no \< and \>; a line is one rule.
            if pattern.contains("\\<") || pattern.contains("\\>") {
                return .failure(Reason(text: "Miniflux's regular expressions (RE2) have no \\< or \\>"))
            }
            return .success("\(name)=\(pattern)")
        case .contains(let needle):
            let words = needle.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
            guard !words.isEmpty, needle.allSatisfy({ $0.isASCII }) else {
                return .failure(Reason(text: "Miniflux cannot fold accents as 'contains' does"))
            }
            return .success("\(name)=(?i)\\b" + words.joined(separator: "\\W+") + "\\b")
        case .equals(let text, let equal):
            guard equal else { return .failure(Reason(text: "Miniflux's regular expressions (RE2) cannot say '!='")) }
            return .success("\(name)=(?i)^" + escaped(text) + "$")
        }
    }

    static func escaped(_ text: String) -> String {
        String(text.flatMap { "\\.+*?()|[]{}^$".contains($0) ? ["\\", $0] : [$0] })
    }

    /// The terms of an `or` chain.
    static func alternatives(_ filter: FilterExpression) -> [FilterExpression] {
        if case .or(let left, let right) = filter { return alternatives(left) + alternatives(right) }
        return [filter]
    }

    // MARK: FreshRSS

    static let freshRSSOperators: [FilterExpression.TextField: String] = [.title: "intitle:", .author: "author:", .url: "inurl:"]

    static func freshRSS(_ filter: FilterExpression, action: RuleAction) -> ServerRulePlacement {
        guard action == .read else { return .local("FreshRSS's filter actions only mark articles read") }
        guard let clauses = disjunctiveForm(filter), clauses.count <= 20 else {
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
    static func freshRSSValue(_ needle: String, field: FilterExpression.TextField) -> Result<String, Reason> {
        guard !needle.isEmpty, needle.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) else {
            return .failure(Reason(text: "FreshRSS folds only ASCII case and compares with its HTML-escaped text: a 'contains' needle must be printable ASCII there"))
        }
        if let bad = needle.first(where: { "\"\\&<>'#".contains($0) }) {
            return .failure(Reason(text: "FreshRSS's search cannot say a needle holding '\(bad)' as Lector means it"))
        }
        if needle.hasPrefix(" ") || needle.hasSuffix(" ") || needle.contains("  ") {
            return .failure(Reason(text: "FreshRSS's search collapses and trims spaces in a needle"))
        }
        if holdsFreshRSSKeyword(needle) {
            return .failure(Reason(text: "FreshRSS's search reads an operator (such as 'date:' or 'e:') inside the needle even in quotes"))
        }
        if field == .url {
            if needle.contains(" ") || needle.contains("(") || needle.contains(")") || holdsWord(needle, "or")
                || needle.hasPrefix("-") || needle.hasPrefix("!") {
                return .failure(Reason(text: "FreshRSS's inurl: takes one unquoted word: no spaces, parentheses, 'or' or leading '-'"))
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
        freshRSSKeywords.contains { holdsWord(text, $0 + ":", boundaryAfter: false) }
    }

    /// True when `text` holds `word` (ASCII, any case) with a PCRE `\b` before it and, when
    /// `boundaryAfter`, after it: BooleanSearch.php's `/\b(OR)\b/i` for "or".
    static func holdsWord(_ text: String, _ word: String, boundaryAfter: Bool = true) -> Bool {
        let bytes = Array(text.lowercased().utf8)
        let target = Array(word.lowercased().utf8)
        func isWord(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F
        }
        guard bytes.count >= target.count else { return false }
        for start in 0...(bytes.count - target.count) where Array(bytes[start..<start + target.count]) == target {
            let before = start == 0 || !isWord(bytes[start - 1])
            let end = start + target.count
            let after = !boundaryAfter || end == bytes.count || !isWord(bytes[end])
            if before && after { return true }
        }
        return false
    }

    /// The filter as an `or` of `and`s of tests, each test possibly negated; nil when it is not
    /// one without rewriting a negated `and` or `or`.
    static func disjunctiveForm(_ filter: FilterExpression) -> [[(FilterExpression, Bool)]]? {
        switch filter {
        case .or(let left, let right):
            guard let l = disjunctiveForm(left), let r = disjunctiveForm(right) else { return nil }
            return l + r
        case .and(let left, let right):
            guard let l = disjunctiveForm(left), let r = disjunctiveForm(right) else { return nil }
            return l.flatMap { a in r.map { b in a + b } }
        case .not(let inner):
            if case .text = inner { return [[(inner, false)]] }
            return nil
        default:
            return [[(filter, true)]]
        }
    }
}
