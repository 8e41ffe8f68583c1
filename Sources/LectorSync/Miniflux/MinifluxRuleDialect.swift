import LectorBasics
import LectorStore

/// Miniflux's filters as a rule dialect: a `hide` rule of `matches`, `contains` and `=` tests of
/// the title, address, content and author joined by `or` becomes the block filter's lines (keep:
/// the same under one `not`); anything else stays local, with the reason.
enum MinifluxRuleDialect {
    static let minifluxFields: [FilterExpression.TextField: String] = [.title: "EntryTitle", .url: "EntryURL", .content: "EntryContent",
                                                                        .author: "EntryAuthor"]

    static func placement(_ filter: FilterExpression, action: RuleAction) -> ServerRulePlacement {
        guard action == .hide else { return .local("Miniflux's filters drop or keep entries: they cannot mark one read or star it") }
        var keep = false
        var body = filter
        if case .not(let inner) = filter { (keep, body) = (true, inner) }
        var lines: [String] = []
        for term in ServerRuleCompiler.alternatives(body) {
            switch minifluxLine(term) {
            case .success(let line): lines.append(line)
            case .failure(let reason): return .local(reason.text)
            }
        }
        return keep ? .minifluxKeep(lines) : .minifluxBlock(lines)
    }

    static func minifluxLine(_ term: FilterExpression) -> Result<String, ServerRuleCompiler.Reason> {
        guard case .text(let field, let test) = term else {
            return .failure(ServerRuleCompiler.Reason(text: "Miniflux's filters are lines joined by 'or', each a test of one text: no 'and', 'not' inside, dates or flags"))
        }
        guard let name = minifluxFields[field] else { return .failure(ServerRuleCompiler.Reason(text: "Miniflux's filters test no \(field.rawValue)")) }
        switch test {
        case .matches(let pattern):
            // RE2 has no \< and \>; a line is one rule.
            if pattern.contains("\\<") || pattern.contains("\\>") {
                return .failure(ServerRuleCompiler.Reason(text: "Miniflux's regular expressions (RE2) have no \\< or \\>"))
            }
            return .success("\(name)=\(pattern)")
        case .contains(let needle):
            let words = needle.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
            guard !words.isEmpty, needle.allSatisfy({ $0.isASCII }) else {
                return .failure(ServerRuleCompiler.Reason(text: "Miniflux cannot fold accents as 'contains' does"))
            }
            return .success("\(name)=(?i)\\b" + words.joined(separator: "\\W+") + "\\b")
        case .equals(let text, let equal):
            guard equal else { return .failure(ServerRuleCompiler.Reason(text: "Miniflux's regular expressions (RE2) cannot say '!='")) }
            return .success("\(name)=(?i)^" + ServerRuleCompiler.escaped(text) + "$")
        }
    }
}

extension ServerRulePlacement {
    /// Miniflux's `block_filter_entry_rules`: one `Field=regex` a line; the server drops an entry any line matches.
    public static func minifluxBlock(_ lines: [String]) -> ServerRulePlacement {
        .server(ServerFilter(name: "block filter", key: .blockFilter, lines: lines))
    }

    /// Miniflux's `keep_filter_entry_rules`: the server keeps only entries a line matches.
    public static func minifluxKeep(_ lines: [String]) -> ServerRulePlacement {
        .server(ServerFilter(name: "keep filter", key: .keepFilter, lines: lines))
    }
}
