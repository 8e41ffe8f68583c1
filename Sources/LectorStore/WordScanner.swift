/// The words of UTF-8 text, as byte ranges, cut where the search index's tokenizer (unicode61)
/// cuts them: a word is a run of letters, digits and combining marks; everything else separates.
struct WordScanner: IteratorProtocol {
    private let text: UnsafeBufferPointer<UInt8>
    private var index: Int

    init(_ text: UnsafeBufferPointer<UInt8>, from index: Int = 0) {
        self.text = text
        self.index = index
    }

    mutating func next() -> Range<Int>? {
        var start: Int?
        while index < text.count {
            let lead = text[index]
            let (inWord, length) = lead < 0x80 ? (Self.isASCIIWordCharacter(lead), 1) : Self.nonASCIICharacter(text, at: index)
            if inWord {
                if start == nil { start = index }
            } else if let begun = start {
                index += length
                return begun..<index - length
            }
            index += length
        }
        return start.map { $0..<text.count }
    }

    /// True when no word of `text` begins at or after `offset`.
    static func noWord(in text: UnsafeBufferPointer<UInt8>, after offset: Int) -> Bool {
        var scanner = WordScanner(text, from: offset)
        return scanner.next() == nil
    }

    @inline(__always)
    private static func isASCIIWordCharacter(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
    }

    /// Whether the character starting with a non-ASCII byte at `index` belongs in a word, and its
    /// length in bytes (a malformed byte is a separator of one byte).
    @inline(never)
    private static func nonASCIICharacter(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> (Bool, Int) {
        let lead = text[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1, index + length <= text.count else { return (false, 1) }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            let byte = text[index + offset]
            guard byte & 0xC0 == 0x80 else { return (false, 1) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return (false, length) }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark, .privateUse:
            return (true, length)
        default:
            return (false, length)
        }
    }
}
