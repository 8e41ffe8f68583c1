/// Readability.js's class/id patterns, written as keyword lists (same matches, no regex engine).
enum ReadabilityPatterns {
    static let unlikelyCandidates = [
        "-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap", "disqus",
        "extra", "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss",
        "shoutbox", "sidebar", "skyscraper", "social", "sponsor", "supplemental", "ad-break", "agegate",
        "pagination", "pager", "popup", "yom-remote",
    ]
    static let maybeCandidate = ["and", "article", "body", "column", "content", "main", "mathjax", "shadow"]
    static let positive = [
        "article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination", "post", "text",
        "blog", "story",
    ]
    static let negative = [
        "-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead", "media",
        "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar", "skyscraper", "sponsor",
        "shopping", "tags", "widget",
    ]
    static let byline = ["byline", "author", "dateline", "writtenby", "p-author"]
    static let unlikelyRoles: Set<String> = ["menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog"]
    static let adWords: Set<String> = ["ad", "advertising", "advertisement", "pub", "publicité", "werb", "werbung", "广告", "реклама", "anuncio"]
    static let loadingWords = ["loading", "正在加载", "загрузка", "chargement", "cargando"]

    static func matches(_ text: String, _ keywords: [String]) -> Bool {
        let lower = Array(text.lowercased().utf8)
        return keywords.contains { contains(lower, $0) }
    }

    static func isNegative(_ text: String) -> Bool {
        let lowered = text.lowercased()
        if lowered == "hid" || lowered.hasPrefix("hid ") || lowered.hasSuffix(" hid") || contains(Array(lowered.utf8), " hid ") { return true }
        let lower = Array(lowered.utf8)
        return negative.contains { contains(lower, $0) }
    }

    /// Byte substring search; the keywords are short ASCII, the haystacks short class names.
    private static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, haystack.count >= pattern.count else { return pattern.isEmpty }
        let first = pattern[0]
        var start = 0
        while start <= haystack.count - pattern.count {
            if haystack[start] == first {
                var offset = 1
                while offset < pattern.count, haystack[start + offset] == pattern[offset] { offset += 1 }
                if offset == pattern.count { return true }
            }
            start += 1
        }
        return false
    }

    /// `(\b|_)(share|sharedaddy)(\b|_)`: "share" as a whole token of a class or id.
    static func isShareElement(_ text: String) -> Bool {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }.contains { $0 == "share" || $0 == "sharedaddy" }
    }

    static func isAdOrLoadingText(_ text: String) -> Bool {
        let lower = text.lowercased()
        if adWords.contains(lower) { return true }
        return loadingWords.contains { lower == $0 || lower == $0 + "…" || lower == $0 + "..." }
    }

    static let commaCharacters: Set<Character> = [",", "\u{060C}", "\u{FE50}", "\u{FE10}", "\u{FE11}", "\u{2E41}", "\u{2E34}", "\u{2E32}", "\u{FF0C}"]

    static let phrasingElements: Set<String> = [
        "abbr", "audio", "b", "bdo", "br", "button", "cite", "code", "data", "datalist", "dfn", "em", "embed", "i",
        "img", "input", "kbd", "label", "mark", "math", "meter", "noscript", "object", "output", "progress", "q",
        "ruby", "samp", "script", "select", "small", "span", "strong", "sub", "sup", "textarea", "time", "var", "wbr",
    ]
    static let divToParagraphElements: Set<String> = ["blockquote", "dl", "div", "img", "ol", "p", "pre", "table", "ul"]
    static let tagsToScore: Set<String> = ["section", "h2", "h3", "h4", "h5", "h6", "p", "td", "pre"]
}
