import LectorBasics

/// Reads a filter's text (docs/rules.md):
///
///     filter  := or
///     or      := and ("or" and)*
///     and     := unary ("and" unary)*
///     unary   := "not" unary | "(" or ")" | test
///     test    := TEXTFIELD ("contains" | "matches" | "=" | "!=") VALUE
///              | "published" ("<" | ">") DATE | "age" ("<" | ">") AGE
///              | FLAG [("=" | "!=") ("true" | "false")]
///
/// Words are matched without regard to case. A mistake is one `FilterError` at the column of the
/// word that does not fit, with the nearest word that would.
///
/// The parser calls itself for each `(` and `not`, and what reads a filter after it (SQL, the
/// rule sweep) walks the tree it makes: a filter nested deeper than `maximumNesting`, or with
/// more than `maximumTests` tests, is refused — some thousands of `(` crashed the stack.
public struct FilterParser {
    /// `(` and `not` inside one another; no filter a person writes comes near.
    public static let maximumNesting = 100
    /// Tests joined by `and` and `or` make a tree as deep as they are many.
    public static let maximumTests = 250
    /// Groups of `and`, groups of `or` and `not` inside one another, as the filter's SQL nests
    /// them (a run of one connective is one group): SQLite's parser refuses some 27 (a "parser
    /// stack overflow"), whatever the parentheses say.
    public static let maximumDepth = 20

    private let tokens: [FilterToken]
    private var position = 0

    public static func parse(_ text: String) throws(FilterError) -> FilterExpression {
        var parser = FilterParser(tokens: try FilterLexer.tokens(text))
        if case .end = parser.current.kind { throw FilterError(column: 1, "the filter is empty: write a test such as title contains \"word\"") }
        let expression = try parser.or()
        guard case .end = parser.current.kind else {
            throw parser.unexpected(expecting: ["and", "or"] + (parser.depth > 0 ? [")"] : []), what: "'and', 'or' or the end")
        }
        guard depth(of: expression) <= maximumDepth else {
            throw FilterError(column: 1, "the filter nests groups of 'and', 'or' and 'not' more than \(maximumDepth) deep: "
                              + "write it flatter, or split it into several rules or searches")
        }
        return expression
    }

    /// How deep `and` groups, `or` groups and `not` nest in `expression`, a run of one connective
    /// counting once (as `FilterSQL` writes it).
    static func depth(of expression: FilterExpression) -> Int {
        switch expression {
        case .and, .or: 1 + FilterSQL.Builder.operands(of: expression).map(depth(of:)).max()!
        case .not(let inner): 1 + depth(of: inner)
        default: 0
        }
    }

    private init(tokens: [FilterToken]) {
        self.tokens = tokens
    }

    private var depth = 0
    /// `(` and `not` open around the current token.
    private var nesting = 0
    private var testCount = 0
    private var current: FilterToken { tokens[position] }

    private mutating func nest() throws(FilterError) {
        nesting += 1
        guard nesting <= Self.maximumNesting else {
            throw FilterError(column: current.column, "the filter nests '(' and 'not' more than \(Self.maximumNesting) deep")
        }
    }

    private mutating func advance() -> FilterToken {
        defer { position = min(position + 1, tokens.count - 1) }
        return tokens[position]
    }

    /// The current token as a lower-cased bare word, if it is one.
    private var word: String? {
        if case .word(let word) = current.kind { return word.lowercased() }
        return nil
    }

    private func isSymbol(_ symbol: String) -> Bool { current.kind == .symbol(symbol) }

    private mutating func or() throws(FilterError) -> FilterExpression {
        var expression = try and()
        while word == "or" {
            _ = advance()
            expression = .or(expression, try and())
        }
        return expression
    }

    private mutating func and() throws(FilterError) -> FilterExpression {
        var expression = try unary()
        while word == "and" {
            _ = advance()
            expression = .and(expression, try unary())
        }
        return expression
    }

    private mutating func unary() throws(FilterError) -> FilterExpression {
        if word == "not" {
            try nest()
            _ = advance()
            let inner = try unary()
            nesting -= 1
            return .not(inner)
        }
        if isSymbol("(") {
            try nest()
            _ = advance()
            depth += 1
            let inner = try or()
            guard isSymbol(")") else { throw unexpected(expecting: ["and", "or", ")"], what: "'and', 'or' or ')'") }
            depth -= 1
            nesting -= 1
            _ = advance()
            return inner
        }
        testCount += 1
        guard testCount <= Self.maximumTests else {
            throw FilterError(column: current.column, "the filter has more than \(Self.maximumTests) tests: split it into several rules or searches")
        }
        return try test()
    }

    private mutating func test() throws(FilterError) -> FilterExpression {
        let fieldToken = current
        guard let name = word else {
            throw unexpected(expecting: FilterExpression.fieldNames + ["not"], what: "a field (\(FilterExpression.fieldNames.joined(separator: ", "))), 'not' or '('")
        }
        if let field = FilterExpression.TextField(rawValue: name) {
            _ = advance()
            return .text(field, try textTest(field))
        }
        if let flag = FilterExpression.FlagField(rawValue: name) {
            _ = advance()
            return .flag(flag, try flagValue(flag))
        }
        guard name == "published" || name == "age" else {
            throw FilterError(column: fieldToken.column, "unknown field '\(name)'",
                              suggestion: NearestMatch.best(for: name, among: FilterExpression.fieldNames + ["not"]))
        }
        _ = advance()
        let order = try self.order(name)
        let valueToken = advance()
        guard case .word(let value) = valueToken.kind else {
            throw FilterError(column: valueToken.column, name == "age" ? "expected an age such as 30d, 12h or 2w" : "expected a date such as 2024-01-01")
        }
        if name == "age" {
            guard let seconds = FilterValues.age(value) else {
                throw FilterError(column: valueToken.column, "'\(value)' is not an age: write a number and m, h, d or w (30d, 12h, 2w)")
            }
            return .age(order, seconds)
        }
        guard let time = FilterValues.date(value) else {
            throw FilterError(column: valueToken.column, "'\(value)' is not a date: write 2024-01-01 or 2024-01-01T08:30:00Z (UTC)")
        }
        return .published(order, time)
    }

    private mutating func order(_ field: String) throws(FilterError) -> FilterExpression.Order {
        let token = current
        if case .symbol(let symbol) = token.kind, let order = FilterExpression.Order(rawValue: symbol) {
            _ = advance()
            return order
        }
        throw FilterError(column: token.column, "\(field) is compared with '<' or '>', not \(token.shown)")
    }

    private mutating func textTest(_ field: FilterExpression.TextField) throws(FilterError) -> FilterExpression.TextTest {
        let operatorToken = advance()
        let expected = "\(field.rawValue) takes contains, matches, = or !="
        let test: String
        switch operatorToken.kind {
        case .word(let word) where ["contains", "matches"].contains(word.lowercased()): test = word.lowercased()
        case .symbol(let symbol) where symbol == "=" || symbol == "!=": test = symbol
        case .word(let word):
            throw FilterError(column: operatorToken.column, "unknown operator '\(word)': \(expected)",
                              suggestion: NearestMatch.best(for: word, among: ["contains", "matches"]))
        default:
            throw FilterError(column: operatorToken.column, "\(expected), not \(operatorToken.shown)")
        }
        let valueToken = advance()
        let value: String
        switch valueToken.kind {
        case .string(let text): value = text
        case .word(let text): value = text
        default: throw FilterError(column: valueToken.column, "expected a word or a quoted string after \(test), not \(valueToken.shown)")
        }
        switch test {
        case "contains":
            guard !FTS5Query.words(in: value).isEmpty else {
                throw FilterError(column: valueToken.column, "contains needs a word to look for, not only spaces or punctuation")
            }
            return .contains(value)
        case "matches":
            do { _ = try FilterPattern(value) } catch {
                throw FilterError(column: valueToken.column, error.isBound ? "a regular expression Lector does not run: \(error)"
                                                                           : "not a regular expression: \(error)")
            }
            return .matches(value)
        default:
            return .equals(value, equal: test == "=")
        }
    }

    private mutating func flagValue(_ flag: FilterExpression.FlagField) throws(FilterError) -> Bool {
        guard isSymbol("=") || isSymbol("!=") else { return true }
        let equal = advance().kind == .symbol("=")
        let valueToken = advance()
        guard case .word(let value) = valueToken.kind, ["true", "false"].contains(value.lowercased()) else {
            let typed: String = if case .word(let value) = valueToken.kind { value } else { "" }
            throw FilterError(column: valueToken.column, "\(flag.rawValue) is true or false, not \(valueToken.shown)",
                              suggestion: NearestMatch.best(for: typed, among: ["true", "false"]))
        }
        return (value.lowercased() == "true") == equal
    }

    /// The error for a token that is none of what may come here.
    private func unexpected(expecting words: [String], what: String) -> FilterError {
        let token = current
        var suggestion: String?
        if case .word(let typed) = token.kind { suggestion = NearestMatch.best(for: typed, among: words) }
        return FilterError(column: token.column, "expected \(what), not \(token.shown)", suggestion: suggestion)
    }
}
