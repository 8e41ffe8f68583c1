import FoundationEssentials
import LectorBasics

/// A strict RFC 8259 parser; written by hand because Foundation's reports neither position nor int/double.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private static let maxDepth = 128
    static let emptyReason = "the file is empty"

    static func parse(_ data: Data) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: Array(data))
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        if parser.index >= parser.bytes.count {
            throw parser.failure(emptyReason, atEnd: true)
        }
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < parser.bytes.count {
            throw parser.failure("unexpected text after the end of the JSON value")
        }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
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

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard let byte = peek() else { throw failure("expected a member name", atEnd: true) }
            guard byte == UInt8(ascii: "\"") else { throw failure("expected a quoted member name but found \(describe(byte))") }
            let keyStart = index
            let key = try parseString()
            if members[key] != nil {
                index = keyStart
                throw failure("duplicate member name '\(key)'")
            }
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "expected ':' after a member name")
            skipWhitespace()
            members[key] = try parseValue(depth: depth + 1)
            skipWhitespace()
            guard let next = peek() else { throw failure("expected ',' or '}'", atEnd: true) }
            index += 1
            if next == UInt8(ascii: "}") { return .object(members) }
            guard next == UInt8(ascii: ",") else {
                index -= 1
                throw failure("expected ',' or '}' but found \(describe(next))")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard let next = peek() else { throw failure("expected ',' or ']'", atEnd: true) }
            index += 1
            if next == UInt8(ascii: "]") { return .array(elements) }
            guard next == UInt8(ascii: ",") else {
                index -= 1
                throw failure("expected ',' or ']' but found \(describe(next))")
            }
        }
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush(_ run: inout [UInt8], into scalars: inout String.UnicodeScalarView) {
            if !run.isEmpty { scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars); run.removeAll() }
        }
        while true {
            guard let byte = peek() else { throw failure("unterminated string", atEnd: true) }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                flush(&run, into: &scalars)
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(&run, into: &scalars)
                index += 1
                scalars.append(try parseEscape())
            case 0..<0x20:
                throw failure("control character in a string (escape it)")
            default:
                run.append(byte)
                index += 1
            }
        }
    }

    private mutating func parseEscape() throws(JSONParseError) -> Unicode.Scalar {
        guard let byte = peek() else { throw failure("unterminated escape", atEnd: true) }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4()
            if (0xD800..<0xDC00).contains(high) {
                guard peek() == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") else {
                    throw failure("unpaired surrogate in \\u escape")
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate in \\u escape") }
                let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                return Unicode.Scalar(combined) ?? "\u{FFFD}"
            }
            guard let scalar = Unicode.Scalar(high) else { throw failure("unpaired surrogate in \\u escape") }
            return scalar
        default:
            index -= 1
            throw failure("invalid escape \\\(describe(byte))")
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek() else { throw failure("incomplete \\u escape", atEnd: true) }
            guard let digit = hexDigit(byte) else { throw failure("invalid hex digit in \\u escape") }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        var isInteger = true
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek() else { throw failure("incomplete number", atEnd: true) }
        guard isDigit(first) else { throw failure("expected a digit but found \(describe(first))") }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = peek(), isDigit(next) { throw failure("leading zeros are not allowed in numbers") }
        } else {
            skipDigits()
        }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let next = peek() else { throw failure("incomplete number", atEnd: true) }
            guard isDigit(next) else { throw failure("expected a digit after '.'") }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let next = peek() else { throw failure("incomplete number", atEnd: true) }
            guard isDigit(next) else { throw failure("expected a digit in the exponent") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else {
            index = start
            throw failure("number out of range")
        }
        return .double(value)
    }

    // MARK: - Small helpers

    private func peek(_ ahead: Int = 0) -> UInt8? {
        index + ahead < bytes.count ? bytes[index + ahead] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { index += 1 }
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
        index += 1
    }

    private mutating func expectLiteral(_ literal: String) throws(JSONParseError) {
        let start = index
        for expected in literal.utf8 {
            guard let found = peek() else { throw failure("incomplete '\(literal)'", atEnd: true) }
            guard found == expected else {
                index = start
                throw failure("expected a value but found \(describeToken())")
            }
            index += 1
        }
    }

    /// The word starting here ('format', 'tru'), so a message shows what was actually written.
    private func describeToken() -> String {
        var end = index
        while end < bytes.count, end - index < 20, bytes[end] < 0x80, Character(Unicode.Scalar(bytes[end])).isLetter { end += 1 }
        guard end > index else { return peek().map(describe) ?? "the end" }
        return "'" + String(decoding: bytes[index..<end], as: UTF8.self) + "'"
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(zeroPadded: byte, radix: 16, width: 2, uppercase: true)
    }

    /// Builds the error for the current position, counting lines and columns only when needed.
    private func failure(_ reason: String, atEnd: Bool = false) -> JSONParseError {
        let position = min(index, bytes.count)
        var line = 1
        var column = 1
        for byte in bytes[0..<position] {
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return JSONParseError(line: line, column: column, offset: position, reason: reason, reachedEnd: atEnd)
    }
}
