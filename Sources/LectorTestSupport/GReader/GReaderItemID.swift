/// GReader item id forms: long `tag:google.com,2005:reader/item/<16 hex>`, decimal, and bare hex.
public enum GReaderItemID {
    static let prefix = "tag:google.com,2005:reader/item/"

    /// The long form of `id`.
    public static func long(_ id: Int64) -> String {
        let hex = String(UInt64(bitPattern: id), radix: 16)
        return prefix + String(repeating: "0", count: max(0, 16 - hex.count)) + hex
    }

    /// Parses any accepted form the way FreshRSS does: all digits not starting with 0 is
    /// decimal, anything else is hex.
    public static func parse(_ text: String) -> Int64? {
        var value = text
        if value.hasPrefix(prefix) { value.removeFirst(prefix.count) }
        if !value.isEmpty, value.first != "0", value.allSatisfy(\.isNumber), text == value {
            return Int64(value)
        }
        return UInt64(value, radix: 16).map { Int64(bitPattern: $0) }
    }
}
