/// A title as another copy of the same story would carry it — lower case, punctuation and runs
/// of blanks made one space — or nil when it is too short to tell one story from another.
/// "Links", "Weekly update" or "Release 2.1" recur across unrelated feeds; a title of at least
/// `minimumWords` words and `minimumLetters` letters and digits rarely does, and then only for
/// the same story (a time window narrows it further where it is used).
public enum GuardedTitle {
    public static let minimumWords = 5
    public static let minimumLetters = 24

    public static func key(_ title: String) -> String? {
        var words: [String] = []
        var word = ""
        var letters = 0
        for character in title.lowercased() {
            if character.isLetter || character.isNumber {
                word.append(character)
                letters += 1
            } else if character == "'" || character == "’" {
                continue // "it's" and "its" are one word
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        guard words.count >= minimumWords, letters >= minimumLetters else { return nil }
        return words.joined(separator: " ")
    }
}
