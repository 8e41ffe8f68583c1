import LectorBasics
import LectorStore

/// Where a rule can run besides here: the form a server's own filters give it, or why it
/// stays local. Lector always runs its rules itself too; a server that has the rule acts on
/// entries while Lector is not running (docs/rules.md, "On the server").
public enum ServerRulePlacement: Sendable, Equatable {
    /// Lines of one of the server's filters (a service's rule dialect says which).
    case server(ServerFilter)
    /// Here only, and why.
    case local(String)

    /// The server's lines, or nil for a rule that stays local.
    public var lines: [String]? {
        guard case .server(let filter) = self else { return nil }
        return filter.lines
    }

    /// The filter's name ("block filter", "read filter"), or "here only".
    public var name: String {
        guard case .server(let filter) = self else { return "here only" }
        return filter.name
    }

    /// The feed setting (or the user's filter) the lines go into; nil for a rule that stays local.
    public var key: FeedSettingKey? {
        guard case .server(let filter) = self else { return nil }
        return filter.key
    }
}

/// A rule as lines of a server's own filter: the feed setting that holds them (a key of
/// `FeedSettingKey`, per feed or among the user's own filters) and the filter's name for people.
public struct ServerFilter: Sendable, Equatable {
    public var name: String
    public var key: FeedSettingKey
    /// One a line: the server acts on an entry any line matches.
    public var lines: [String]

    public init(name: String, key: FeedSettingKey, lines: [String]) {
        self.name = name
        self.key = key
        self.lines = lines
    }
}

/// Compiles a rule into a server's own filters where that server can say the same thing: the
/// account's service says how (its rule dialect, `AccountService.rulePlacement`), in its folder.
/// Everything else stays local, with the reason.
public enum ServerRuleCompiler {
    public static func placement(of expression: String, action: RuleAction, on kind: AccountKind) -> ServerRulePlacement {
        guard let filter = try? FilterParser.parse(expression) else { return .local("the filter does not parse") }
        let placement = kind.service.rulePlacement(of: filter, action: action)
        // A server splits its filter text into rules at every line break it knows (PHP's \R — CR, LF, CRLF, VT, FF, NEL, U+2028/9): one such break inside a test would
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

    /// Why a test cannot be said in a server's dialect.
    struct Reason: Error { let text: String }

    static func escaped(_ text: String) -> String {
        String(text.flatMap { "\\.+*?()|[]{}^$".contains($0) ? ["\\", $0] : [$0] })
    }

    /// The terms of an `or` chain.
    static func alternatives(_ filter: FilterExpression) -> [FilterExpression] {
        if case .or(let left, let right) = filter { return alternatives(left) + alternatives(right) }
        return [filter]
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
