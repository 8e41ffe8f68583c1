import LectorBasics

/// Bionic Reading (the modes and their ratios: `BionicMode`, in LectorBasics, which the
/// `reader.bionic` setting declares too).
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
