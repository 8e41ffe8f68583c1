// Inlinable: the feed parser calls it on every value, and an unspecialised generic call across
// modules would cost it what the stdlib trimming was chosen to save.
extension StringProtocol {
    /// The string without leading and trailing whitespace and newlines (pure stdlib: Foundation's
    /// trimmingCharacters bridges through NSString on Linux and dominated parse profiles).
    @inlinable public var trimmed: String {
        // Most values have nothing to trim. A printable ASCII byte at each end settles that without
        // classifying Characters: the first Character then starts with that byte, and the last one is
        // that byte, perhaps after a prepended scalar (never whitespace); whitespace is a property of a
        // Character's first scalar.
        let bytes = utf8
        if let head = bytes.first, isPrintableASCII(head),
           isPrintableASCII(bytes[bytes.index(bytes.startIndex, offsetBy: bytes.count - 1)]) {
            return String(self)
        }
        guard let first = firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = lastIndex(where: { !$0.isWhitespace })!
        return String(self[first...last])
    }
}

@usableFromInline func isPrintableASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
