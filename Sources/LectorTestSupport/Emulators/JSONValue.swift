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
        var out = ""
        write(to: &out, style: style)
        return out
    }

    private func write(to out: inout String, style: Style) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .string(let value): Self.writeString(value, to: &out, style: style)
        case .array(let values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                value.write(to: &out, style: style)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                Self.writeString(key, to: &out, style: style)
                out += ":"
                value.write(to: &out, style: style)
            }
            out += "}"
        }
    }

    private static func writeString(_ text: String, to out: inout String, style: Style) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "/": out += style == .phpDefault ? "\\/" : "/"
            default:
                if scalar.value < 0x20 || (style == .phpDefault && scalar.value > 0x7F) {
                    for unit in String(scalar).utf16 { out += String(format: "\\u%04x", unit) }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// Equal when both serialize to the same text.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }
}
