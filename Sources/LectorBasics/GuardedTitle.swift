/// A title as another copy of the same story would carry it — lower case, punctuation and runs
/// of blanks made one space — or nil when it is too short to tell one story from another.
/// "Links", "Weekly update" or "Release 2.1" recur across unrelated feeds; a title of at least
/// `minimumWords` words and `minimumLetters` letters and digits rarely does, and then only for
/// the same story (a time window narrows it further where it is used).
public enum GuardedTitle {
    public static let minimumWords = 5
    public static let minimumLetters = 24

    public static func key(_ title: String) -> String? {
        // Most titles are ASCII: their key is read off their bytes, the same key as the letters
        // give (`GuardedTitleTests`) at a fraction of the work, which a store's first keying
        // does for each of its articles.
        if let key = title.utf8.withContiguousStorageIfAvailable(asciiKey) { if let key { return key } }
        return generalKey(title)
    }

    /// The key as `key` takes it, letter by letter: any title.
    static func generalKey(_ title: String) -> String? {
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

    /// The key of a title all in ASCII, from its bytes: `.some(nil)` for a title too short, nil
    /// when a byte is not ASCII (`generalKey` then takes it).
    static func asciiKey(_ bytes: UnsafeBufferPointer<UInt8>) -> String?? {
        var key: [UInt8] = []
        key.reserveCapacity(bytes.count)
        var words = 0, letters = 0, inWord = false
        for byte in bytes {
            switch byte {
            case 0x80...: return nil
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39: // A-Z, a-z, 0-9
                if !inWord {
                    if words > 0 { key.append(0x20) }
                    words += 1
                    inWord = true
                }
                key.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
                letters += 1
            case 0x27: continue // "it's" and "its" are one word
            default: inWord = false
            }
        }
        guard words >= minimumWords, letters >= minimumLetters else { return .some(nil) }
        return .some(String(decoding: key, as: UTF8.self))
    }
}
