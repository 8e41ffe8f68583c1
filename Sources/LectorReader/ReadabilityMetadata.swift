import FoundationEssentials
import LectorBasics

/// Title, byline, excerpt and site name from JSON-LD, `<meta>` tags and the document title,
/// in Readability's order of preference.
struct ReadabilityMetadata {
    var title: String?
    var byline: String?
    var excerpt: String?
    var siteName: String?

    static func read(from root: HTMLNode) -> ReadabilityMetadata {
        let documentTitle = articleTitle(root)
        let jsonLD = readJSONLD(root, documentTitle: documentTitle)
        let values = metaValues(root)
        func first(_ keys: [String]) -> String? {
            keys.lazy.compactMap { values[$0] }.first { !$0.isEmpty }
        }
        var result = ReadabilityMetadata()
        result.title = jsonLD.title ?? first(["dc:title", "dcterm:title", "og:title", "weibo:article:title",
                                              "weibo:webpage:title", "title", "twitter:title", "parsely-title"])
        if result.title?.isEmpty ?? true { result.title = documentTitle }
        result.byline = jsonLD.byline ?? first(["dc:creator", "dcterm:creator", "author", "parsely-author"])
        if result.byline == nil, let author = values["article:author"], !author.contains("://") { result.byline = author }
        result.excerpt = jsonLD.excerpt ?? first(["dc:description", "dcterm:description", "og:description",
                                                  "weibo:article:description", "weibo:webpage:description",
                                                  "description", "twitter:description"])
        result.siteName = jsonLD.siteName ?? first(["og:site_name"])
        return result
    }

    // MARK: - <meta>

    private static let propertyPrefixes: Set<String> = ["article", "dc", "dcterm", "og", "twitter"]
    private static let propertyNames: Set<String> = ["author", "creator", "description", "published_time", "title", "site_name"]
    private static let namePrefixes: Set<String> = ["dc", "dcterm", "og", "twitter", "parsely", "weibo:article", "weibo:webpage"]
    private static let nameSuffixes: Set<String> = ["author", "creator", "pub-date", "description", "title", "site_name"]

    private static func metaValues(_ root: HTMLNode) -> [String: String] {
        var values: [String: String] = [:]
        for meta in root.descendants(named: ["meta"]) {
            guard let content = meta.attribute("content")?.trimmingWhitespace(), !content.isEmpty else { continue }
            var matched = false
            if let property = meta.attribute("property") {
                for token in property.lowercased().split(whereSeparator: \.isWhitespace) {
                    let parts = token.split(separator: ":", maxSplits: 1).map(String.init)
                    if parts.count == 2, propertyPrefixes.contains(parts[0]), propertyNames.contains(parts[1]) {
                        values[parts[0] + ":" + parts[1]] = content
                        matched = true
                        break
                    }
                }
            }
            if !matched, let rawName = meta.attribute("name") {
                let name = rawName.lowercased().filter { !$0.isWhitespace }.replacingAll(".", with: ":")
                if isKnownName(name) { values[name] = content }
            }
        }
        return values
    }

    private static func isKnownName(_ name: String) -> Bool {
        if nameSuffixes.contains(name) { return true }
        for suffix in nameSuffixes where name.hasSuffix(suffix) {
            var prefix = name.dropLast(suffix.count)
            guard let separator = prefix.last, separator == "-" || separator == ":" else { continue }
            prefix = prefix.dropLast()
            if namePrefixes.contains(String(prefix)) { return true }
        }
        return false
    }

    // MARK: - Document title

    private static let separators: Set<Character> = ["|", "-", "–", "—", "\\", "/", ">", "»"]

    /// Readability's `_getArticleTitle`: the `<title>` with site names cut off around separators.
    static func articleTitle(_ root: HTMLNode) -> String {
        let original = (root.firstDescendant(named: "title")?.textContent ?? "").trimmingWhitespace()
        var current = original
        var hadHierarchicalSeparators = false
        func wordCount(_ s: String) -> Int { s.split(whereSeparator: \.isWhitespace).count }

        let separatorRanges = spacedSeparatorOffsets(original)
        if !separatorRanges.isEmpty {
            hadHierarchicalSeparators = separatorRanges.contains { "\\/>»".contains($0.separator) }
            current = String(original.prefix(separatorRanges.last!.offset))
            if wordCount(current) < 3 {
                if let first = original.firstIndex(where: { separators.contains($0) }) {
                    current = String(original[original.index(after: first)...])
                }
            }
        } else if current.contains(": ") {
            let headings = root.descendants(named: ["h1", "h2"])
            let trimmed = current.trimmingWhitespace()
            if !headings.contains(where: { $0.textContent.trimmingWhitespace() == trimmed }) {
                if let last = original.lastIndex(of: ":") { current = String(original[original.index(after: last)...]) }
                if wordCount(current) < 3, let first = original.firstIndex(of: ":") {
                    current = String(original[original.index(after: first)...])
                } else if let first = original.firstIndex(of: ":"), wordCount(String(original[..<first])) > 5 {
                    current = original
                }
            }
        } else if current.count > 150 || current.count < 15 {
            let h1s = root.descendants(named: ["h1"])
            if h1s.count == 1 { current = h1s[0].innerText() }
        }
        current = current.trimmingWhitespace().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let count = wordCount(current)
        if count <= 4 {
            let withoutSeparators = String(original.filter { !separators.contains($0) })
            if !hadHierarchicalSeparators || count != wordCount(withoutSeparators) - 1 { current = original }
        }
        return current
    }

    /// Character offsets of " | ", " - ", " / " … in the title.
    private static func spacedSeparatorOffsets(_ title: String) -> [(offset: Int, separator: Character)] {
        let characters = Array(title)
        var result: [(Int, Character)] = []
        var index = 1
        while index + 1 < characters.count {
            if characters[index - 1] == " ", separators.contains(characters[index]), characters[index + 1] == " " {
                result.append((index - 1, characters[index]))
                index += 2
            } else {
                index += 1
            }
        }
        return result
    }

    // MARK: - JSON-LD

    private static let articleTypes = [
        "Article", "AdvertiserContentArticle", "NewsArticle", "AnalysisNewsArticle", "AskPublicNewsArticle",
        "BackgroundNewsArticle", "OpinionNewsArticle", "ReportageNewsArticle", "ReviewNewsArticle", "Report",
        "SatiricalArticle", "ScholarlyArticle", "MedicalScholarlyArticle", "SocialMediaPosting", "BlogPosting",
        "LiveBlogPosting", "DiscussionForumPosting", "TechArticle", "APIReference",
    ]

    private static func isArticleType(_ value: Any?) -> Bool {
        if let text = value as? String { return articleTypes.contains { text.contains($0) } }
        if let list = value as? [Any] { return list.contains { isArticleType($0) } }
        return false
    }

    private static func isSchemaOrg(_ value: Any?) -> Bool {
        func check(_ s: String) -> Bool {
            let t = s.lowercased()
            return t == "http://schema.org" || t == "https://schema.org" || t == "http://schema.org/" || t == "https://schema.org/"
        }
        if let text = value as? String { return check(text) }
        if let object = value as? [String: Any], let vocab = object["@vocab"] as? String { return check(vocab) }
        return false
    }

    private static func readJSONLD(_ root: HTMLNode, documentTitle: String) -> ReadabilityMetadata {
        var result = ReadabilityMetadata()
        for script in root.descendants(named: ["script"]) where script.attribute("type") == "application/ld+json" {
            var text = script.textContent.trimmingWhitespace()
            if text.hasPrefix("<![CDATA[") { text.removeFirst(9) }
            if text.hasSuffix("]]>") { text.removeLast(3) }
            // Outside input and optional: a malformed JSON-LD block only means no metadata from it.
            guard let parsedAny = try? JSONObject.parse(Data(text.utf8)) else { continue }
            var parsed: [String: Any]?
            if let list = parsedAny as? [[String: Any]] {
                parsed = list.first { isArticleType($0["@type"]) }
            } else {
                parsed = parsedAny as? [String: Any]
            }
            guard var object = parsed, isSchemaOrg(object["@context"]) else { continue }
            if object["@type"] == nil, let graph = object["@graph"] as? [[String: Any]] {
                guard let found = graph.first(where: { isArticleType($0["@type"]) }) else { continue }
                object = found
            }
            guard isArticleType(object["@type"]) else { continue }
            let name = (object["name"] as? String)?.trimmingWhitespace()
            let headline = (object["headline"] as? String)?.trimmingWhitespace()
            if let name, let headline, name != headline {
                let nameMatches = ReadabilityMeasure.textSimilarity(name, documentTitle) > 0.75
                let headlineMatches = ReadabilityMeasure.textSimilarity(headline, documentTitle) > 0.75
                result.title = headlineMatches && !nameMatches ? headline : name
            } else {
                result.title = name ?? headline
            }
            if let author = object["author"] as? [String: Any], let authorName = author["name"] as? String {
                result.byline = authorName.trimmingWhitespace()
            } else if let authors = object["author"] as? [[String: Any]] {
                let names = authors.compactMap { ($0["name"] as? String)?.trimmingWhitespace() }
                if !names.isEmpty { result.byline = names.joined(separator: ", ") }
            }
            result.excerpt = (object["description"] as? String)?.trimmingWhitespace()
            if let publisher = object["publisher"] as? [String: Any] {
                result.siteName = (publisher["name"] as? String)?.trimmingWhitespace()
            }
            return result
        }
        return result
    }
}
