/// Counts whitespace-separated tokens that contain a letter or digit.
struct WordCounter {
    private(set) var count = 0
    private var inToken = false
    private var tokenCounted = false

    mutating func feed(_ text: String) {
        for character in text {
            let isSpace: Bool, isWordy: Bool
            if let ascii = character.asciiValue {
                isSpace = ascii == 0x20 || (0x09...0x0D).contains(ascii)
                isWordy = (0x30...0x39).contains(ascii) || (0x41...0x5A).contains(ascii) || (0x61...0x7A).contains(ascii)
            } else {
                isSpace = character.isWhitespace
                isWordy = character.isLetter || character.isNumber
            }
            if isSpace {
                inToken = false
            } else {
                if !inToken { inToken = true; tokenCounted = false }
                if !tokenCounted, isWordy { count += 1; tokenCounted = true }
            }
        }
    }

    mutating func endWord() { inToken = false }
}
