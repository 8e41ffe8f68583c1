import Foundation

/// A JSON value with ordered object keys, written the way PHP's json_encode writes it.
public indirect enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` / `false`.
    case bool(Bool)
    /// An integer.
    case int(Int64)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object whose members keep their order.
    case object([(String, JSONValue)])

    /// How strings are escaped.
    public enum Style: Sendable {
        /// `JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE` (FreshRSS GReader).
        case unescaped
        /// PHP's default: `\/` and `\uXXXX` for non-ASCII (FreshRSS Fever).
        case phpDefault
    }

    /// Convenience for an int from any integer.
    public static func number<T: BinaryInteger>(_ value: T) -> JSONValue { .int(Int64(value)) }

    /// The compact JSON text.
    public func serialized(_ style: Style = .unescaped) -> String {
        String(decoding: utf8(style), as: UTF8.self)
    }

    /// The compact JSON text as UTF-8 bytes: written byte by byte, because the emulators serve
    /// benchmark-sized responses and must not be what a sync benchmark measures.
    public func utf8(_ style: Style = .unescaped) -> [UInt8] {
        var out: [UInt8] = []
        write(to: &out, style: style)
        return out
    }

    private func write(to out: inout [UInt8], style: Style) {
        switch self {
        case .null: out += "null".utf8
        case .bool(let value): out += (value ? "true" : "false").utf8
        case .int(let value): out += String(value).utf8
        case .string(let value): Self.writeString(value, to: &out, style: style)
        case .array(let values):
            out.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                value.write(to: &out, style: style)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &out, style: style)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out, style: style)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ text: String, to out: inout [UInt8], style: Style) {
        out.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += #"\""#.utf8
            case "\\": out += #"\\"#.utf8
            case "\n": out += #"\n"#.utf8
            case "\r": out += #"\r"#.utf8
            case "\t": out += #"\t"#.utf8
            case "/": out += (style == .phpDefault ? #"\/"# : "/").utf8
            default:
                if scalar.value < 0x20 || (style == .phpDefault && scalar.value > 0x7F) {
                    for unit in String(scalar).utf16 { out += String(format: "\\u%04x", unit).utf8 }
                } else if scalar.isASCII {
                    out.append(UInt8(scalar.value))
                } else {
                    out += String(scalar).utf8
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Equal when both serialize to the same text.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }
}
