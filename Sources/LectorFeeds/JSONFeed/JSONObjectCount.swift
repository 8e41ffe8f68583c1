/// Counts the JSON objects of a document (the `{` outside strings) without parsing it, stopping
/// once past `limit`. Foundation's parser builds every object of a document before we can look
/// at any — about 3 KB each, so a 16 MB file of 10⁶ tiny items cost 3 GB — so a document with
/// far more objects than a feed we would keep is refused before it is parsed.
enum JSONObjectCount {
    static func exceeds(_ limit: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        var count = 0, inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") {
                count += 1
                if count > limit { return true }
            }
        }
        return false
    }
}
