/// Guesses the language an article is written in, so the summary can be asked for in it.
///
/// The method, cheapest signal first:
/// 1. **Script.** If most letters are Cyrillic, Greek, Arabic, Hebrew, Hangul, kana or Han, that
///    settles it (Cyrillic → Russian, Han without kana → Chinese, any kana → Japanese).
/// 2. **Stop words.** Otherwise the text is split into lowercase words and each language in
///    `StopWords.table` (English, German, French, Spanish, Italian, Portuguese, Dutch, Swedish,
///    Polish, Turkish) scores the share of words that are among its ~40 most common function
///    words. The best language wins if it matched at least `minimumHits` words, at least
///    `minimumShare` of all words, and clearly more than the runner-up (`minimumLead`).
/// 3. **Fallback.** When the text is too short or too mixed to decide, the feed's declared
///    language is used if there is one, else English.
/// Only the first `sampleCharacters` characters are examined; that is plenty and keeps it fast.
public enum LanguageDetector {
    static let sampleCharacters = 4_000
    static let minimumHits = 3
    static let minimumShare = 0.08
    static let minimumLead = 1.3

    /// The language of `text`, else the feed's `declared` tag (e.g. "de-DE"), else English.
    public static func language(of text: String, declared: String? = nil) -> ArticleLanguage {
        detect(text) ?? declared.flatMap(ArticleLanguage.init(declared:)) ?? .english
    }

    /// The detected language, or nil when the text gives no clear answer.
    static func detect(_ text: String) -> ArticleLanguage? {
        let sample = text.prefix(sampleCharacters)
        if let script = dominantScript(sample) { return script }
        return byStopWords(sample)
    }

    private static func byStopWords(_ sample: Substring) -> ArticleLanguage? {
        let words = sample.lowercased()
            .split(whereSeparator: { !$0.isLetter })
        guard !words.isEmpty else { return nil }
        var scores: [(language: ArticleLanguage, hits: Int)] = StopWords.table.map { entry in
            (entry.language, words.reduce(0) { $0 + (entry.words.contains(String($1)) ? 1 : 0) })
        }
        scores.sort { $0.hits > $1.hits }
        let best = scores[0], runnerUp = scores.count > 1 ? scores[1].hits : 0
        guard best.hits >= minimumHits,
              Double(best.hits) >= minimumShare * Double(words.count),
              Double(best.hits) >= minimumLead * Double(runnerUp) else { return nil }
        return best.language
    }

    /// The language implied by a non-Latin script holding most of the letters, if any.
    private static func dominantScript(_ sample: Substring) -> ArticleLanguage? {
        var counts: [String: Int] = [:]
        var letters = 0
        for scalar in sample.unicodeScalars where scalar.properties.isAlphabetic {
            letters += 1
            if let code = scriptLanguage(scalar.value) { counts[code, default: 0] += 1 }
        }
        guard letters > 0 else { return nil }
        // Japanese mixes kana with Han: any real share of kana means Japanese.
        if let kana = counts["ja"], kana * 10 >= letters {
            return ArticleLanguage(code: "ja", name: "Japanese")
        }
        guard let (code, count) = counts.max(by: { $0.value < $1.value }), count * 2 > letters else { return nil }
        return ArticleLanguage(code: code, name: ArticleLanguage.englishNames[code] ?? code)
    }

    private static func scriptLanguage(_ value: UInt32) -> String? {
        switch value {
        case 0x0400...0x04FF: return "ru"
        case 0x0370...0x03FF: return "el"
        case 0x0590...0x05FF: return "he"
        case 0x0600...0x06FF: return "ar"
        case 0x0900...0x097F: return "hi"
        case 0x3040...0x30FF: return "ja"
        case 0xAC00...0xD7AF, 0x1100...0x11FF: return "ko"
        case 0x4E00...0x9FFF, 0x3400...0x4DBF: return "zh"
        default: return nil
        }
    }
}
