import LectorText

/// Writes `JSONTextNode`s in `JSONEncoder`'s layout: two-space indents and `"key" : value` when
/// pretty, no whitespace at all when compact, keys in UTF-8 byte order.
struct JSONTextWriter {
    let pretty: Bool

    func write(_ node: JSONTextNode, into output: inout String, depth: Int) {
        switch node {
        case .scalar(let text):
            output += text
        case .array(let array):
            output += "["
            if pretty { output += "\n" }
            for (index, item) in array.items.enumerated() {
                if index > 0 { output += pretty ? ",\n" : "," }
                if pretty { indent(&output, depth + 1) }
                write(item, into: &output, depth: depth + 1)
            }
            if pretty {
                output += "\n"
                indent(&output, depth)
            }
            output += "]"
        case .object(let object):
            output += "{"
            if pretty { output += "\n" }
            for (index, member) in Self.sortedMembers(object).enumerated() {
                if index > 0 { output += pretty ? ",\n" : "," }
                if pretty { indent(&output, depth + 1) }
                output += Self.quoted(member.key)
                output += pretty ? " : " : ":"
                write(member.value, into: &output, depth: depth + 1)
            }
            if pretty {
                output += "\n"
                indent(&output, depth)
            }
            output += "}"
        }
    }

    private func indent(_ output: inout String, _ depth: Int) {
        for _ in 0..<depth { output += "  " }
    }

    /// Members by key in UTF-8 byte order; of a key encoded twice, the last value.
    static func sortedMembers(_ object: JSONTextObject) -> [(key: String, value: JSONTextNode)] {
        // The sort is stable, so equal keys stay in encoding order and the last of a run wins.
        let sorted = object.members.enumerated().sorted { left, right in
            if left.element.key == right.element.key { return left.offset < right.offset }
            return left.element.key.utf8.lexicographicallyPrecedes(right.element.key.utf8)
        }.map(\.element)
        var members: [(key: String, value: JSONTextNode)] = []
        members.reserveCapacity(sorted.count)
        for member in sorted {
            if let last = members.last, last.key == member.key { members[members.count - 1] = member } else { members.append(member) }
        }
        return members
    }

    /// `text` as a JSON string. Escaped: the quote and backslash, C0 controls (as `JSONEncoder`
    /// spells them), and what a terminal would act on though JSON allows it raw — DEL, C1 controls,
    /// the line and paragraph separators and the bidi controls (`JSONControlEscaping`'s set).
    static func quoted(_ text: String) -> String {
        // Most strings need nothing: one pass over the bytes decides.
        let plain = text.utf8.allSatisfy { byte in byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte < 0x7F }
        if plain { return "\"" + text + "\"" }
        var output = String.UnicodeScalarView()
        output.append("\"")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output.append(contentsOf: "\\\"".unicodeScalars)
            case "\\": output.append(contentsOf: "\\\\".unicodeScalars)
            case "\n": output.append(contentsOf: "\\n".unicodeScalars)
            case "\r": output.append(contentsOf: "\\r".unicodeScalars)
            case "\t": output.append(contentsOf: "\\t".unicodeScalars)
            case "\u{08}": output.append(contentsOf: "\\b".unicodeScalars)
            case "\u{0C}": output.append(contentsOf: "\\f".unicodeScalars)
            default:
                if scalar.value < 0x20 || JSONControlEscaping.needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
                } else {
                    output.append(scalar)
                }
            }
        }
        output.append("\"")
        return String(output)
    }
}
