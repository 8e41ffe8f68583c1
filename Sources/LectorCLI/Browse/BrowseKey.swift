/// One key press as `lector browse` reads it from the terminal.
enum BrowseKey: Hashable, Sendable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, backspace
    /// Ctrl-C, Ctrl-Z and Ctrl-L: the terminal's own signals are off while the view runs.
    case interrupt, suspend, redraw
}

/// Turns the bytes a terminal sends into keys: UTF-8 characters, the control keys, and the
/// escape sequences of arrows, PageUp/PageDown and Home/End (both the CSI and SS3 forms).
enum KeyDecoder {
    /// The keys in `bytes`; an escape sequence cut off at the end is left in `rest` for the next
    /// read. A lone ESC at the end is the Escape key only when `final` (nothing followed in time).
    static func decode(_ bytes: [UInt8], final: Bool = true) -> (keys: [BrowseKey], rest: [UInt8]) {
        var keys: [BrowseKey] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B {
                guard let (key, length) = escape(bytes, at: index) else {
                    if !final { return (keys, Array(bytes[index...])) }
                    keys.append(.escape)
                    index += 1
                    continue
                }
                if let key { keys.append(key) }
                index += length
                continue
            }
            if let key = control(byte) {
                keys.append(key)
                index += 1
                continue
            }
            let length = byte < 0x80 ? 1 : byte >> 5 == 0b110 ? 2 : byte >> 4 == 0b1110 ? 3 : byte >> 3 == 0b11110 ? 4 : 1
            guard index + length <= bytes.count else {
                if !final { return (keys, Array(bytes[index...])) }
                break
            }
            let text = String(decoding: bytes[index..<index + length], as: UTF8.self)
            keys += text.map { BrowseKey.character($0) }
            index += length
        }
        return (keys, [])
    }

    private static func control(_ byte: UInt8) -> BrowseKey? {
        switch byte {
        case 0x0D, 0x0A: .enter
        case 0x7F, 0x08: .backspace
        case 0x03: .interrupt
        case 0x1A: .suspend
        case 0x0C: .redraw
        default: nil
        }
    }

    /// The key an escape sequence at `start` stands for (nil inside for a sequence we ignore)
    /// and its length; nil when the sequence is incomplete (or the ESC stands alone).
    private static func escape(_ bytes: [UInt8], at start: Int) -> (BrowseKey?, Int)? {
        guard start + 1 < bytes.count else { return nil }
        let kind = bytes[start + 1]
        if kind == UInt8(ascii: "O") {
            guard start + 2 < bytes.count else { return nil }
            return (final(bytes[start + 2]), 3)
        }
        guard kind == UInt8(ascii: "[") else { return (.escape, 1) }
        var end = start + 2
        while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { return nil }
        let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
        let length = end - start + 1
        if bytes[end] == UInt8(ascii: "~") {
            switch parameters.split(separator: ";").first {
            case "5": return (.pageUp, length)
            case "6": return (.pageDown, length)
            case "1", "7": return (.home, length)
            case "4", "8": return (.end, length)
            default: return (nil, length)
            }
        }
        return (final(bytes[end]), length)
    }

    private static func final(_ byte: UInt8) -> BrowseKey? {
        switch byte {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }
}
