/// Readability's `_grabArticle`: strips unlikely nodes, scores paragraphs into their ancestors,
/// picks the best container and gathers its qualifying siblings.
struct ReadabilityGrabber {
    struct Flags: OptionSet {
        let rawValue: Int
        static let stripUnlikelys = Flags(rawValue: 1)
        static let weightClasses = Flags(rawValue: 2)
        static let cleanConditionally = Flags(rawValue: 4)
        static let all: Flags = [.stripUnlikelys, .weightClasses, .cleanConditionally]
    }

    let flags: Flags
    let articleTitle: String
    private(set) var byline: String?

    init(flags: Flags, articleTitle: String) {
        self.flags = flags
        self.articleTitle = articleTitle
    }

    /// Returns the article container (a fresh `div`), or nil when the body is empty.
    mutating func grab(_ root: HTMLNode) -> HTMLNode? {
        guard let body = root.firstDescendant(named: "body") else { return nil }
        let elementsToScore = prune(root)
        let candidates = score(elementsToScore)
        let top = chooseTopCandidate(candidates, body: body)
        let article = gatherSiblings(of: top)
        ReadabilityCleaner(flags: flags).prepare(article)
        return article
    }

    // MARK: - Pruning walk

    private mutating func prune(_ root: HTMLNode) -> [HTMLNode] {
        var elementsToScore: [HTMLNode] = []
        var shouldRemoveTitleHeader = true
        var node: HTMLNode? = root
        while let current = node {
            let matchString = current.classAndID
            if !ReadabilityMeasure.isProbablyVisible(current)
                || (current.attribute("aria-modal") == "true" && current.attribute("role") == "dialog")
                || checkByline(current, matchString) {
                node = removeAndGetNext(current)
                continue
            }
            if shouldRemoveTitleHeader, headerDuplicatesTitle(current) {
                shouldRemoveTitleHeader = false
                node = removeAndGetNext(current)
                continue
            }
            if flags.contains(.stripUnlikelys) {
                if ReadabilityPatterns.matches(matchString, ReadabilityPatterns.unlikelyCandidates),
                   !ReadabilityPatterns.matches(matchString, ReadabilityPatterns.maybeCandidate),
                   !current.hasAncestor(named: "table"), !current.hasAncestor(named: "code"),
                   current.name != "body", current.name != "a" {
                    node = removeAndGetNext(current)
                    continue
                }
                if let role = current.attribute("role"), ReadabilityPatterns.unlikelyRoles.contains(role) {
                    node = removeAndGetNext(current)
                    continue
                }
            }
            if ["div", "section", "header", "h1", "h2", "h3", "h4", "h5", "h6"].contains(current.name),
               ReadabilityMeasure.isWithoutContent(current) {
                node = removeAndGetNext(current)
                continue
            }
            if ReadabilityPatterns.tagsToScore.contains(current.name) { elementsToScore.append(current) }
            var next = current
            if current.name == "div" {
                wrapPhrasingRuns(in: current)
                if ReadabilityMeasure.hasSingleTag(current, "p"), ReadabilityMeasure.linkDensity(current) < 0.25 {
                    let paragraph = current.elementChildren[0]
                    current.replace(with: paragraph)
                    next = paragraph
                    elementsToScore.append(paragraph)
                } else if !ReadabilityMeasure.hasChildBlock(current) {
                    current.rename("p")
                    elementsToScore.append(current)
                }
            }
            node = nextNode(next)
        }
        return elementsToScore
    }

    /// Puts runs of phrasing content directly inside a div into their own paragraphs.
    private func wrapPhrasingRuns(in div: HTMLNode) {
        var paragraph: HTMLNode?
        for child in div.children {
            if ReadabilityMeasure.isPhrasing(child) {
                if let paragraph {
                    paragraph.appendChild(child)
                } else if !child.isWhitespaceText {
                    let fresh = HTMLNode(element: "p")
                    child.replace(with: fresh)
                    fresh.appendChild(child)
                    paragraph = fresh
                }
            } else if let open = paragraph {
                while let last = open.children.last, last.isWhitespaceText { last.detach() }
                paragraph = nil
            }
        }
        if let open = paragraph { while let last = open.children.last, last.isWhitespaceText { last.detach() } }
    }

    private mutating func checkByline(_ node: HTMLNode, _ matchString: String) -> Bool {
        guard byline == nil else { return false }
        let isAuthorish = node.attribute("rel") == "author" || (node.attribute("itemprop") ?? "").contains("author")
            || ReadabilityPatterns.matches(matchString, ReadabilityPatterns.byline)
        guard isAuthorish else { return false }
        let text = node.textContent.trimmingWhitespace()
        guard !text.isEmpty, text.count < 100 else { return false }
        byline = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return true
    }

    private func headerDuplicatesTitle(_ node: HTMLNode) -> Bool {
        guard node.name == "h1" || node.name == "h2" else { return false }
        return ReadabilityMeasure.textSimilarity(articleTitle, node.innerText(normalizingSpaces: false)) > 0.75
    }

    // MARK: - Scoring

    private func initialize(_ node: HTMLNode) {
        var score = 0.0
        switch node.name {
        case "div": score = 5
        case "pre", "td", "blockquote": score = 3
        case "address", "ol", "ul", "dl", "dd", "dt", "li", "form": score = -3
        case "h1", "h2", "h3", "h4", "h5", "h6", "th": score = -5
        default: break
        }
        node.contentScore = score + ReadabilityMeasure.classWeight(node, enabled: flags.contains(.weightClasses))
    }

    private func score(_ elements: [HTMLNode]) -> [HTMLNode] {
        var candidates: [HTMLNode] = []
        for element in elements where element.parent != nil {
            let text = element.innerText()
            let length = text.unicodeScalars.count
            guard length >= 25 else { continue }
            let ancestors = Array(element.ancestors.prefix(5))
            guard !ancestors.isEmpty else { continue }
            let contentScore = 1 + Double(ReadabilityMeasure.commaCount(text) + 1) + Double(min(length / 100, 3))
            for (level, ancestor) in ancestors.enumerated() where ancestor.parent != nil {
                if ancestor.contentScore == nil {
                    initialize(ancestor)
                    candidates.append(ancestor)
                }
                let divider = level == 0 ? 1.0 : level == 1 ? 2.0 : Double(level * 3)
                ancestor.contentScore! += contentScore / divider
            }
        }
        return candidates
    }

    private func chooseTopCandidate(_ candidates: [HTMLNode], body: HTMLNode) -> HTMLNode {
        var top: [HTMLNode] = []
        for candidate in candidates {
            candidate.contentScore = candidate.contentScore! * (1 - ReadabilityMeasure.linkDensity(candidate))
            if let index = top.firstIndex(where: { candidate.contentScore! > $0.contentScore! }) {
                top.insert(candidate, at: index)
                if top.count > 5 { top.removeLast() }
            } else if top.count < 5 {
                top.append(candidate)
            }
        }
        guard var best = top.first, best.name != "body" else {
            let container = HTMLNode(element: "div")
            for child in body.children { container.appendChild(child) }
            body.appendChild(container)
            initialize(container)
            return container
        }
        // Several near-best candidates sharing an ancestor: the ancestor is the article.
        let alternatives = top.dropFirst().filter { $0.contentScore! / best.contentScore! >= 0.75 }.map(\.ancestors)
        if alternatives.count >= 3 {
            var parent = best.parent
            while let current = parent, current.name != "body" {
                if alternatives.filter({ $0.contains { $0 === current } }).count >= 3 { best = current; break }
                parent = current.parent
            }
        }
        if best.contentScore == nil { initialize(best) }
        // Climb while the parent scores at least as well (content split across siblings).
        var parent = best.parent
        var lastScore = best.contentScore!
        let threshold = lastScore / 3
        while let current = parent, current.name != "body" {
            guard let parentScore = current.contentScore else { parent = current.parent; continue }
            if parentScore < threshold { break }
            if parentScore > lastScore { best = current; break }
            lastScore = parentScore
            parent = current.parent
        }
        // A lone child says nothing; its parent is the better container.
        while let current = best.parent, current.name != "body", current.elementChildren.count == 1 {
            best = current
        }
        if best.contentScore == nil { initialize(best) }
        return best
    }

    private func gatherSiblings(of top: HTMLNode) -> HTMLNode {
        let article = HTMLNode(element: "div")
        guard let parent = top.parent else { article.appendChild(top); return article }
        let topScore = top.contentScore ?? 0
        let threshold = max(10, topScore * 0.2)
        let topClass = top.attribute("class") ?? ""
        for sibling in parent.elementChildren {
            var append = sibling === top
            if !append {
                let bonus = (!topClass.isEmpty && sibling.attribute("class") == topClass) ? topScore * 0.2 : 0
                if let score = sibling.contentScore, score + bonus >= threshold {
                    append = true
                } else if sibling.name == "p" {
                    let density = ReadabilityMeasure.linkDensity(sibling)
                    let text = sibling.innerText()
                    let length = text.unicodeScalars.count
                    if length > 80 && density < 0.25 {
                        append = true
                    } else if length < 80, !text.isEmpty, density == 0, text.contains(". ") || text.hasSuffix(".") {
                        append = true
                    }
                }
            }
            if append {
                if !["div", "article", "section", "p"].contains(sibling.name) { sibling.rename("div") }
                article.appendChild(sibling)
            }
        }
        return article
    }

    // MARK: - Traversal

    private func nextNode(_ node: HTMLNode, skipChildren: Bool = false) -> HTMLNode? {
        if !skipChildren, let first = node.children.first(where: \.isElement) { return first }
        if let sibling = node.nextElementSibling { return sibling }
        var ancestor = node.parent
        while let current = ancestor {
            if let sibling = current.nextElementSibling { return sibling }
            ancestor = current.parent
        }
        return nil
    }

    private func removeAndGetNext(_ node: HTMLNode) -> HTMLNode? {
        let next = nextNode(node, skipChildren: true)
        node.detach()
        return next
    }
}
