/// The one sanitiser for text that came from outside (feeds, pages, servers, backup files, and
/// the store's copies of them) on its way to a terminal, stderr or a log.
///
/// Removed: whole escape sequences (CSI `ESC [ … final`, OSC `ESC ] … BEL|ST` such as title
/// setting, clipboard writes and hyperlinks, DCS/SOS/PM/APC strings, two-byte `ESC x`), 8-bit CSI,
/// every other C1 and C0 control except tab and line feed (so BEL, backspace and carriage return
/// go — CR could overwrite visible text), DEL, U+0080–U+009F, the bidi embedding, override and
/// isolate characters U+202A–U+202E and U+2066–U+2069 and the direction marks U+200E, U+200F and
/// U+061C, which can reorder text so that what is shown differs from what is there, and the
/// invisible U+200B (zero-width space), U+2060 (word joiner) and U+FEFF, which make `Ba\u{200B}nk`
/// look like `Bank`, as do the other characters that show nothing (`InvisibleCharacters`: the
/// soft hyphen, the Hangul fillers, the tag characters …). The line and paragraph separators
/// U+2028 and U+2029 become line feeds: a terminal shows no break where the text has one.
/// (U+200C and U+200D stay: scripts and emoji sequences need them.)
///
/// Three strengths: `clean` keeps line structure (tab, line feed); `inline` also folds tab and
/// line feed into spaces, for one table cell or one log line; `keepingStyles` is `clean` that lets
/// through the few SGR codes Lector itself writes (`TerminalStyle`) — what the one writer of the
/// command line uses, so that nothing else can reach the terminal whatever a call site forgot.
public enum TerminalSanitizer {
    /// Returns `s` with terminal control sequences and dangerous control characters removed.
    public static func clean(_ s: String) -> String {
        filter(s, keepStyles: false)
    }

    /// `clean`, with tab and line feed turned into spaces: one line, whatever came in.
    public static func inline(_ s: String) -> String {
        // One byte scan answers for most titles: nothing to remove and nothing to fold.
        guard mayNeedAttention(s, orLineBreaks: true) else { return s }
        let cleaned = clean(s)
        guard cleaned.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A }) else { return cleaned }
        return String(String.UnicodeScalarView(cleaned.unicodeScalars.map { $0 == "\t" || $0 == "\n" ? " " : $0 }))
    }

    /// `clean`, except that Lector's own style codes (exactly the sequences in `TerminalStyle.allowed`)
    /// survive. Anything a feed could add is at most one of those: bold, dim, italic, underline or a colour.
    public static func keepingStyles(_ s: String) -> String {
        filter(s, keepStyles: true)
    }

    /// True when `s` holds nothing `clean` would remove.
    public static func isClean(_ s: String) -> Bool {
        mayNeedAttention(s) ? !s.unicodeScalars.contains(where: needsAttention) : true
    }

    private static func filter(_ s: String, keepStyles: Bool) -> String {
        guard mayNeedAttention(s), s.unicodeScalars.contains(where: needsAttention) else { return s }
        var output = String.UnicodeScalarView()
        var scalars = s.unicodeScalars.makeIterator()
        var pending: [Unicode.Scalar] = []
        func next() -> Unicode.Scalar? {
            if !pending.isEmpty { return pending.removeFirst() }
            return scalars.next()
        }
        while let scalar = next() {
            switch scalar.value {
            case 0x1B:
                guard let introducer = next() else { break }
                switch introducer {
                case "[":
                    let body = readCSI(next)
                    if keepStyles, body.final == "m", TerminalStyle.allowedParameters.contains(body.parameters) {
                        output.append(contentsOf: "\u{1b}[\(body.parameters)m".unicodeScalars)
                    } else if let stray = body.stray {
                        pending.append(stray)
                    }
                case "]", "P", "X", "^", "_": if let back = skipString(next) { pending.append(back) }
                default:
                    // Keep a following printable character only if it cannot be part of a sequence;
                    // two-byte escapes (ESC 7, ESC c, ESC ( B …) swallow their final byte.
                    if introducer.value < 0x20 || introducer.value == 0x7F { pending.append(introducer) }
                    else if introducer == "(" || introducer == ")" || introducer == "#" { _ = next() }
                }
            case 0x9B: if let stray = readCSI(next).stray { pending.append(stray) }
            case 0x09, 0x0A: output.append(scalar)
            case 0x2028, 0x2029: output.append("\n")
            default:
                if !isForbidden(scalar) { output.append(scalar) }
            }
        }
        return String(output)
    }

    /// Control characters, bidi controls and marks, and invisible characters: what never reaches
    /// a terminal from outside.
    public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x08, 0x0B...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069,
             0x061C, 0x200B, 0x200E, 0x200F, 0x2060, 0xFEFF:
            return true
        default: return InvisibleCharacters.contains(scalar)
        }
    }

    /// A first look at the UTF-8 bytes, much cheaper than decoding scalars (completion and lists
    /// pass every title through here, most of them plain): false only when no forbidden scalar
    /// can be there. C0 controls and DEL are single bytes; U+0080–U+009F and U+00AD are encoded
    /// with lead byte 0xC2, U+061C with 0xD8, the bidi controls, marks, zero-width characters and
    /// the line separators (U+200B–U+206F) with 0xE2 and U+FEFF and U+FFxx with 0xEF; the
    /// other invisible characters are told by their first two bytes (`InvisibleCharacters`), so
    /// that Vietnamese or Japanese text, which shares their lead bytes, is not decoded for nothing.
    /// `orLineBreaks`: tab and line feed count too (what `inline` folds).
    private static func mayNeedAttention(_ s: String, orLineBreaks: Bool = false) -> Bool {
        let scan = { (bytes: UnsafeBufferPointer<UInt8>) -> Bool in
            guard let base = bytes.baseAddress else { return false }
            let count = bytes.count
            var index = 0
            while index < count {
                // Eight bytes of printable ASCII (0x20–0x7E), most of any text, are passed in one
                // look (`wordMayNeedAttention`).
                if index + 8 <= count, !wordMayNeedAttention(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self), orLineBreaks: orLineBreaks) {
                    index += 8
                    continue
                }
                if byteMayNeedAttention(base, index, count, orLineBreaks: orLineBreaks) { return true }
                index += 1
            }
            return false
        }
        if let answer = s.utf8.withContiguousStorageIfAvailable(scan) { return answer }
        return Array(s.utf8).withUnsafeBufferPointer(scan)
    }

    /// How many tabs and line feeds `bytes` (UTF-8) hold, or nil when anything else there may
    /// need attention: a list of `value<TAB>help` lines built from outside text is shown as it
    /// is when the counts are exactly its own separators — then no value held a tab, a line
    /// feed or anything `inline` would change. One pass, eight bytes at a time.
    public static func tabsAndLineFeeds(in bytes: UnsafeBufferPointer<UInt8>) -> (tabs: Int, lineFeeds: Int)? {
        guard let base = bytes.baseAddress else { return (0, 0) }
        let count = bytes.count
        var tabs = 0, lineFeeds = 0
        var index = 0
        while index < count {
            if index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if !wordMayNeedAttention(word, orLineBreaks: false) {
                    tabs += zeroBytes(word ^ 0x0909_0909_0909_0909).nonzeroBitCount
                    lineFeeds += zeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A).nonzeroBitCount
                    index += 8
                    continue
                }
            }
            switch base[index] {
            case 0x09: tabs += 1
            case 0x0A: lineFeeds += 1
            default: if byteMayNeedAttention(base, index, count, orLineBreaks: false) { return nil }
            }
            index += 1
        }
        return (tabs, lineFeeds)
    }

    /// Whether any of the eight bytes in `word` may need a closer look: one with the high bit,
    /// one below 0x20 (but tab and line feed, unless `orLineBreaks`), or 0x7F. Each test is exact
    /// per byte (the high bit is set before subtracting, so no borrow crosses into the next
    /// byte): tab-separated lines pass eight bytes at a time with their tabs and line feeds.
    @inline(__always)
    private static func wordMayNeedAttention(_ word: UInt64, orLineBreaks: Bool) -> Bool {
        var attention = word | zeroBytes(word ^ 0x7F7F_7F7F_7F7F_7F7F)
        let below0x20 = ~((word | highBits) &- 0x2020_2020_2020_2020) & highBits
        attention |= orLineBreaks ? below0x20
            : below0x20 & ~zeroBytes(word ^ 0x0909_0909_0909_0909) & ~zeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A)
        return attention & highBits != 0
    }

    /// Whether the byte at `index` may start something to remove (see `mayNeedAttention`).
    @inline(__always)
    private static func byteMayNeedAttention(_ base: UnsafePointer<UInt8>, _ index: Int, _ count: Int, orLineBreaks: Bool) -> Bool {
        let byte = base[index]
        if (byte < 0x20 && (orLineBreaks || (byte != 0x09 && byte != 0x0A))) || byte == 0x7F
            || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 || byte == 0xEF {
            return true
        }
        return byte >= 0xCD && index + 1 < count && InvisibleCharacters.mayStart(byte, base[index + 1])
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` that is zero, and of no other (exact, unlike the
    /// usual `(x - 0x01…) & ~x`, whose borrow marks bytes above a zero one).
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        ~(((word | highBits) &- 0x0101_0101_0101_0101) | word) & highBits
    }

    private static func needsAttention(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value != 0x09 && scalar.value != 0x0A && (isForbidden(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029)
    }

    /// CSI: parameter and intermediate bytes, then one final byte in 0x40–0x7E. A malformed
    /// sequence ends at the first byte that cannot belong to it; a control there is handed back
    /// (so that `ESC [ ESC ] …` still has its OSC removed), anything else is dropped.
    private static func readCSI(_ next: () -> Unicode.Scalar?) -> (parameters: String, final: Unicode.Scalar?, stray: Unicode.Scalar?) {
        var parameters = String.UnicodeScalarView()
        while let scalar = next() {
            if (0x40...0x7E).contains(scalar.value) { return (String(parameters), scalar, nil) }
            if !(0x20...0x3F).contains(scalar.value) {
                return (String(parameters), nil, scalar.value == 0x1B || scalar.value == 0x9B || scalar.value == 0x0A ? scalar : nil)
            }
            // A longer run than any real sequence is not one we keep; stop collecting it.
            if parameters.count < 16 { parameters.append(scalar) }
        }
        return (String(parameters), nil, nil)
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
