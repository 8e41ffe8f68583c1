extension StringProtocol {
    /// The string without leading and trailing whitespace and newlines (pure stdlib: Foundation's
    /// trimmingCharacters bridges through NSString on Linux and dominated parse profiles).
    var trimmed: String {
        // Most values have nothing to trim; a printable ASCII character at each end settles that
        // without the Unicode property look-ups of the scans below.
        if let head = first, let tail = last, isPrintableASCII(head), isPrintableASCII(tail) {
            return String(self)
        }
        guard let first = firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = lastIndex(where: { !$0.isWhitespace })!
        return String(self[first...last])
    }
}

private func isPrintableASCII(_ c: Character) -> Bool {
    guard let value = c.asciiValue else { return false }
    return value > 0x20 && value < 0x7F
}
