/// A language a summary can be asked for in: an ISO 639-1 code and its English name for the prompt.
public struct ArticleLanguage: Sendable, Equatable, CustomStringConvertible {
    /// The ISO 639-1 code, e.g. "de".
    public let code: String
    /// The English name, e.g. "German" (models follow "write in German" reliably).
    public let name: String

    /// The fallback when neither the text nor the feed says otherwise.
    public static let english = ArticleLanguage(code: "en", name: "English")

    /// The language for a declared tag such as "de-DE" or "pt_BR"; nil when empty or malformed.
    public init?(declared tag: String) {
        let primary = tag.trimmingBlanks.lowercased()
            .split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        guard (2...3).contains(primary.count), primary.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        self.init(code: primary, name: Self.englishNames[primary] ?? primary)
    }

    init(code: String, name: String) {
        self.code = code
        self.name = name
    }

    /// Same as `name`.
    public var description: String { name }

    static let englishNames: [String: String] = [
        "en": "English", "de": "German", "fr": "French", "es": "Spanish", "it": "Italian",
        "pt": "Portuguese", "nl": "Dutch", "sv": "Swedish", "da": "Danish", "no": "Norwegian",
        "nb": "Norwegian", "nn": "Norwegian", "pl": "Polish", "cs": "Czech", "fi": "Finnish",
        "tr": "Turkish", "ru": "Russian", "uk": "Ukrainian", "el": "Greek", "ja": "Japanese",
        "zh": "Chinese", "ko": "Korean", "ar": "Arabic", "he": "Hebrew", "hi": "Hindi",
        "ca": "Catalan", "ro": "Romanian", "hu": "Hungarian",
    ]
}
