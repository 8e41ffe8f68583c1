/// A `matches` pattern read into a tree: POSIX extended regular expressions as glibc's `regcomp`
/// reads them with `REG_EXTENDED` in the C locale (bytes, not characters), with its GNU escapes
/// `\w \W \s \S \b \B \< \> \` \'`. Two things glibc takes are refused, each with one line:
/// back-references (`\1`–`\9`), whose matching can take time exponential in the text's length,
/// and groups nested deeper than `maximumDepth`. The size of what repetitions make is bounded
/// where the tree is compiled (`PatternProgram`).
indirect enum PatternNode {
    /// One byte of the set: a literal, `.`, a bracket expression, `\w`, `\s`.
    case byte(ByteSet)
    /// A test of the bytes around the current place, which consumes none.
    case assertion(PatternAssertion)
    case sequence([PatternNode])
    case alternation([PatternNode])
    /// `min` to `max` times (`max` nil: no upper bound).
    case repetition(PatternNode, min: Int, max: Int?)
}

/// The zero-width tests: `^` and `` \` `` (the text's start — without `REG_NEWLINE`, glibc's `^`
/// is no line start), `$` and `\'` (its end), and the word tests of `\b \B \< \>`.
enum PatternAssertion {
    case textStart, textEnd, wordBoundary, notWordBoundary, wordStart, wordEnd
}

/// A set of bytes, one bit each.
struct ByteSet: Hashable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    static func == (a: ByteSet, b: ByteSet) -> Bool { a.words == b.words }
    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0); hasher.combine(words.1); hasher.combine(words.2); hasher.combine(words.3)
    }

    func contains(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    mutating func insert(where test: (UInt8) -> Bool) {
        for byte in UInt8.min...UInt8.max where test(byte) { insert(byte) }
    }

    /// Every byte but these and NUL (which ends a C string and is never in a text).
    var inverted: ByteSet {
        var set = ByteSet()
        set.words = (~words.0 & ~1, ~words.1, ~words.2, ~words.3)
        return set
    }

    /// With both cases of every ASCII letter in it (glibc's `REG_ICASE` in the C locale).
    var foldingASCIICase: ByteSet {
        var set = self
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") where contains(byte) || contains(byte | 0x20) {
            set.insert(byte)
            set.insert(byte | 0x20)
        }
        return set
    }

    /// glibc's word characters in the C locale: ASCII letters, digits and `_`.
    static func isWord(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x5F
    }
}

/// Why a pattern is not taken: glibc's own wording where glibc refuses it too; `isBound` when it
/// is one glibc would take but that exceeds what Lector runs.
struct FilterPatternError: Error, CustomStringConvertible {
    let message: String
    var isBound = false
    var description: String { message }
}

struct PatternSyntax {
    /// Groups in groups deeper than this are refused: glibc reads a pattern recursively and
    /// some thousands of `(` exhaust its stack; no readable pattern needs more.
    static let maximumDepth = 32
    /// glibc's largest count in `{m,n}` (RE_DUP_MAX).
    static let maximumCount = 0x7FFF

    private let bytes: [UInt8]
    private let ignoringCase: Bool
    private var index = 0

    /// The tree of `pattern`, or the reason it is not one.
    static func parse(_ pattern: [UInt8], ignoringCase: Bool) throws(FilterPatternError) -> PatternNode {
        var syntax = PatternSyntax(bytes: pattern, ignoringCase: ignoringCase)
        return try syntax.alternation(depth: 0)
    }

    private init(bytes: [UInt8], ignoringCase: Bool) {
        self.bytes = bytes
        self.ignoringCase = ignoringCase
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func alternation(depth: Int) throws(FilterPatternError) -> PatternNode {
        var branches = [try branch(depth: depth)]
        while current == UInt8(ascii: "|") {
            index += 1
            branches.append(try branch(depth: depth))
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func branch(depth: Int) throws(FilterPatternError) -> PatternNode {
        var items: [PatternNode] = []
        while let byte = current, byte != UInt8(ascii: "|"), !(byte == UInt8(ascii: ")") && depth > 0) {
            var item = try atom(depth: depth)
            while let quantified = try quantifier(of: item) { item = quantified }
            items.append(item)
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    private mutating func atom(depth: Int) throws(FilterPatternError) -> PatternNode {
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "{"):
            throw FilterPatternError(message: "invalid preceding regular expression")
        case UInt8(ascii: "("):
            guard depth < Self.maximumDepth else {
                throw FilterPatternError(message: "groups are nested more than \(Self.maximumDepth) deep", isBound: true)
            }
            let inner = try alternation(depth: depth + 1)
            guard current == UInt8(ascii: ")") else { throw FilterPatternError(message: "unmatched ( or \\(") }
            index += 1
            return inner
        case UInt8(ascii: "."): return .byte(ByteSet().inverted)
        case UInt8(ascii: "^"): return .assertion(.textStart)
        case UInt8(ascii: "$"): return .assertion(.textEnd)
        case UInt8(ascii: "["): return .byte(try bracket())
        case UInt8(ascii: "\\"): return try escape()
        default: return literal(byte)
        }
    }

    private func literal(_ byte: UInt8) -> PatternNode {
        var set = ByteSet()
        set.insert(byte)
        return .byte(ignoringCase ? set.foldingASCIICase : set)
    }

    private mutating func escape() throws(FilterPatternError) -> PatternNode {
        guard let byte = current else { throw FilterPatternError(message: "trailing backslash") }
        index += 1
        var set = ByteSet()
        switch byte {
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            throw FilterPatternError(message: "back-references (\\1 to \\9) are not taken: matching one can take time that grows "
                                     + "exponentially with the text", isBound: true)
        case UInt8(ascii: "w"), UInt8(ascii: "W"):
            set.insert(where: ByteSet.isWord)
            return .byte(byte == UInt8(ascii: "w") ? set : set.inverted)
        case UInt8(ascii: "s"), UInt8(ascii: "S"):
            set.insert(where: Self.isSpace)
            return .byte(byte == UInt8(ascii: "s") ? set : set.inverted)
        case UInt8(ascii: "b"): return .assertion(.wordBoundary)
        case UInt8(ascii: "B"): return .assertion(.notWordBoundary)
        case UInt8(ascii: "<"): return .assertion(.wordStart)
        case UInt8(ascii: ">"): return .assertion(.wordEnd)
        case UInt8(ascii: "`"): return .assertion(.textStart)
        case UInt8(ascii: "'"): return .assertion(.textEnd)
        default: return literal(byte)
        }
    }

    /// `*`, `+`, `?` or a valid `{m}`, `{m,}`, `{m,n}`, `{,n}` after an atom; nil when none follows.
    private mutating func quantifier(of item: PatternNode) throws(FilterPatternError) -> PatternNode? {
        switch current {
        case UInt8(ascii: "*"): index += 1; return .repetition(item, min: 0, max: nil)
        case UInt8(ascii: "+"): index += 1; return .repetition(item, min: 1, max: nil)
        case UInt8(ascii: "?"): index += 1; return .repetition(item, min: 0, max: 1)
        case UInt8(ascii: "{"):
            index += 1
            let low = number()
            var high = low
            if current == UInt8(ascii: ",") {
                index += 1
                high = number()
            } else if low == nil {
                throw FilterPatternError(message: current == nil ? "unmatched \\{" : "invalid content of \\{\\}")
            }
            guard current == UInt8(ascii: "}") else {
                throw FilterPatternError(message: current == nil ? "unmatched \\{" : "invalid content of \\{\\}")
            }
            index += 1
            let minimum = low ?? 0
            if let high, high < minimum { throw FilterPatternError(message: "invalid content of \\{\\}") }
            guard minimum <= Self.maximumCount, (high ?? 0) <= Self.maximumCount else {
                throw FilterPatternError(message: "regular expression too big")
            }
            return .repetition(item, min: minimum, max: high)
        default: return nil
        }
    }

    /// Decimal digits, capped past any count glibc takes; nil when there are none.
    private mutating func number() -> Int? {
        var value: Int?
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            value = min((value ?? 0) * 10 + Int(byte - UInt8(ascii: "0")), Self.maximumCount + 1)
            index += 1
        }
        return value
    }

    /// A bracket expression after its `[`: `^` first negates, `]` first is itself; classes
    /// `[:alpha:]`, one-byte equivalence classes `[=a=]` and collating symbols `[.a.]`; ranges by
    /// byte value; a backslash is itself.
    private mutating func bracket() throws(FilterPatternError) -> ByteSet {
        let unmatched = FilterPatternError(message: "unmatched [, [^, [:, [., or [=")
        var set = ByteSet()
        let negated = current == UInt8(ascii: "^")
        if negated { index += 1 }
        var first = true
        while true {
            guard let byte = current else { throw unmatched }
            if byte == UInt8(ascii: "]") && !first { index += 1; break }
            first = false
            let start: UInt8
            if byte == UInt8(ascii: "["), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ":") {
                let name = try delimited(by: UInt8(ascii: ":"), unmatched: unmatched)
                guard let test = Self.characterClasses[String(decoding: name, as: UTF8.self)] else {
                    throw FilterPatternError(message: "invalid character class name")
                }
                set.insert(where: test)
                continue
            } else if byte == UInt8(ascii: "["), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "=") || bytes[index + 1] == UInt8(ascii: ".") {
                let name = try delimited(by: bytes[index + 1], unmatched: unmatched)
                guard name.count == 1 else { throw FilterPatternError(message: "invalid collation character") }
                start = name[name.startIndex]
            } else {
                start = byte
                index += 1
            }
            // A range: `-` that is not the last before `]`.
            if current == UInt8(ascii: "-"), index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "]") {
                index += 1
                let end: UInt8
                if current == UInt8(ascii: "["), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ".") {
                    let name = try delimited(by: UInt8(ascii: "."), unmatched: unmatched)
                    guard name.count == 1 else { throw FilterPatternError(message: "invalid collation character") }
                    end = name[name.startIndex]
                } else {
                    guard let byte = current else { throw unmatched }
                    end = byte
                    index += 1
                }
                guard start <= end else { throw FilterPatternError(message: "invalid range end") }
                for byte in start...end { set.insert(byte) }
            } else {
                set.insert(start)
            }
        }
        if ignoringCase { set = set.foldingASCIICase }
        return negated ? set.inverted : set
    }

    /// The name in `[:name:]` (or `[=x=]`, `[.x.]`), with the index moved past its close.
    private mutating func delimited(by mark: UInt8, unmatched: FilterPatternError) throws(FilterPatternError) -> ArraySlice<UInt8> {
        let start = index + 2
        var end = start
        while end + 1 < bytes.count, !(bytes[end] == mark && bytes[end + 1] == UInt8(ascii: "]")) { end += 1 }
        guard end + 1 < bytes.count else { throw unmatched }
        index = end + 2
        return bytes[start..<end]
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

    /// The C locale's classes.
    private static let characterClasses: [String: @Sendable (UInt8) -> Bool] = [
        "alpha": { $0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A },
        "upper": { $0 >= 0x41 && $0 <= 0x5A },
        "lower": { $0 >= 0x61 && $0 <= 0x7A },
        "digit": { $0 >= 0x30 && $0 <= 0x39 },
        "xdigit": { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) },
        "alnum": { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) },
        "space": isSpace,
        "blank": { $0 == 0x20 || $0 == 0x09 },
        "punct": { ($0 >= 0x21 && $0 <= 0x2F) || ($0 >= 0x3A && $0 <= 0x40) || ($0 >= 0x5B && $0 <= 0x60) || ($0 >= 0x7B && $0 <= 0x7E) },
        "print": { $0 >= 0x20 && $0 <= 0x7E },
        "graph": { $0 >= 0x21 && $0 <= 0x7E },
        "cntrl": { $0 < 0x20 || $0 == 0x7F },
    ]
}
