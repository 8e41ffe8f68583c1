/// Terminal column widths: East Asian wide/fullwidth and emoji count 2, combining marks 0.
/// The one measure for everything laid out in cells: the reader's wrapping and tables, the
/// command line's tables, and text cut to a width.
public enum DisplayWidth {
    public static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue { return ascii < 0x20 || ascii == 0x7F ? 0 : 1 }
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.count > 1,
           character.unicodeScalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D }) {
            return 2 // emoji presentation selector or ZWJ sequence
        }
        let value = first.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if isWide(value) || first.properties.isEmojiPresentation { return 2 }
        return 1
    }

    public static func of(_ string: Substring) -> Int {
        var total = 0
        for character in string { total += of(character) }
        return total
    }

    public static func of(_ string: String) -> Int { of(string[...]) }

    /// `text` in at most `cells` cells: whole when it fits, else its start and "…" (one cell).
    public static func cut(_ text: String, to cells: Int) -> String {
        guard of(text) > cells else { return text }
        return start(of: text, fitting: cells - 1) + "…"
    }

    /// `text` in at most `cells` cells: whole when it fits, else its start, "…" and its end — for
    /// an address, whose host and last part (the file, the query) say the most.
    public static func cutInMiddle(_ text: String, to cells: Int) -> String {
        guard of(text) > cells else { return text }
        let kept = max(0, cells - 1)
        let head = start(of: text, fitting: (kept + 1) / 2)
        let tail = String(start(of: String(text.reversed()), fitting: kept - of(head)).reversed())
        return head + "…" + tail
    }

    /// The longest start of `text` that takes at most `cells` cells.
    public static func start(of text: String, fitting cells: Int) -> String {
        var kept = "", used = 0
        for character in text {
            let width = of(character)
            guard used + width <= cells else { break }
            kept.append(character)
            used += width
        }
        return kept
    }

    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
