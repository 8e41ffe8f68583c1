/// Bionic Reading: the leading part of each word is bolded so the eye fixes on it.
///
/// Ratios (share of the word's characters bolded, rounded up), from lightest to heaviest:
/// F1 0.3, F2 0.4, F3 0.5, F4 0.6, F5 0.7. Words of one character are left alone; words of two
/// or three characters get exactly one bold character in every mode. A word is a run of letters,
/// combining marks, digits, apostrophes (' ’) and hyphens. See docs/bionic.md.
///
/// One type for the `reader.bionic` setting (LectorSettings, which stores the raw values) and the
/// renderer (LectorReader): it lives here because neither of those floors depends on the other.
public enum BionicMode: String, CaseIterable, Sendable {
    case off, f1 = "F1", f2 = "F2", f3 = "F3", f4 = "F4", f5 = "F5"

    /// The mode a user typed, in either case (`--bionic f3`).
    public init?(typed: String) {
        guard let mode = Self.allCases.first(where: { $0.rawValue.lowercased() == typed.lowercased() }) else { return nil }
        self = mode
    }

    /// Fraction of a word's characters that is bolded, or nil when off.
    public var ratio: Double? { tenths.map { Double($0) / 10 } }

    /// The ratio in tenths, so that rounding up is exact (10 × 0.3 is 3, not 3.0000000000000004).
    private var tenths: Int? {
        switch self {
        case .off: nil
        case .f1: 3
        case .f2: 4
        case .f3: 5
        case .f4: 6
        case .f5: 7
        }
    }

    /// Number of leading characters bolded in a word of `length` characters.
    public func fixationLength(forWordLength length: Int) -> Int {
        guard let tenths, length >= 2 else { return 0 }
        if length <= 3 { return 1 }
        return min(length, max(1, (length * tenths + 9) / 10))
    }
}
