extension StringProtocol {
    /// Every occurrence of `target` replaced, left to right, compared scalar by scalar as
    /// Foundation's `replacingOccurrences(of:with:)` did: "\n" is found inside "\r\n" too. (The
    /// standard library's `replacing(_:with:)` compares Characters, misses that, and was several
    /// times slower on the CLI's table cells.)
    public func replacingAll(_ target: String, with replacement: String) -> String {
        let needle = Array(target.utf8)
        guard let first = needle.first else { return String(self) }
        let bytes = utf8
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var matched = false
        if needle.count == 1 {
            let substitute = Array(replacement.utf8)
            for byte in bytes {
                if byte == first {
                    out += substitute
                    matched = true
                } else {
                    out.append(byte)
                }
            }
        } else {
            let haystack = Array(bytes)
            let substitute = Array(replacement.utf8)
            var index = 0
            // Valid UTF-8 never matches a whole scalar sequence across a scalar boundary, so a byte match is a scalar match.
            while index < haystack.count {
                if haystack[index] == first, index + needle.count <= haystack.count, haystack[index..<index + needle.count].elementsEqual(needle) {
                    out += substitute
                    index += needle.count
                    matched = true
                } else {
                    out.append(haystack[index])
                    index += 1
                }
            }
        }
        return matched ? String(decoding: out, as: UTF8.self) : String(self)
    }
}
