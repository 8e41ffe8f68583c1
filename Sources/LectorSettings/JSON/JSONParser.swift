import FoundationEssentials
import LectorBasics

/// A strict RFC 8259 parser; written by hand because Foundation's reports neither position nor int/double.
/// It reads from a `JSONByteStream`, so besides parsing a whole text into a `JSONValue` it can walk a
/// large object or array a member at a time (`nextMember`, `nextElement`) holding one value at most.
struct JSONParser {
    private let stream: JSONByteStream
    static let maxDepth = 128
    static let emptyReason = "the file is empty"

    static func parse(_ data: Data) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(.bytes(data))
        try parser.beginDocument()
        let value = try parser.parseValue(depth: 0)
        try parser.endDocument()
        return value
    }

    /// A parser at `start` of `source` (the start of the text by default).
    init(_ source: JSONSource, from start: JSONPosition = JSONPosition()) {
        stream = JSONByteStream(source, from: start)
    }

    /// The place of the next byte.
    var position: JSONPosition { stream.position }
    /// The file could not be read to its end.
    var readFailed: Bool { stream.readFailed }

    /// Skips a byte-order mark and whitespace; an empty text is an error.
    mutating func beginDocument() throws(JSONParseError) {
        if stream.peek() == 0xEF, stream.peek(1) == 0xBB, stream.peek(2) == 0xBF { for _ in 0..<3 { stream.advance() } }
        skipWhitespace()
        if peek() == nil { throw failure(Self.emptyReason, atEnd: true) }
    }

    /// Only whitespace may follow the value.
    mutating func endDocument() throws(JSONParseError) {
        skipWhitespace()
        if peek() != nil { throw failure("unexpected text after the end of the JSON value") }
    }

    /// The first byte of the next value, after whitespace.
    mutating func nextByte() -> UInt8? {
        skipWhitespace()
        return peek()
    }

    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth < Self.maxDepth else { throw failure("nesting deeper than \(Self.maxDepth) levels") }
        guard let byte = peek() else { throw failure("expected a value", atEnd: true) }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("expected a value but found \(describeToken())")
        }
    }

    /// Walks past a value a member or element at a time, holding no more than one string.
    mutating func skipValue(depth: Int) throws(JSONParseError) {
        guard depth < Self.maxDepth else { throw failure("nesting deeper than \(Self.maxDepth) levels") }
        switch peek() {
        case UInt8(ascii: "{"):
            var keys = Set<String>()
            try beginObject()
            while try nextMember(seen: &keys) != nil { try skipValue(depth: depth + 1) }
        case UInt8(ascii: "["):
            var count = 0
            try beginArray()
            while try nextElement(&count) { try skipValue(depth: depth + 1) }
        default:
            _ = try parseValue(depth: depth)
        }
    }

    // MARK: - Walking an object or array a member at a time

    /// Past the opening brace (the parser is at it).
    mutating func beginObject() throws(JSONParseError) {
        stream.advance()
    }

    /// The next member's name, with the parser at its value; nil after the closing brace.
    /// `keys`: the names seen so far in this object (none: the first member, no comma before it).
    mutating func nextMember(seen keys: inout Set<String>) throws(JSONParseError) -> String? {
        skipWhitespace()
        if keys.isEmpty {
            if peek() == UInt8(ascii: "}") { stream.advance(); return nil }
        } else {
            guard let next = peek() else { throw failure("expected ',' or '}'", atEnd: true) }
            guard next == UInt8(ascii: ",") || next == UInt8(ascii: "}") else { throw failure("expected ',' or '}' but found \(describe(next))") }
            stream.advance()
            if next == UInt8(ascii: "}") { return nil }
            skipWhitespace()
        }
        guard let byte = peek() else { throw failure("expected a member name", atEnd: true) }
        guard byte == UInt8(ascii: "\"") else { throw failure("expected a quoted member name but found \(describe(byte))") }
        let keyStart = position
        let key = try parseString()
        guard keys.insert(key).inserted else { throw failure("duplicate member name '\(key)'", at: keyStart) }
        skipWhitespace()
        try expect(UInt8(ascii: ":"), "expected ':' after a member name")
        skipWhitespace()
        return key
    }

    /// Past the opening bracket (the parser is at it).
    mutating func beginArray() throws(JSONParseError) {
        stream.advance()
    }

    /// Whether another element follows, with the parser at it; false after the closing bracket.
    /// `count`: the elements seen so far in this array, counted here.
    mutating func nextElement(_ count: inout Int) throws(JSONParseError) -> Bool {
        skipWhitespace()
        if count == 0 {
            if peek() == UInt8(ascii: "]") { stream.advance(); return false }
            count += 1
            return true
        }
        guard let next = peek() else { throw failure("expected ',' or ']'", atEnd: true) }
        guard next == UInt8(ascii: ",") || next == UInt8(ascii: "]") else { throw failure("expected ',' or ']' but found \(describe(next))") }
        stream.advance()
        if next == UInt8(ascii: "]") { return false }
        skipWhitespace()
        count += 1
        return true
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        var members: [String: JSONValue] = [:]
        var keys = Set<String>()
        try beginObject()
        while let key = try nextMember(seen: &keys) { members[key] = try parseValue(depth: depth + 1) }
        return .object(members)
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        var elements: [JSONValue] = []
        var count = 0
        try beginArray()
        while try nextElement(&count) { elements.append(try parseValue(depth: depth + 1)) }
        return .array(elements)
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        stream.advance()
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush(_ run: inout [UInt8], into scalars: inout String.UnicodeScalarView) {
            if !run.isEmpty { scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars); run.removeAll(keepingCapacity: true) }
        }
        while true {
            guard let byte = peek() else { throw failure("unterminated string", atEnd: true) }
            switch byte {
            case UInt8(ascii: "\""):
                stream.advance()
                flush(&run, into: &scalars)
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(&run, into: &scalars)
                stream.advance()
                scalars.append(try parseEscape())
            case 0..<0x20:
                throw failure("control character in a string (escape it)")
            default:
                run.append(byte)
                stream.advance()
            }
        }
    }

    private mutating func parseEscape() throws(JSONParseError) -> Unicode.Scalar {
        guard let byte = peek() else { throw failure("unterminated escape", atEnd: true) }
        switch byte {
        case UInt8(ascii: "\""): stream.advance(); return "\""
        case UInt8(ascii: "\\"): stream.advance(); return "\\"
        case UInt8(ascii: "/"): stream.advance(); return "/"
        case UInt8(ascii: "b"): stream.advance(); return "\u{08}"
        case UInt8(ascii: "f"): stream.advance(); return "\u{0C}"
        case UInt8(ascii: "n"): stream.advance(); return "\n"
        case UInt8(ascii: "r"): stream.advance(); return "\r"
        case UInt8(ascii: "t"): stream.advance(); return "\t"
        case UInt8(ascii: "u"):
            stream.advance()
            let high = try parseHex4()
            if (0xD800..<0xDC00).contains(high) {
                guard peek() == UInt8(ascii: "\\"), stream.peek(1) == UInt8(ascii: "u") else {
                    throw failure("unpaired surrogate in \\u escape")
                }
                stream.advance()
                stream.advance()
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate in \\u escape") }
                let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                return Unicode.Scalar(combined) ?? "\u{FFFD}"
            }
            guard let scalar = Unicode.Scalar(high) else { throw failure("unpaired surrogate in \\u escape") }
            return scalar
        default:
            throw failure("invalid escape \\\(describe(byte))")
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek() else { throw failure("incomplete \\u escape", atEnd: true) }
            guard let digit = hexDigit(byte) else { throw failure("invalid hex digit in \\u escape") }
            value = value * 16 + digit
            stream.advance()
        }
        return value
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        var text: [UInt8] = []
        func take() { if let byte = peek() { text.append(byte); stream.advance() } }
        func takeDigits() { while let byte = peek(), isDigit(byte) { take() } }
        var isInteger = true
        if peek() == UInt8(ascii: "-") { take() }
        guard let first = peek() else { throw failure("incomplete number", atEnd: true) }
        guard isDigit(first) else { throw failure("expected a digit but found \(describe(first))") }
        if first == UInt8(ascii: "0") {
            take()
            if let next = peek(), isDigit(next) { throw failure("leading zeros are not allowed in numbers") }
        } else {
            takeDigits()
        }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            take()
            guard let next = peek() else { throw failure("incomplete number", atEnd: true) }
            guard isDigit(next) else { throw failure("expected a digit after '.'") }
            takeDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            take()
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { take() }
            guard let next = peek() else { throw failure("incomplete number", atEnd: true) }
            guard isDigit(next) else { throw failure("expected a digit in the exponent") }
            takeDigits()
        }
        let number = String(decoding: text, as: UTF8.self)
        if isInteger, let value = Int(number) { return .int(value) }
        guard let value = Double(number), value.isFinite else { throw failure("number out of range", at: start) }
        return .double(value)
    }

    // MARK: - Small helpers

    private func peek() -> UInt8? { stream.peek() }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { stream.advance() }
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private mutating func expect(_ byte: UInt8, _ reason: String) throws(JSONParseError) {
        guard let found = peek() else { throw failure(reason, atEnd: true) }
        guard found == byte else { throw failure("\(reason) but found \(describe(found))") }
        stream.advance()
    }

    private mutating func expectLiteral(_ literal: String) throws(JSONParseError) {
        let start = position
        var consumed: [UInt8] = []
        for expected in literal.utf8 {
            guard let found = peek() else { throw failure("incomplete '\(literal)'", atEnd: true) }
            guard found == expected else {
                throw failure("expected a value but found \(describeToken(after: consumed))", at: start)
            }
            consumed.append(found)
            stream.advance()
        }
    }

    /// The word starting here ('format', 'tru'), so a message shows what was actually written;
    /// `consumed`: the letters of it already read.
    private func describeToken(after consumed: [UInt8] = []) -> String {
        var word = consumed
        while word.count < 20, let byte = stream.peek(word.count - consumed.count), byte < 0x80, Character(Unicode.Scalar(byte)).isLetter {
            word.append(byte)
        }
        guard !word.isEmpty else { return peek().map(describe) ?? "the end" }
        return "'" + String(decoding: word, as: UTF8.self) + "'"
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(zeroPadded: byte, radix: 16, width: 2, uppercase: true)
    }

    /// The error at the current position, or at `place`.
    func failure(_ reason: String, atEnd: Bool = false, at place: JSONPosition? = nil) -> JSONParseError {
        let where_ = place ?? position
        return JSONParseError(line: where_.line, column: where_.column, offset: where_.offset, reason: reason, reachedEnd: atEnd)
    }
}
