import Testing
@testable import LectorText

@Suite("The one sanitiser: clean, inline, keepingStyles")
struct TerminalSanitizerStrengthTests {
    @Test("every hostile string loses everything a terminal would act on, in all three strengths", arguments: HostileStrings.table.map(\.name))
    func hostileTable(name: String) {
        let text = HostileStrings.table.first { $0.name == name }!.text
        for (strength, cleaned) in [("clean", TerminalSanitizer.clean(text)), ("inline", TerminalSanitizer.inline(text)),
                                    ("keepingStyles", TerminalSanitizer.keepingStyles(text))] {
            #expect(HostileStrings.forbidden(in: cleaned).isEmpty, "\(strength) left \(HostileStrings.forbidden(in: cleaned)) in \(cleaned.debugDescription)")
            #expect(cleaned.hasPrefix("a") || cleaned.hasPrefix("safe"), "\(strength) lost the text around the sequence: \(cleaned.debugDescription)")
        }
    }

    @Test("keepingStyles lets through exactly Lector's own SGR codes and nothing a feed adds beside them")
    func ownStylesSurvive() {
        let own = [TerminalStyle.bold, TerminalStyle.dim, TerminalStyle.italic, TerminalStyle.underline, TerminalStyle.normalIntensity,
                   TerminalStyle.notItalic, TerminalStyle.notUnderlined, TerminalStyle.blue, TerminalStyle.brightBlue,
                   TerminalStyle.brightCyan, TerminalStyle.defaultColour]
        for code in own {
            #expect(TerminalSanitizer.keepingStyles("x\(code)y") == "x\(code)y", "own code \(code.debugDescription) was removed")
            #expect(TerminalSanitizer.clean("x\(code)y") == "xy", "clean must remove even our own code \(code.debugDescription)")
        }
        #expect(TerminalSanitizer.keepingStyles("a\u{1b}[31mb\u{1b}[0mc\u{1b}[5md\u{1b}[1;31me") == "abcde", "colours and modes we never write are removed")
        #expect(TerminalSanitizer.keepingStyles("a\u{1b}[K\rb") == "ab", "erase-line and CR are not styles")
    }

    @Test("inline folds tab and line feed to spaces; clean keeps them")
    func lineStructure() {
        #expect(TerminalSanitizer.inline("one\ntwo\tthree\r\n") == "one two three ")
        #expect(TerminalSanitizer.inline("one\ntwo\tthree") == "one two three", "plain text with only line breaks must still be folded")
        #expect(TerminalSanitizer.clean("one\ntwo\tthree") == "one\ntwo\tthree")
    }

    /// The scan passes eight bytes at a time when none can need attention; tab and line feed
    /// pass with them (a completion's `value<TAB>help` lines are mostly those). Every byte below
    /// 0x80 at every position of two words, among tabs and line feeds, must be judged as a
    /// scalar-by-scalar look judges it: a control anywhere in a word still seen.
    @Test("the eight-byte scan judges every ASCII byte at every position as a look at each character does")
    func wordScanIsExact() {
        for background in ["abcdefghijklmnop", "a\tb\nc\td\ne\tf\ng\th\n", "\t\t\t\t\t\t\t\t\n\n\n\n\n\n\n\n"] {
            let plain = Array(background.unicodeScalars)
            for position in 0..<plain.count {
                for value in UInt32(0)..<0x80 {
                    var scalars = plain
                    scalars[position] = Unicode.Scalar(value)!
                    let text = String(String.UnicodeScalarView(scalars))
                    let hostile = !HostileStrings.forbidden(in: text).isEmpty
                    #expect(TerminalSanitizer.isClean(text) == !hostile, "byte \(value) at \(position) of \(text.debugDescription)")
                    if hostile { #expect(HostileStrings.forbidden(in: TerminalSanitizer.clean(text)).isEmpty) }
                    let folded = TerminalSanitizer.inline(text)
                    #expect(!folded.contains("\t") && !folded.contains("\n"), "inline left a line break in \(folded.debugDescription)")
                }
            }
        }
    }

    @Test("a malformed CSI that runs into an OSC still has the OSC removed")
    func csiIntoOSC() {
        #expect(TerminalSanitizer.clean("a\u{1b}[\u{1b}]0;title\u{07}b") == "ab")
    }

    /// The sanitiser first scans UTF-8 bytes and decodes scalars only when a byte could start
    /// something forbidden; characters that share those lead bytes must come through untouched,
    /// and every forbidden scalar behind them must still go.
    @Test("text sharing lead bytes with C1 and bidi controls passes whole; the controls beside it still go")
    func leadBytesOfForbiddenScalars() {
        let harmless = "£ ¡ ¿ « » · ½ — – ‘ ’ “ ” • … ‰ € ™ → ∑ ≠ ␀ é ü"  // lead bytes 0xC2, 0xE2, 0xC3
        for strength in [TerminalSanitizer.clean, TerminalSanitizer.inline, TerminalSanitizer.keepingStyles] {
            #expect(strength(harmless) == harmless, "a harmless character was changed: \(strength(harmless).debugDescription)")
            #expect(TerminalSanitizer.isClean(harmless), "isClean must accept text with no forbidden scalar")
            for forbidden in ["\u{85}", "\u{9F}", "\u{80}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{7F}", "\u{0B}", "\u{1F}"] {
                let text = "é" + forbidden + "ü"  // no other byte here calls for a closer look
                #expect(strength(text) == "éü", "\(forbidden.unicodeScalars.first!.value) survived: \(strength(text).debugDescription)")
                #expect(!TerminalSanitizer.isClean(text), "isClean missed \(forbidden.unicodeScalars.first!.value)")
            }
        }
    }

    /// Invisible characters make one name look like another (`Ba\u{200B}nk` shows as `Bank`) and
    /// direction marks reorder what is shown, like the bidi overrides; the line and paragraph
    /// separators break a line where a terminal does not show one.
    @Test("zero-width characters and direction marks are removed; U+2028/U+2029 become line feeds", arguments: [
        "\u{200B}", "\u{200E}", "\u{200F}", "\u{061C}", "\u{FEFF}", "\u{2060}",
    ])
    func invisibleCharacters(invisible: String) {
        let code = String(invisible.unicodeScalars.first!.value, radix: 16, uppercase: true)
        for strength in [TerminalSanitizer.clean, TerminalSanitizer.inline, TerminalSanitizer.keepingStyles] {
            #expect(strength("Ba\(invisible)nk") == "Bank", "U+\(code) survived: \(strength("Ba\(invisible)nk").debugDescription)")
            #expect(strength("é\(invisible)ü") == "éü", "U+\(code) behind a two-byte letter survived")
        }
        #expect(!TerminalSanitizer.isClean("Ba\(invisible)nk"), "isClean missed U+\(code)")
    }

    /// The other characters a terminal draws as nothing, each range with its name: every code point
    /// of each range is removed wherever it stands, in all three strengths, and `isClean` sees it.
    static let invisibleRanges: [(name: String, range: ClosedRange<UInt32>)] = [
        ("soft hyphen", 0x00AD...0x00AD),
        ("combining grapheme joiner", 0x034F...0x034F),
        ("Hangul choseong and jungseong fillers", 0x115F...0x1160),
        ("Hangul filler", 0x3164...0x3164),
        ("halfwidth Hangul filler", 0xFFA0...0xFFA0),
        ("Khmer inherent vowels", 0x17B4...0x17B5),
        ("Mongolian vowel separator", 0x180E...0x180E),
        ("invisible operators", 0x2061...0x2064),
        ("deprecated format characters", 0x206A...0x206F),
        ("interlinear annotation characters", 0xFFF9...0xFFFB),
        ("tag characters", 0xE0000...0xE007F),
    ]

    @Test("every other invisible character is removed, alone and between letters of any width", arguments: invisibleRanges.map(\.name))
    func otherInvisibleCharacters(name: String) {
        let range = Self.invisibleRanges.first { $0.name == name }!.range
        for value in range {
            let invisible = String(Unicode.Scalar(value)!)
            let code = "U+" + String(value, radix: 16, uppercase: true)
            for strength in [TerminalSanitizer.clean, TerminalSanitizer.inline, TerminalSanitizer.keepingStyles] {
                #expect(strength("Ba\(invisible)nk") == "Bank", "\(name) \(code) survived: \(strength("Ba\(invisible)nk").debugDescription)")
                #expect(strength("\(invisible)") == "", "\(name) \(code) alone survived")
                #expect(strength("é\(invisible)ü") == "éü", "\(name) \(code) between two-byte letters survived")
                #expect(strength("Việt\(invisible)日本") == "Việt日本", "\(name) \(code) between Vietnamese and Japanese survived")
            }
            #expect(!TerminalSanitizer.isClean("Ba\(invisible)nk"), "isClean missed \(name) \(code)")
        }
    }

    @Test("text next to the invisible characters, and the joiners scripts need, are left as they are")
    func neighboursOfInvisibleCharacters() {
        let kept = [
            "Tiếng Việt có dấu", "日本語のテキスト", "한국어 가 ᆨ", "ខ្មែរ ា", "ᠮᠣᠩᠭᠣᠯ ᠍", "ㅥ ﾡ", "\u{FFFC}", "\u{E0100}",
            "👩\u{200D}💻", "می\u{200C}خواهم",
        ]
        for text in kept {
            for strength in [TerminalSanitizer.clean, TerminalSanitizer.inline, TerminalSanitizer.keepingStyles] {
                #expect(strength(text) == text, "\(text.debugDescription) was changed to \(strength(text).debugDescription)")
            }
            #expect(TerminalSanitizer.isClean(text), "isClean refused \(text.debugDescription)")
        }
    }

    @Test("the line and paragraph separators end a line in clean and become a space in inline")
    func lineSeparators() {
        #expect(TerminalSanitizer.clean("one\u{2028}two\u{2029}three") == "one\ntwo\nthree", "clean kept a separator as it was")
        #expect(TerminalSanitizer.inline("one\u{2028}two\u{2029}three") == "one two three", "inline kept a separator as it was")
        #expect(!TerminalSanitizer.isClean("one\u{2028}two"), "isClean missed U+2028")
        let arabic = "مرحبا بالعالم ﻻ ｱ"  // lead bytes 0xD8/0xD9 and 0xEF, like U+061C and U+FEFF
        #expect(TerminalSanitizer.inline(arabic) == arabic, "text sharing lead bytes with the invisible characters was changed")
    }

    /// The first look passes eight bytes of printable ASCII at a time: a control, DEL, a line break
    /// or an invisible character is still found at every offset within and across those eight.
    @Test("a forbidden character is found at every offset of the first look's eight-byte steps")
    func everyOffset() {
        for bad in ["\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{200B}", "\u{FEFF}", "\u{202E}", "\u{1F}"] {
            for length in 1...26 {
                for offset in 0..<length {
                    let plain = String(repeating: "a", count: length)
                    let text = String(plain.prefix(offset)) + bad + String(plain.dropFirst(offset))
                    #expect(HostileStrings.forbidden(in: TerminalSanitizer.clean(text)).isEmpty, "clean kept \(bad.debugDescription) at \(offset) of \(length)")
                    #expect(TerminalSanitizer.inline(text) != text, "inline kept \(bad.debugDescription) at \(offset) of \(length)")
                }
            }
        }
        for lineBreak in ["\t", "\n"] {
            for offset in 0..<20 {
                let text = String(repeating: "b", count: offset) + lineBreak + String(repeating: "c", count: 20 - offset)
                #expect(TerminalSanitizer.inline(text) == String(repeating: "b", count: offset) + " " + String(repeating: "c", count: 20 - offset), "inline kept a line break at \(offset)")
                #expect(TerminalSanitizer.clean(text) == text, "clean changed a line break at \(offset)")
            }
        }
    }
}
