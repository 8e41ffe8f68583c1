import FoundationEssentials

/// JSON as plain Swift values, where JSONSerialization served before (it is not in
/// FoundationEssentials): objects are `[String: Any]`, arrays `[Any]`, numbers `Int` when whole and in
/// range else `Double`, `true`/`false` are `Bool`, strings `String`, and null is `JSONNull`.
public enum JSONObject {
    /// The value `data` holds (a bare string or number at the top level too).
    public static func parse(_ data: Data) throws -> Any {
        try JSONDecoder().decode(AnyJSON.self, from: data).value
    }

    /// `value` written as JSON; nil when it holds something JSON cannot carry.
    public static func data(_ value: Any) -> Data? {
        var out = ""
        guard write(value, to: &out) else { return nil }
        return Data(out.utf8)
    }

    private static func write(_ value: Any, to out: inout String) -> Bool {
        switch value {
        case let text as String: JSONText.appendString(text, to: &out)
        case let flag as Bool: out += flag ? "true" : "false"
        case let number as Int: out += String(number)
        case let number as Int64: out += String(number)
        case let number as Double:
            guard number.isFinite else { return false }
            out += number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case is JSONNull: out += "null"
        case let object as [String: Any]:
            out += "{"
            for (index, key) in object.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                JSONText.appendString(key, to: &out)
                out += ":"
                guard write(object[key]!, to: &out) else { return false }
            }
            out += "}"
        case let array as [Any]:
            out += "["
            for (index, item) in array.enumerated() {
                if index > 0 { out += "," }
                guard write(item, to: &out) else { return false }
            }
            out += "]"
        default: return false
        }
        return true
    }
}

/// JSON text pieces shared by the writers (JSONObject here, the settings' JSONWriter).
public enum JSONText {
    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
    public static func appendString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += "\\u" + String(zeroPadded: scalar.value, radix: 16, width: 4)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

/// JSON's null inside a parsed `JSONObject` value.
public struct JSONNull: Sendable, Equatable {
    public init() {}
}

/// Decodes any JSON value into the plain Swift values `JSONObject` documents.
private struct AnyJSON: Decodable {
    let value: Any

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        // Each try? below asks "is the value of this shape?": a failure means try the next shape,
        // and the last one (a number) throws when the value is none of them.
        if let object = try? decoder.container(keyedBy: Key.self) {
            var members: [String: Any] = [:]
            members.reserveCapacity(object.allKeys.count)
            for key in object.allKeys { members[key.stringValue] = try object.decode(AnyJSON.self, forKey: key).value }
            value = members
        } else if var array = try? decoder.unkeyedContainer() {
            var items: [Any] = []
            if let count = array.count { items.reserveCapacity(count) }
            while !array.isAtEnd { items.append(try array.decode(AnyJSON.self).value) }
            value = items
        } else {
            let single = try decoder.singleValueContainer()
            // Shape questions again: not a string, so perhaps a flag, a whole number, else a Double.
            if single.decodeNil() {
                value = JSONNull()
            } else if let text = try? single.decode(String.self) {
                value = text
            } else if let flag = try? single.decode(Bool.self) {
                value = flag
            } else if let whole = try? single.decode(Int.self) {
                value = whole
            } else {
                value = try single.decode(Double.self)
            }
        }
    }
}
