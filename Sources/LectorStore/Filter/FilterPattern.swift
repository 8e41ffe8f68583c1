import Glibc

/// A `matches` pattern: a POSIX extended regular expression as glibc reads it in the C locale
/// (with its GNU extensions `\b`, `\w`, `\s`, `\<`, `\>`), over the text's bytes; a leading `(?i)`
/// makes it ignore the case of ASCII letters. Read by `PatternSyntax`, compiled by
/// `PatternProgram` and run by `PatternMatcher`, Lector's own matcher, whose time is linear in the
/// text and whose memory is bounded: glibc's (used before) took 4 GB to compile a repetition bomb
/// and minutes to match some patterns, and backtracked without bound on a back-reference.
final class FilterPattern {
    let matcher: PatternMatcher
    /// Bytes every match contains (`PatternLiteral`), NUL-terminated for `strstr`.
    private let literal: [CChar]?

    /// Compiles `pattern`; throws why it is not a regular expression or exceeds Lector's bounds.
    init(_ pattern: String) throws(FilterPatternError) {
        var body = Substring(pattern)
        let ignoringCase = body.hasPrefix("(?i)")
        if ignoringCase { body = body.dropFirst(4) }
        let tree = try PatternSyntax.parse(Array(body.utf8), ignoringCase: ignoringCase)
        matcher = PatternMatcher(try PatternProgram(tree))
        literal = PatternLiteral.required(in: String(body), ignoringCase: ignoringCase).map { $0.map(CChar.init(bitPattern:)) + [0] }
    }

    /// Whether the pattern is found in a NUL-terminated text.
    func isFound(in text: UnsafePointer<CChar>) -> Bool {
        if let literal, strstr(text, literal) == nil { return false }
        return isFoundByMatcher(in: text)
    }

    /// The matcher's answer alone, without the literal's (for the test that the two agree).
    func isFoundByMatcher(in text: UnsafePointer<CChar>) -> Bool {
        matcher.isFound(in: text)
    }

    /// The literal every match contains, if one was found.
    var requiredLiteral: String? { literal.map { String(decoding: $0.dropLast().map(UInt8.init(bitPattern:)), as: UTF8.self) } }
}
