extension StringProtocol {
    /// The string without leading and trailing whitespace and newlines (pure stdlib: Foundation's
    /// trimmingCharacters bridges through NSString on Linux and dominated parse profiles).
    var trimmed: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = lastIndex(where: { !$0.isWhitespace })!
        return String(self[first...last])
    }
}
