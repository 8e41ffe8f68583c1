/// GReader entry ids: stored in the short form (signed decimal), sent in the long form
/// (`tag:google.com,2005:reader/item/` + 16 hex digits), which every server reads the same way.
enum GReaderItemID {
    static let longPrefix = "tag:google.com,2005:reader/item/"

    /// Short (decimal) form from either form; nil for ids that are not 64-bit numbers.
    static func short(_ id: String) -> String? {
        if id.hasPrefix(longPrefix) {
            guard let value = UInt64(id.dropFirst(longPrefix.count), radix: 16) else { return nil }
            return String(Int64(bitPattern: value))
        }
        return Int64(id).map(String.init)
    }

    /// The id the store keys an entry by: the short form, or — for servers whose ids are not
    /// 64-bit numbers (The Old Reader) — the opaque id without the long-form prefix, so an id from
    /// `items/ids` and the same id from `items/contents` always match.
    static func key(_ id: String) -> String {
        short(id) ?? (id.hasPrefix(longPrefix) ? String(id.dropFirst(longPrefix.count)) : id)
    }

    /// Long form of a short id (two's complement for negative ids).
    static func long(_ shortID: String) -> String {
        guard let value = Int64(shortID) else { return shortID }
        let hex = String(UInt64(bitPattern: value), radix: 16)
        return longPrefix + String(repeating: "0", count: max(0, 16 - hex.count)) + hex
    }
}
