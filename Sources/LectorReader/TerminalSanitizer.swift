/// Strips everything from feed- or page-supplied text that a terminal would act on instead of print.
///
/// Removed: whole escape sequences (CSI `ESC [ … final`, OSC `ESC ] … BEL|ST` such as title setting,
/// DCS/SOS/PM/APC strings, two-byte `ESC x`), 8-bit CSI, every other C1 and C0 control except
/// tab and line feed (so BEL, backspace and carriage return go — CR could overwrite visible text),
/// DEL, U+0080–U+009F, and the bidi embedding/override/isolate characters U+202A–U+202E and
/// U+2066–U+2069, which can reorder text so that what is shown differs from what is there.
public enum TerminalSanitizer {
    /// Returns `s` with terminal control sequences and dangerous control characters removed.
    public static func clean(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: needsAttention) else { return s }
        var output = String.UnicodeScalarView()
        var scalars = s.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let held = pending { pending = nil; return held }
            return scalars.next()
        }
        while let scalar = next() {
            switch scalar.value {
            case 0x1B:
                guard let introducer = next() else { break }
                switch introducer {
                case "[": skipCSI(next)
                case "]", "P", "X", "^", "_": pending = skipString(next)
                default:
                    // Keep a following printable character only if it cannot be part of a sequence;
                    // two-byte escapes (ESC 7, ESC c, ESC ( B …) swallow their final byte.
                    if introducer.value < 0x20 || introducer.value == 0x7F { pending = introducer }
                    else if introducer == "(" || introducer == ")" || introducer == "#" { _ = next() }
                }
            case 0x9B: skipCSI(next)
            case 0x09, 0x0A: output.append(scalar)
            default:
                if !isForbidden(scalar) { output.append(scalar) }
            }
        }
        return String(output)
    }

    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x08, 0x0B...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    private static func needsAttention(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value != 0x09 && scalar.value != 0x0A && isForbidden(scalar)
    }

    /// CSI: parameter and intermediate bytes, then one final byte in 0x40–0x7E.
    private static func skipCSI(_ next: () -> Unicode.Scalar?) {
        while let scalar = next() {
            if (0x40...0x7E).contains(scalar.value) { return }
            if !(0x20...0x3F).contains(scalar.value) { return } // malformed: drop the stray byte too
        }
    }

    /// OSC/DCS/SOS/PM/APC: everything up to BEL, ST (`ESC \`) or 8-bit ST (U+009C). An unterminated
    /// string stops at a line feed (which is handed back) so that one stray ESC cannot eat an article.
    private static func skipString(_ next: () -> Unicode.Scalar?) -> Unicode.Scalar? {
        while let scalar = next() {
            if scalar.value == 0x07 || scalar.value == 0x9C { return nil }
            if scalar.value == 0x0A { return scalar }
            if scalar.value == 0x1B { _ = next(); return nil }
        }
        return nil
    }
}
