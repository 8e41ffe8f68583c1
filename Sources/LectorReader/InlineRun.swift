/// Character-level formatting collected while walking inline HTML.
struct TextStyle: OptionSet, Hashable {
    let rawValue: UInt8
    static let bold = TextStyle(rawValue: 1)
    static let italic = TextStyle(rawValue: 2)
    static let underline = TextStyle(rawValue: 4)
    /// Code: never wrapped by Bionic Reading.
    static let code = TextStyle(rawValue: 8)
    /// Text the renderer produced itself (reference markers, image labels): never emphasised.
    static let literal = TextStyle(rawValue: 16)
}

/// A stretch of inline text with one style. `"\n"` inside the text is a hard line break.
struct InlineRun {
    var text: String
    var style: TextStyle
}

/// One unbreakable word on a wrapped line, possibly made of differently styled pieces.
struct WrappedWord {
    var pieces: [InlineRun]
    var width: Int
    /// URL-like words are neither split nor emphasised.
    var isURL: Bool
}
