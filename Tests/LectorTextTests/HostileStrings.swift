/// Hostile strings a feed, a server or a backup file could carry, each with a name for failure
/// messages. Every one holds something a terminal would act on.
enum HostileStrings {
    static let table: [(name: String, text: String)] = [
        ("ESC alone", "a\u{1b}b"),
        ("OSC 52 clipboard write", "a\u{1b}]52;c;cm0gLXJmIH4=\u{07}b"),
        ("OSC 8 hyperlink", "a\u{1b}]8;;https://evil.example/\u{1b}\\click\u{1b}]8;;\u{1b}\\b"),
        ("OSC 0 title", "a\u{1b}]0;pwned\u{07}b"),
        ("CSI 2J clear screen", "a\u{1b}[2J\u{1b}[Hb"),
        ("SGR colour", "a\u{1b}[31mred\u{1b}[0mb"),
        ("BEL", "a\u{07}b"),
        ("CR overwrite", "safe\rEVIL"),
        ("BS", "ab\u{08}\u{08}xy"),
        ("C1 NEL 0x85", "a\u{85}b"),
        ("C1 CSI 0x9b", "a\u{9b}2Jb"),
        ("bidi override", "a\u{202e}txet\u{202c}b"),
        ("bidi isolate", "a\u{2066}x\u{2069}b"),
        ("DEL and NUL", "a\u{7f}\u{0}b"),
        ("zero-width space", "a\u{200B}b"),
        ("right-to-left mark", "a\u{200F}txet\u{200E}b"),
        ("soft hyphen and Hangul filler", "a\u{AD}b\u{3164}c"),
        ("tag characters", "a\u{E0001}\u{E0069}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}\u{E007F}b"),
    ]

    /// The scalars of `text` that must never reach a terminal: controls other than tab and line
    /// feed, DEL, C1, bidi controls and marks, invisible characters, line separators. Lector's own SGR codes are removed first when `allowingStyles`.
    static func forbidden(in text: String) -> [String] {
        text.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
                || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
                || [0x061C, 0x200B, 0x200E, 0x200F, 0x2060, 0xFEFF, 0x2028, 0x2029].contains($0.value)
                || [0x00AD, 0x034F, 0x115F, 0x1160, 0x3164, 0xFFA0, 0x17B4, 0x17B5, 0x180E].contains($0.value)
                || (0x2061...0x2064).contains($0.value) || (0x206A...0x206F).contains($0.value)
                || (0xFFF9...0xFFFB).contains($0.value) || (0xE0000...0xE007F).contains($0.value)
        }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }
}
