/// Characters a terminal draws as nothing (or as a blank indistinguishable from none), beyond the
/// zero-width space, word joiner and BOM the sanitiser names itself: each can hide inside a name
/// so that `Ba<U+00AD>nk` shows as `Bank`, or carry text nobody sees (the tag characters spell
/// ASCII invisibly). Not here on purpose: U+200C and U+200D (joiners that scripts and emoji
/// sequences rely on) and the variation selectors (which choose how an emoji or a CJK character
/// is drawn).
enum InvisibleCharacters {
    static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00AD,  // soft hyphen
             0x034F,  // combining grapheme joiner
             0x115F...0x1160, 0x3164, 0xFFA0,  // Hangul fillers
             0x17B4...0x17B5,  // Khmer inherent vowels
             0x180E,  // Mongolian vowel separator
             0x2061...0x2064,  // invisible function application, times, separator, plus
             0x206A...0x206F,  // deprecated format characters (symmetric swapping, shaping, digit shapes)
             0xFFF9...0xFFFB,  // interlinear annotation anchor, separator, terminator
             0xE0000...0xE007F:  // tag characters
            return true
        default: return false
        }
    }

    /// Whether a character whose UTF-8 starts with `lead`, `second` may be one of the above, for
    /// those the sanitiser's byte scan does not look closer at anyway (it always does at lead
    /// bytes 0xC2, 0xE2 and 0xEF): U+034F is
    /// CD 8F; U+1140–U+117F is E1 85, U+1780–U+17BF E1 9E, U+1800–U+183F E1 A0; U+3140–U+317F
    /// E3 85; U+E0000–U+E0FFF F3 A0.
    static func mayStart(_ lead: UInt8, _ second: UInt8) -> Bool {
        switch (lead, second) {
        case (0xCD, 0x8F), (0xE1, 0x85), (0xE1, 0x9E), (0xE1, 0xA0), (0xE3, 0x85), (0xF3, 0xA0): true
        default: false
        }
    }
}
