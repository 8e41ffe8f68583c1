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
        switch kind {
        case .miniflux: return miniflux(filter, action: action)
        case .freshrss: return freshRSS(filter, action: action)
        case .local: return .local("Lector is this account's server")
        case .fever, .feedbin: return .local("\(kind.rawValue)'s API has no filters")
        }
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
            if pattern.contains("\\<") || pattern.contains("\\>") || pattern.contains("\n") {
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
                guard !needle.contains("\""), !needle.contains("\n") else { return .local("FreshRSS's search cannot quote a '\"'") }
                let value = needle.contains(" ") ? "\"\(needle)\"" : needle
                words.append((positive ? "" : "!") + name + value)
            }
            lines.append(words.joined(separator: " "))
        }
        return .freshRSSMarkRead(lines)
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
