import FoundationEssentials
import LectorText

/// Full-content extraction in the manner of Mozilla Readability.
///
/// The page is parsed with libxml2, metadata is read (JSON-LD, `<meta>`, `<title>`), then up to four
/// passes score the page, each with fewer heuristics (unlikely-candidate stripping, class weights,
/// conditional cleaning) until one yields at least 500 characters; otherwise the longest pass wins.
/// Video embeds (YouTube, Vimeo, …), `video` and `audio` are preserved; URLs are made absolute.
public enum ContentExtractor {
    /// Pages above this many bytes are refused (the download is capped at the same size).
    public static let sizeLimit = 5_000_000
    private static let characterThreshold = 500

    /// Extracts the article from raw page bytes fetched from `url`.
    public static func extract(html: Data, url: URL) throws(ExtractionError) -> ExtractedArticle {
        guard html.count <= sizeLimit else { throw .tooLarge(limit: sizeLimit) }
        if let text = String(validating: html, as: UTF8.self) {
            let cleaned = TerminalSanitizer.clean(text)
            return try extract(parse: { HTMLParser.parse(cleaned) }, url: url)
        }
        return try extract(parse: { HTMLParser.parse(html) }, url: url)
    }

    /// Extracts the article from page text fetched from `url`.
    public static func extract(html: String, url: URL) throws(ExtractionError) -> ExtractedArticle {
        guard html.utf8.count <= sizeLimit else { throw .tooLarge(limit: sizeLimit) }
        let cleaned = TerminalSanitizer.clean(html)
        return try extract(parse: { HTMLParser.parse(cleaned) }, url: url)
    }

    private static func extract(parse: () -> HTMLNode, url: URL) throws(ExtractionError) -> ExtractedArticle {
        var root = parse()
        let metadata = ReadabilityMetadata.read(from: root)
        let title = metadata.title ?? ""
        let baseURL = documentBase(root, url: url)

        var best: (article: HTMLNode, length: Int, byline: String?)?
        var flags = ReadabilityGrabber.Flags.all
        for pass in 0..<4 {
            if pass > 0 { root = parse() }
            prepareDocument(root)
            var grabber = ReadabilityGrabber(flags: flags, articleTitle: title)
            if let article = grabber.grab(root) {
                let length = article.innerTextLength
                if best == nil || length > best!.length { best = (article, length, grabber.byline) }
                if length >= characterThreshold { break }
            }
            if flags.contains(.stripUnlikelys) { flags.remove(.stripUnlikelys) }
            else if flags.contains(.weightClasses) { flags.remove(.weightClasses) }
            else { flags.remove(.cleanConditionally) }
        }
        guard let chosen = best, chosen.length > 0 else { throw .noContent }

        let article = chosen.article
        BoilerplateTrimmer.trim(article)
        ArticlePostProcessor.finish(article, baseURL: baseURL)
        let page = HTMLNode(element: "div", attributes: [("id", "readability-page-1"), ("class", "page")])
        for child in article.children { page.appendChild(child) }

        let text = page.blockSeparatedText()
        var excerpt = metadata.excerpt
        if excerpt == nil, let paragraph = page.descendants(named: ["p"]).first {
            excerpt = paragraph.innerText()
        }
        return ExtractedArticle(
            title: TerminalSanitizer.clean(title),
            byline: (metadata.byline ?? chosen.byline).map(TerminalSanitizer.clean),
            excerpt: excerpt.map(TerminalSanitizer.clean),
            siteName: metadata.siteName.map(TerminalSanitizer.clean),
            contentHTML: HTMLSerializer.html(page),
            textContent: text
        )
    }

    /// `<base href>` resolved against the page URL, else the page URL.
    private static func documentBase(_ root: HTMLNode, url: URL) -> URL {
        guard let href = root.firstDescendant(named: "base")?.attribute("href"),
              let base = URL(string: href.trimmingWhitespace(), relativeTo: url)?.absoluteURL else { return url }
        return base
    }

    /// Readability's `_prepDocument`: scripts and styles go, `<br><br>` chains become paragraphs.
    private static func prepareDocument(_ root: HTMLNode) {
        unwrapNoscriptImages(root)
        for node in root.descendants(named: ["script", "noscript", "style", "template"]).reversed() { node.detach() }
        for font in root.descendants(named: ["font"]) { font.rename("span") }
        replaceBreakChains(root)
    }

    /// Lazy-loading pages put the real `<img>` in a `<noscript>` next to a placeholder; the
    /// placeholder is swapped for it (Readability's `_unwrapNoscriptImages`, simplified).
    private static func unwrapNoscriptImages(_ root: HTMLNode) {
        for noscript in root.descendants(named: ["noscript"]) {
            let images = noscript.descendants(named: ["img"])
            guard images.count == 1, noscript.innerTextLength == 0,
                  let placeholder = noscript.previousElementSibling else { continue }
            let target = placeholder.name == "img" ? placeholder : placeholder.descendants(named: ["img"]).first
            guard let target, placeholder.innerTextLength == 0 else { continue }
            let source = target.attribute("src") ?? ""
            guard source.isEmpty || source.hasPrefix("data:") || target.attribute("data-src") != nil else { continue }
            target.replace(with: images[0])
        }
    }

    private static func nextNonWhitespace(_ node: HTMLNode?) -> HTMLNode? {
        var current = node
        while let candidate = current, candidate.isWhitespaceText { current = candidate.nextSibling }
        return current
    }

    private static func replaceBreakChains(_ root: HTMLNode) {
        for br in root.descendants(named: ["br"]) where br.parent != nil {
            var replaced = false
            var next = nextNonWhitespace(br.nextSibling)
            while let candidate = next, candidate.name == "br" {
                replaced = true
                let after = candidate.nextSibling
                candidate.detach()
                next = nextNonWhitespace(after)
            }
            guard replaced else { continue }
            let paragraph = HTMLNode(element: "p")
            br.replace(with: paragraph)
            var sibling = paragraph.nextSibling
            while let current = sibling {
                if current.name == "br", nextNonWhitespace(current.nextSibling)?.name == "br" { break }
                if !ReadabilityMeasure.isPhrasing(current) { break }
                sibling = current.nextSibling
                paragraph.appendChild(current)
            }
            while let last = paragraph.children.last, last.isWhitespaceText { last.detach() }
            if let parent = paragraph.parent, parent.name == "p" { parent.rename("div") }
        }
    }
}
