extension String {
    /// `value` in `radix`, left-padded with zeros to `width` digits: what `String(format: "%02X")`
    /// and friends were used for (String(format:) is not in FoundationEssentials).
    public init(zeroPadded value: some BinaryInteger, radix: Int = 10, width: Int, uppercase: Bool = false) {
        self = Self.padded(value, radix: radix, width: width, uppercase: uppercase)
    }

    private static func padded(_ value: some BinaryInteger, radix: Int, width: Int, uppercase: Bool) -> String {
        let digits = String(value.magnitude, radix: radix, uppercase: uppercase)
        let zeros = String(repeating: "0", count: Swift.max(0, width - digits.count))
        return value < 0 ? "-" + zeros + digits : zeros + digits
    }
}
