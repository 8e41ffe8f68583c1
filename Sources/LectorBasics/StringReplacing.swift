extension StringProtocol {
    /// Every occurrence of `target` replaced, left to right, compared scalar by scalar as
    /// Foundation's `replacingOccurrences(of:with:)` did: "\n" is found inside "\r\n" too. (The
    /// standard library's `replacing(_:with:)` compares Characters, misses that, and was several
    /// times slower on the CLI's table cells.)
    public func replacingAll(_ target: String, with replacement: String) -> String {
        // One contiguous buffer: iterating a generic UTF8View from another module goes through
        // unspecialized witnesses, byte by byte, and was most of a search list's rendering.
        var text = String(self)
        return text.withUTF8 { bytes in Self.replacing(target, with: replacement, in: bytes) } ?? text
    }

    /// `bytes` with every `target` replaced, nil when there is none.
    private static func replacing(_ target: String, with replacement: String, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var needle = target
        return needle.withUTF8 { needle -> String? in
            guard let first = needle.first, var index = bytes.firstIndex(of: first) else { return nil }
            var replacement = replacement
            return replacement.withUTF8 { substitute -> String? in
                var out: [UInt8] = []
                out.reserveCapacity(bytes.count + substitute.count)
                var copied = 0, matched = false
                // Valid UTF-8 never matches a whole scalar sequence across a scalar boundary, so a byte match is a scalar match.
                while index <= bytes.count - needle.count {
                    if bytes[index] == first && (needle.count == 1 || memoryEqual(bytes, at: index, needle)) {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                        out.append(contentsOf: substitute)
                        index += needle.count
                        copied = index
                        matched = true
                    } else {
                        index += 1
                    }
                }
                guard matched else { return nil }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
                return String(decoding: out, as: UTF8.self)
            }
        }
    }

    private static func memoryEqual(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        for offset in 1..<needle.count where bytes[index + offset] != needle[offset] { return false }
        return true
    }
}
