import FoundationEssentials
import LectorBasics
import LectorText

/// Readability's `_postProcessContent`: absolute URLs, no script links, no presentational
/// attributes, no pointless wrapper divs. Also sanitizes every text node and attribute value.
enum ArticlePostProcessor {
    private static let urlAttributes: [String: [String]] = [
        "a": ["href"], "img": ["src"], "iframe": ["src"], "video": ["src", "poster"], "audio": ["src"],
        "source": ["src"], "embed": ["src"], "track": ["src"], "object": ["data"],
    ]
    private static let keptAttributes: Set<String> = [
        "href", "src", "srcset", "alt", "title", "poster", "data", "type", "controls", "width", "height",
        "colspan", "rowspan", "start", "id", "lang", "dir", "datetime", "cite", "allowfullscreen",
    ]

    static func finish(_ article: HTMLNode, baseURL: URL) {
        for node in article.descendants().reversed() {
            if node.name == "a", let href = node.attribute("href"), href.lowercased().hasPrefix("javascript:") {
                unwrapLink(node)
                continue
            }
            node.attributes = node.attributes.filter { keptAttributes.contains($0.name) }
                .map { ($0.name, TerminalSanitizer.clean($0.value)) }
            for key in urlAttributes[node.name] ?? [] {
                if let value = node.attribute(key), let absolute = absolutize(value, baseURL) { node.setAttribute(key, absolute) }
            }
            if let srcset = node.attribute("srcset") { node.setAttribute("srcset", absolutizeSrcset(srcset, baseURL)) }
            for child in node.children where child.kind == .text { child.text = TerminalSanitizer.clean(child.text) }
        }
        for child in article.children where child.kind == .text { child.text = TerminalSanitizer.clean(child.text) }
        simplifyNesting(article)
    }

    /// A `javascript:` link keeps its text but loses the link.
    private static func unwrapLink(_ link: HTMLNode) {
        if link.children.count == 1, link.children[0].kind == .text {
            link.replace(with: HTMLNode(text: TerminalSanitizer.clean(link.children[0].text)))
        } else {
            link.rename("span")
            link.attributes = []
        }
    }

    private static func absolutize(_ value: String, _ base: URL) -> String? {
        let trimmed = value.trimmingWhitespace()
        if trimmed.hasPrefix("#") || trimmed.isEmpty { return nil }
        if trimmed.lowercased().hasPrefix("data:") { return nil }
        let url = URL(string: trimmed, relativeTo: base)
            ?? URL(string: trimmed.replacingAll(" ", with: "%20"), relativeTo: base)
        return url?.absoluteURL.absoluteString
    }

    private static func absolutizeSrcset(_ srcset: String, _ base: URL) -> String {
        srcset.split(separator: ",").map { candidate in
            let parts = candidate.split(whereSeparator: \.isWhitespace)
            guard let first = parts.first, let absolute = absolutize(String(first), base) else { return String(candidate) }
            return ([absolute] + parts.dropFirst().map(String.init)).joined(separator: " ")
        }.joined(separator: ", ")
    }

    /// Drops empty wrapper divs/sections and collapses a div that only wraps another div.
    private static func simplifyNesting(_ root: HTMLNode) {
        for node in root.descendants(named: ["div", "section"]).reversed() where node.parent != nil {
            if node.attribute("id")?.hasPrefix("readability") == true { continue }
            if ReadabilityMeasure.isWithoutContent(node) && node.descendants(named: ["img", "iframe", "video", "audio"]).isEmpty {
                node.detach()
            } else if ReadabilityMeasure.hasSingleTag(node, "div") || ReadabilityMeasure.hasSingleTag(node, "section") {
                let child = node.elementChildren[0]
                for attribute in node.attributes where child.attribute(attribute.name) == nil {
                    child.setAttribute(attribute.name, attribute.value)
                }
                node.replace(with: child)
            }
        }
    }
}
