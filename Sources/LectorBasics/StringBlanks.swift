/// Trimming and comparing as Foundation's NSString did, for code that imports only FoundationEssentials.
extension StringProtocol {
    /// Without leading and trailing spaces and tabs (Foundation's `.whitespaces`: Unicode Zs and tab).
    public var trimmingBlanks: String { trimming(where: \.isBlank) }

    /// Without leading and trailing blanks and line breaks (Foundation's `.whitespacesAndNewlines`).
    public var trimmingBlanksAndNewlines: String { trimming { $0.isBlank || $0.isLineBreak } }

    /// Without the leading and trailing scalars for which `drop` is true.
    public func trimming(where drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }) else { return "" }
        let last = scalars.lastIndex { !drop($0) }!
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars[first...last])
        return String(kept)
    }

    /// Equal ignoring case, letter by letter (what `caseInsensitiveCompare(_:) == .orderedSame` was used for).
    public func equalsIgnoringCase(_ other: some StringProtocol) -> Bool {
        lowercased() == other.lowercased()
    }
}

extension Unicode.Scalar {
    /// Space separators (Zs) and tab.
    public var isBlank: Bool { self == "\t" || properties.generalCategory == .spaceSeparator }

    /// LF, VT, FF, CR, NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR.
    public var isLineBreak: Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
