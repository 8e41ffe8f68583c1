/// The order people expect of names with numbers in them: "Feed 2" before "Feed 10", letters
/// compared without regard to case, and a run of digits compared by its value.
extension String {
    public func precedesNaturally(_ other: String) -> Bool {
        naturalComparison(with: other) < 0
    }

    /// Negative, zero or positive as `self` sorts before, with or after `other`.
    public func naturalComparison(with other: String) -> Int {
        var left = Array(unicodeScalars)[...], right = Array(other.unicodeScalars)[...]
        while let l = left.first, let r = right.first {
            if l.properties.numericType == .decimal, r.properties.numericType == .decimal {
                let leftDigits = left.prefix { $0.properties.numericType == .decimal }
                let rightDigits = right.prefix { $0.properties.numericType == .decimal }
                left.removeFirst(leftDigits.count)
                right.removeFirst(rightDigits.count)
                let leftValue = Self.trimmingLeadingZeros(leftDigits), rightValue = Self.trimmingLeadingZeros(rightDigits)
                // More significant digits is larger; the same count compares digit by digit.
                if leftValue.count != rightValue.count { return leftValue.count < rightValue.count ? -1 : 1 }
                for (a, b) in zip(leftValue, rightValue) where a != b { return a.value < b.value ? -1 : 1 }
                continue
            }
            let a = String(l).lowercased(), b = String(r).lowercased()
            if a != b { return a < b ? -1 : 1 }
            left.removeFirst()
            right.removeFirst()
        }
        if left.isEmpty != right.isEmpty { return left.isEmpty ? -1 : 1 }
        // Equal but for case or leading zeros: the plain order keeps the sort stable and total.
        return self == other ? 0 : (self < other ? -1 : 1)
    }

    private static func trimmingLeadingZeros(_ digits: ArraySlice<Unicode.Scalar>) -> [Unicode.Scalar] {
        let significant = digits.drop { $0 == "0" }
        return significant.isEmpty ? ["0"] : Array(significant)
    }
}
