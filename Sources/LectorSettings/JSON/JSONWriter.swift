import FoundationEssentials
import LectorBasics

extension JSONValue {
    /// Canonical text: object keys sorted, no insignificant whitespace unless `pretty` (two-space indent).
    public func canonicalText(pretty: Bool = false) -> String {
        var output = ""
        write(into: &output, pretty: pretty, indent: 0)
        return output
    }

    /// Canonical UTF-8 bytes; pretty output ends with a newline, as files should.
    public func canonicalData(pretty: Bool = false) -> Data {
        Data((canonicalText(pretty: pretty) + (pretty ? "\n" : "")).utf8)
    }

    private func write(into output: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .double(let value): output += Self.format(value)
        case .string(let value): JSONText.appendString(value, to: &output)
        case .array(let elements):
            guard !elements.isEmpty else { output += "[]"; return }
            output += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { output += "," }
                Self.newline(into: &output, pretty: pretty, indent: indent + 1)
                element.write(into: &output, pretty: pretty, indent: indent + 1)
            }
            Self.newline(into: &output, pretty: pretty, indent: indent)
            output += "]"
        case .object(let members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{"
            for (position, key) in members.keys.sorted().enumerated() {
                if position > 0 { output += "," }
                Self.newline(into: &output, pretty: pretty, indent: indent + 1)
                JSONText.appendString(key, to: &output)
                output += pretty ? ": " : ":"
                members[key]!.write(into: &output, pretty: pretty, indent: indent + 1)
            }
            Self.newline(into: &output, pretty: pretty, indent: indent)
            output += "}"
        }
    }

    private static func newline(into output: inout String, pretty: Bool, indent: Int) {
        guard pretty else { return }
        output += "\n" + String(repeating: "  ", count: indent)
    }

    private static func format(_ value: Double) -> String {
        if value.rounded() == value && abs(value) < 1e15 { return String(Int(value)) + ".0" }
        return "\(value)"
    }
}
