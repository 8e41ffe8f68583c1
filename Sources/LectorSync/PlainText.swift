/// Text for the search index from an entry's HTML: tags dropped, entities decoded, whitespace
/// collapsed. Rendering for reading is the reader module's job; this only has to find words, and
/// it runs for every article a sync stores, so it is one pass over the UTF-8 bytes.
enum PlainText {
    static func from(html: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(html.utf8.count)
        var inTag = false
        // The start of the tag being read ("a", "/strong"), to tell an inline tag, which joins
        // the words around it ("full <a>post</a>." is "full post."), from one that parts them.
        var tagName: [UInt8] = [], nameEnded = false
        var pendingSpace = false
        var bytes = html.utf8.makeIterator()
        var lookahead: UInt8?

        func emit(_ byte: UInt8) {
            if pendingSpace && !output.isEmpty { output.append(0x20) }
            pendingSpace = false
            output.append(byte)
        }
        func emit(scalar value: UInt32) {
            guard let scalar = Unicode.Scalar(value) else { return }
            if scalar.properties.isWhitespace { pendingSpace = true; return }
            for byte in String(Character(scalar)).utf8 { emit(byte) }
        }

        while let byte = lookahead ?? bytes.next() {
            lookahead = nil
            if inTag {
                if byte == UInt8(ascii: ">") {
                    inTag = false
                    if !inlineTags.contains(tagName) { pendingSpace = true }
                    continue
                }
                if nameEnded || byte == UInt8(ascii: "/") && tagName.isEmpty { continue }
                let lower = byte | 0x20
                if lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z") && tagName.count < 10 {
                    tagName.append(lower)
                } else {
                    nameEnded = true  // what follows are attributes
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "<"):
                inTag = true
                tagName.removeAll(keepingCapacity: true)
                nameEnded = false
            case 0x20, 0x09, 0x0A, 0x0D:
                pendingSpace = true
            case UInt8(ascii: "&"):
                // An entity is at most a few bytes up to ';'; anything else is a literal '&'.
                var name: [UInt8] = []
                var terminated = false
                while let next = bytes.next() {
                    if next == UInt8(ascii: ";") { terminated = true; break }
                    if name.count > 10 || next == UInt8(ascii: "<") || next == UInt8(ascii: "&") || next == 0x20 {
                        lookahead = next
                        break
                    }
                    name.append(next)
                }
                if terminated, let value = entityValue(name) {
                    emit(scalar: value)
                } else {
                    emit(UInt8(ascii: "&"))
                    for byte in name { emit(byte) }
                    if terminated { emit(UInt8(ascii: ";")) }
                }
            default:
                emit(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Tags inside a line of text: the words on either side of one are not parted by it.
    private static let inlineTags: Set<[UInt8]> = Set(["a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "font",
                                                       "i", "ins", "kbd", "mark", "q", "s", "samp", "small", "span", "strong", "sub",
                                                       "sup", "time", "tt", "u", "var"].map { Array($0.utf8) })

    private static let named: [String: UInt32] = ["amp": 38, "lt": 60, "gt": 62, "quot": 34, "apos": 39, "nbsp": 160,
                                                  "mdash": 0x2014, "ndash": 0x2013, "hellip": 0x2026, "rsquo": 0x2019,
                                                  "lsquo": 0x2018, "rdquo": 0x201D, "ldquo": 0x201C]

    private static func entityValue(_ name: [UInt8]) -> UInt32? {
        guard let first = name.first else { return nil }
        if first == UInt8(ascii: "#") {
            let digits = name.dropFirst()
            if let marker = digits.first, marker == UInt8(ascii: "x") || marker == UInt8(ascii: "X") {
                return UInt32(String(decoding: digits.dropFirst(), as: UTF8.self), radix: 16)
            }
            return UInt32(String(decoding: digits, as: UTF8.self))
        }
        return named[String(decoding: name, as: UTF8.self)]
    }
}
