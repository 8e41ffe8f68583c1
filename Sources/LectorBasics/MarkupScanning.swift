/// Small scanners over the bytes of markup and paths, for the few places that pick a value out of
/// an HTML page or a dotted path. Written by hand rather than with Swift's `Regex`: these were its
/// only uses, and the regex engine they pulled in was about 1 MB of the installed binary.
/// Every pattern they stand for is ASCII, so they work on UTF-8 bytes (a multi-byte character
/// never matches an ASCII byte) and hand back whole `String`s.
public enum MarkupScanning {
    /// The first range of `needle` in `bytes` at or after `start`, ASCII letters compared without case.
    public static func find(_ needle: String, in bytes: [UInt8], from start: Int = 0, ignoringCase: Bool = true) -> Range<Int>? {
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, bytes.count >= pattern.count, start <= bytes.count - pattern.count else { return nil }
        var index = start
        while index <= bytes.count - pattern.count {
            var offset = 0
            while offset < pattern.count && same(bytes[index + offset], pattern[offset], ignoringCase: ignoringCase) { offset += 1 }
            if offset == pattern.count { return index..<(index + pattern.count) }
            index += 1
        }
        return nil
    }

    /// The text between `<title…>` and the next `</title>` of an HTML page (any case), as it stands.
    public static func htmlTitle(_ page: String) -> String? {
        let bytes = Array(page.utf8)
        var from = 0
        while let open = find("<title", in: bytes, from: from) {
            from = open.lowerBound + 1
            guard let tagEnd = bytes[open.upperBound...].firstIndex(of: UInt8(ascii: ">")),
                  let close = find("</title>", in: bytes, from: tagEnd + 1) else { continue }
            return String(decoding: bytes[(tagEnd + 1)..<close.lowerBound], as: UTF8.self)
        }
        return nil
    }

    /// `text` without the terminal escape sequences in it, each removed whole: a CSI (`ESC [`,
    /// parameters, intermediates and its final byte), an OSC (`ESC ]` up to BEL or `ESC \`, or to
    /// the next ESC), or ESC and the one character after it. A CSI cut short loses its `ESC [`
    /// alone; an ESC before a line break or at the end stays, for the caller's control filter.
    public static func withoutEscapeSequences(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var kept = String.UnicodeScalarView()
        var index = 0
        func within(_ scalar: Unicode.Scalar, _ low: UInt32, _ high: UInt32) -> Bool { (low...high).contains(scalar.value) }
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] != "\n", scalars[index + 1] != "\r" else {
                kept.append(scalar)
                index += 1
                continue
            }
            let next = scalars[index + 1]
            if next == "[" {
                var end = index + 2
                while end < scalars.count, within(scalars[end], 0x30, 0x39) || scalars[end] == ";" || scalars[end] == "?" { end += 1 }
                while end < scalars.count, within(scalars[end], 0x20, 0x2F) { end += 1 }
                if end < scalars.count, within(scalars[end], 0x40, 0x7E) {
                    index = end + 1
                    continue
                }
            } else if next == "]" {
                var end = index + 2
                while end < scalars.count, scalars[end] != "\u{07}", scalars[end] != "\u{1B}" { end += 1 }
                if end < scalars.count, scalars[end] == "\u{07}" {
                    end += 1
                } else if end + 1 < scalars.count, scalars[end] == "\u{1B}", scalars[end + 1] == "\\" {
                    end += 2
                }
                index = end
                continue
            }
            index += 2
        }
        return String(kept)
    }

    /// The value of `const name = "…"` in a script: the first `name`, optional blanks, `=`,
    /// optional blanks and a non-empty double-quoted value.
    public static func quotedAssignment(of name: String, in text: String) -> String? {
        let bytes = Array(text.utf8)
        var from = 0
        while let found = find(name, in: bytes, from: from, ignoringCase: false) {
            from = found.lowerBound + 1
            var index = skipBlanks(bytes, found.upperBound)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
            index = skipBlanks(bytes, index + 1)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { continue }
            guard let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "\"")), close > index + 1 else { continue }
            return String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
        }
        return nil
    }

    /// The tags named one of `names` (any case, a whole name) in `bytes[start..<end]`, in order:
    /// which name, the attribute text (what stands between the name and the next `>`) and the
    /// offset just past that `>`. A tag ends at its first `>`, and the next is looked for after it.
    public static func tags(_ names: [String], in bytes: [UInt8], from start: Int = 0, before end: Int? = nil)
        -> [(name: String, attributes: String, after: Int)] {
        let limit = min(end ?? bytes.count, bytes.count)
        let patterns = names.map { Array($0.utf8) }
        var found: [(String, String, Int)] = []
        var index = start
        scan: while index < limit {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            for (number, pattern) in patterns.enumerated() {
                let nameEnd = index + 1 + pattern.count
                guard nameEnd <= limit, zip(bytes[(index + 1)..<nameEnd], pattern).allSatisfy({ same($0, $1, ignoringCase: true) }),
                      nameEnd == limit || !isWordByte(bytes[nameEnd]) else { continue }
                guard let close = bytes[nameEnd..<limit].firstIndex(of: UInt8(ascii: ">")) else { break scan }
                found.append((names[number], String(decoding: bytes[nameEnd..<close], as: UTF8.self), close + 1))
                index = close + 1
                continue scan
            }
            index += 1
        }
        return found
    }

    /// The attributes of a tag's text: `name="v"`, `name='v'`, `name=v` and a bare `name` (value
    /// ""), in order, names as written. A name is a letter, `_` or `:` and then letters, digits,
    /// `-`, `_`, `:` or `.`; whatever else stands between them is passed over.
    public static func attributes(_ text: String) -> [(name: String, value: String?)] {
        let bytes = Array(text.utf8)
        var found: [(String, String?)] = []
        var index = 0
        func isNameStart(_ byte: UInt8) -> Bool { isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") }
        func isNameByte(_ byte: UInt8) -> Bool {
            isNameStart(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
        while index < bytes.count {
            guard isNameStart(bytes[index]) else {
                index += 1
                continue
            }
            var nameEnd = index + 1
            while nameEnd < bytes.count, isNameByte(bytes[nameEnd]) { nameEnd += 1 }
            let name = String(decoding: bytes[index..<nameEnd], as: UTF8.self)
            index = nameEnd
            var cursor = skipBlanks(bytes, nameEnd)
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else {
                found.append((name, nil))
                continue
            }
            cursor = skipBlanks(bytes, cursor + 1)
            var value: String?
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") {
                if let close = bytes[(cursor + 1)...].firstIndex(of: bytes[cursor]) {
                    value = String(decoding: bytes[(cursor + 1)..<close], as: UTF8.self)
                    index = close + 1
                }
            } else {
                var end = cursor
                while end < bytes.count, !isBlank(bytes[end]), ![UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: ">")].contains(bytes[end]) {
                    end += 1
                }
                if end > cursor {
                    value = String(decoding: bytes[cursor..<end], as: UTF8.self)
                    index = end
                }
            }
            found.append((name, value))
        }
        return found
    }

    static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    static func isWordByte(_ byte: UInt8) -> Bool { isLetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "_") }
    /// Space, tab, line feed, vertical tab, form feed and carriage return.
    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    static func skipBlanks(_ bytes: [UInt8], _ start: Int) -> Int {
        var index = start
        while index < bytes.count, isBlank(bytes[index]) { index += 1 }
        return index
    }
    static func same(_ a: UInt8, _ b: UInt8, ignoringCase: Bool) -> Bool {
        a == b || (ignoringCase && isLetter(a) && isLetter(b) && a | 0x20 == b | 0x20)
    }
}
