import Glibc

/// Writes `JSONTextNode`s as UTF-8 in `JSONEncoder`'s layout: two-space indents and
/// `"key" : value` when pretty, no whitespace at all when compact, keys in UTF-8 byte order.
struct JSONTextWriter {
    let pretty: Bool
    /// The order last worked out for each shape of object: a list is a thousand objects of one
    /// type whose keys come in the same order, so one sort serves them all.
    private var orders: [(keys: [String], order: [Int])] = []

    init(pretty: Bool) {
        self.pretty = pretty
    }

    mutating func write(_ node: JSONTextNode, into output: inout [UInt8], depth: Int) {
        switch node {
        case .scalar(let text):
            output.append(contentsOf: text.utf8)
        case .string(let text):
            Self.appendQuoted(text, to: &output)
        case .array(let array):
            output.append(UInt8(ascii: "["))
            if pretty { output.append(0x0A) }
            for (index, item) in array.items.enumerated() {
                if index > 0 { separate(&output) }
                if pretty { indent(&output, depth + 1) }
                write(item, into: &output, depth: depth + 1)
            }
            close(&output, depth, UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            if pretty { output.append(0x0A) }
            let members = object.members
            for (index, position) in order(of: members).enumerated() {
                let member = members[position]
                if index > 0 { separate(&output) }
                if pretty { indent(&output, depth + 1) }
                Self.appendQuoted(member.key, to: &output)
                if pretty { output.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20]) } else { output.append(UInt8(ascii: ":")) }
                write(member.value, into: &output, depth: depth + 1)
            }
            close(&output, depth, UInt8(ascii: "}"))
        }
    }

    private func separate(_ output: inout [UInt8]) {
        output.append(UInt8(ascii: ","))
        if pretty { output.append(0x0A) }
    }

    private func close(_ output: inout [UInt8], _ depth: Int, _ bracket: UInt8) {
        if pretty {
            output.append(0x0A)
            indent(&output, depth)
        }
        output.append(bracket)
    }

    private func indent(_ output: inout [UInt8], _ depth: Int) {
        for _ in 0..<depth { output.append(contentsOf: [0x20, 0x20]) }
    }

    /// The positions of `members` to write: by key in UTF-8 byte order, and of a key encoded twice
    /// only the last. Remembered per sequence of keys (string equality is a pointer comparison for
    /// the same coding key's text).
    private mutating func order(of members: [(key: String, value: JSONTextNode)]) -> [Int] {
        for known in orders where known.keys.count == members.count
            && zip(known.keys, members).allSatisfy({ $0 == $1.key }) {
            return known.order
        }
        let order = Self.sortedPositions(members.map(\.key))
        if orders.count == 8 { orders.removeFirst() }
        orders.append((members.map(\.key), order))
        return order
    }

    static func sortedPositions(_ keys: [String]) -> [Int] {
        // Sorting positions keeps it stable: equal keys stay in encoding order and the last of a run wins.
        let sorted = keys.indices.sorted { left, right in
            if keys[left] == keys[right] { return left < right }
            return precedes(keys[left], keys[right])
        }
        var positions: [Int] = []
        positions.reserveCapacity(sorted.count)
        for position in sorted {
            if let last = positions.last, keys[last] == keys[position] { positions[positions.count - 1] = position } else { positions.append(position) }
        }
        return positions
    }

    /// UTF-8 byte order, what `JSONEncoder`'s `.sortedKeys` gives.
    static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { left in
            b.withUTF8 { right in
                let shared = min(left.count, right.count)
                if shared > 0, let l = left.baseAddress, let r = right.baseAddress {
                    let order = memcmp(l, r, shared)
                    if order != 0 { return order < 0 }
                }
                return left.count < right.count
            }
        }
    }

    /// `text` as a JSON string, escaped on the bytes. Escaped: the quote and backslash, C0 controls
    /// (as `JSONEncoder` spells them), and what a terminal would act on though JSON allows it raw —
    /// DEL, C1 controls (UTF-8 C2 80–9F), the line and paragraph separators and the bidi controls
    /// U+202A–E (E2 80 A8–AE) and U+2066–9 (E2 81 A6–A9): `JSONControlEscaping`'s set.
    static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        var text = text
        output.append(UInt8(ascii: "\""))
        text.withUTF8 { bytes in
            var index = 0
            var copiedUpTo = 0
            func flush(_ end: Int) {
                if end > copiedUpTo { output.append(contentsOf: bytes[copiedUpTo..<end]) }
            }
            let count = bytes.count
            while index < count {
                // Eight bytes at a time while they are printable ASCII without a quote or a
                // backslash (most text): 37 instructions a byte before, over feed titles and addresses.
                if index + 8 <= count, let base = bytes.baseAddress,
                   Self.plainASCII(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                    index += 8
                    continue
                }
                let byte = bytes[index]
                // Most bytes need no escape: printable ASCII but the quote and the backslash, and
                // any byte of a longer character but the two leads the switch below looks at.
                if (byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C) || (byte >= 0x80 && byte != 0xC2 && byte != 0xE2) {
                    index += 1
                    continue
                }
                var escape: [UInt8]?
                var length = 1
                switch byte {
                case UInt8(ascii: "\""): escape = [0x5C, UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): escape = [0x5C, 0x5C]
                case 0x0A: escape = [0x5C, UInt8(ascii: "n")]
                case 0x0D: escape = [0x5C, UInt8(ascii: "r")]
                case 0x09: escape = [0x5C, UInt8(ascii: "t")]
                case 0x08: escape = [0x5C, UInt8(ascii: "b")]
                case 0x0C: escape = [0x5C, UInt8(ascii: "f")]
                case 0x00..<0x20, 0x7F: escape = unicodeEscape(UInt32(byte))
                case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                    escape = unicodeEscape(UInt32(bytes[index + 1]))
                    length = 2
                case 0xE2 where index + 2 < bytes.count:
                    let (second, third) = (bytes[index + 1], bytes[index + 2])
                    if second == 0x80 && (0xA8...0xAE).contains(third) {
                        escape = unicodeEscape(0x2000 + UInt32(third - 0x80))
                        length = 3
                    } else if second == 0x81 && (0xA6...0xA9).contains(third) {
                        escape = unicodeEscape(0x2040 + UInt32(third - 0x80))
                        length = 3
                    }
                default: break
                }
                if let escape {
                    flush(index)
                    output.append(contentsOf: escape)
                    index += length
                    copiedUpTo = index
                } else {
                    index += 1
                }
            }
            flush(bytes.count)
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Whether all eight bytes of `word` are 0x20–0x7E and none is `"` or `\\`: no byte with the
    /// high bit, none below 0x20, none equal to 0x7F, 0x22 or 0x5C (the classic test for a zero
    /// byte, on the word XORed with each).
    @inline(__always)
    static func plainASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let below0x20 = (word &- 0x2020_2020_2020_2020) & ~word
        let special = hasZeroByte(word ^ 0x7F7F_7F7F_7F7F_7F7F) | hasZeroByte(word ^ 0x2222_2222_2222_2222)
            | hasZeroByte(word ^ 0x5C5C_5C5C_5C5C_5C5C)
        return (word | below0x20 | special) & highs == 0
    }

    /// `\uXXXX` in lower-case hex, as both `JSONEncoder` and `JSONControlEscaping` write it.
    private static func unicodeEscape(_ value: UInt32) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return [0x5C, UInt8(ascii: "u"), digits[Int(value >> 12 & 0xF)], digits[Int(value >> 8 & 0xF)],
                digits[Int(value >> 4 & 0xF)], digits[Int(value & 0xF)]]
    }
}
