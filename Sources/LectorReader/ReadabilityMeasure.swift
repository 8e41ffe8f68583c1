import LectorBasics
/// Readability's DOM measurements on `HTMLNode`.
enum ReadabilityMeasure {
    static func isPhrasing(_ node: HTMLNode) -> Bool {
        if node.kind == .text { return true }
        if ReadabilityPatterns.phrasingElements.contains(node.name) { return true }
        if node.name == "a" || node.name == "del" || node.name == "ins" { return node.children.allSatisfy(isPhrasing) }
        return false
    }

    static func linkDensity(_ node: HTMLNode) -> Double {
        let length = node.innerTextLength
        guard length > 0 else { return 0 }
        var linkLength = 0.0
        for link in node.descendants(named: ["a"]) {
            let coefficient = (link.attribute("href") ?? "").hasPrefix("#") ? 0.3 : 1
            linkLength += Double(link.innerTextLength) * coefficient
        }
        return linkLength / Double(length)
    }

    static func textDensity(_ node: HTMLNode, tags: Set<String>) -> Double {
        let length = node.innerTextLength
        guard length > 0 else { return 0 }
        let childLength = node.descendants(named: tags).reduce(0) { $0 + $1.innerTextLength }
        return Double(childLength) / Double(length)
    }

    static func commaCount(_ text: String) -> Int {
        text.reduce(0) { $0 + (ReadabilityPatterns.commaCharacters.contains($1) ? 1 : 0) }
    }

    static func classWeight(_ node: HTMLNode, enabled: Bool) -> Double {
        guard enabled else { return 0 }
        var weight = 0.0
        for value in [node.attribute("class"), node.attribute("id")] {
            guard let value, !value.isEmpty else { continue }
            if ReadabilityPatterns.isNegative(value) { weight -= 25 }
            if ReadabilityPatterns.matches(value, ReadabilityPatterns.positive) { weight += 25 }
        }
        return weight
    }

    static func isWithoutContent(_ node: HTMLNode) -> Bool {
        guard node.textContent.allSatisfy(\.isWhitespace) else { return false }
        let elements = node.elementChildren
        return elements.isEmpty || elements.count == node.descendants(named: ["br", "hr"]).count
    }

    static func hasSingleTag(_ node: HTMLNode, _ tag: String) -> Bool {
        let elements = node.elementChildren
        guard elements.count == 1, elements[0].name == tag else { return false }
        return !node.children.contains { $0.kind == .text && !$0.isWhitespaceText }
    }

    static func hasChildBlock(_ node: HTMLNode) -> Bool {
        node.elementChildren.contains { ReadabilityPatterns.divToParagraphElements.contains($0.name) || hasChildBlock($0) }
    }

    static func isProbablyVisible(_ node: HTMLNode) -> Bool {
        if let style = node.attribute("style")?.lowercased().replacingAll(" ", with: "") {
            if style.contains("display:none") || style.contains("visibility:hidden") { return false }
        }
        if node.attribute("hidden") != nil { return false }
        if node.attribute("aria-hidden") == "true", !(node.attribute("class") ?? "").contains("fallback-image") { return false }
        return true
    }

    /// Share of b's words not found in a, inverted: 1 means b adds nothing new (Readability's textSimilarity).
    static func textSimilarity(_ a: String, _ b: String) -> Double {
        let tokensA = Set(wordTokens(a))
        let tokensB = wordTokens(b)
        guard !tokensA.isEmpty, !tokensB.isEmpty else { return 0 }
        let unique = tokensB.filter { !tokensA.contains($0) }
        return 1 - Double(unique.joined(separator: " ").count) / Double(tokensB.joined(separator: " ").count)
    }

    static func wordTokens(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }
}
