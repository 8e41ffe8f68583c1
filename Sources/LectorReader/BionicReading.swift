/// Bionic Reading: the leading part of each word is bolded so the eye fixes on it.
///
/// Ratios (share of the word's characters bolded, rounded up), from lightest to heaviest:
/// F1 0.3, F2 0.4, F3 0.5, F4 0.6, F5 0.7. Words of one character are left alone; words of two
/// or three characters get exactly one bold character in every mode. A word is a run of letters,
/// combining marks, digits, apostrophes (' ’) and hyphens. See docs/bionic.md.
public enum BionicMode: String, CaseIterable, Sendable {
    case off, f1, f2, f3, f4, f5

    /// Fraction of a word's characters that is bolded, or nil when off.
    public var ratio: Double? { tenths.map { Double($0) / 10 } }

    /// The ratio in tenths, so that rounding up is exact (10 × 0.3 is 3, not 3.0000000000000004).
    private var tenths: Int? {
        switch self {
        case .off: nil
        case .f1: 3
        case .f2: 4
        case .f3: 5
        case .f4: 6
        case .f5: 7
        }
    }

    /// Number of leading characters bolded in a word of `length` characters.
    public func fixationLength(forWordLength length: Int) -> Int {
        guard let tenths, length >= 2 else { return 0 }
        if length <= 3 { return 1 }
        return min(length, max(1, (length * tenths + 9) / 10))
    }
}

enum BionicReading {
    static let boldOn = "\u{1b}[1m"
    static let boldOff = "\u{1b}[22m"

    /// Wraps the fixation part of every word in `text` in bold SGR codes.
    static func emphasize(_ text: String, mode: BionicMode) -> String {
        guard mode != .off else { return text }
        var output = ""
        var word = ""
        func flushWord() {
            guard !word.isEmpty else { return }
            let bold = mode.fixationLength(forWordLength: word.count)
            if bold > 0 {
                let cut = word.index(word.startIndex, offsetBy: bold)
                output += boldOn + word[..<cut] + boldOff + word[cut...]
            } else {
                output += word
            }
            word = ""
        }
        for character in text {
            if isWordCharacter(character) { word.append(character) } else { flushWord(); output.append(character) }
        }
        flushWord()
        return output
    }

    static func isWordCharacter(_ character: Character) -> Bool {
        if character == "'" || character == "’" || character == "-" { return true }
        guard let scalar = character.unicodeScalars.first else { return false }
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil
    }
}
