/// Removes page furniture that Readability's scoring leaves inside the chosen container: the
/// ideas of jusText and trafilatura (judge each block by its own text, its link density and the
/// names it carries) applied after the container is found, so recall is Readability's and only
/// precision changes.
///
/// Every rule looks at one block at a time and only at small blocks; a trim that would take
/// most of the text away is not applied at all, since then the rules misread the page.
enum BoilerplateTrimmer {
    /// Blocks longer than this are article text whatever they look like.
    static let shortBlock = 200
    /// A paragraph at least this long, with few links, is where the article body begins and ends.
    static let bodyParagraph = 120
    /// A sign-up pitch may run to a few sentences; longer than this it is a paragraph about one.
    static let callToActionBlock = 320

    static func trim(_ article: HTMLNode) {
        let total = article.innerTextLength
        guard total > 0 else { return }
        var removal = Removal()
        markFurniture(article, total: total, into: &removal)
        markEdges(article, into: &removal)
        // A trim that leaves less than half of the text means the rules misread this page.
        guard removal.textLength * 2 < total else { return }
        for node in removal.nodes where node.parent != nil { node.detach() }
    }

    /// The nodes chosen for removal, outermost first, and how much text they carry.
    struct Removal {
        private(set) var nodes: [HTMLNode] = []
        private var marked = Set<ObjectIdentifier>()
        private(set) var textLength = 0

        func contains(_ node: HTMLNode) -> Bool {
            marked.contains(ObjectIdentifier(node)) || node.ancestors.contains { marked.contains(ObjectIdentifier($0)) }
        }

        mutating func add(_ node: HTMLNode) {
            guard !contains(node) else { return }
            marked.insert(ObjectIdentifier(node))
            nodes.append(node)
            textLength += node.innerTextLength
        }
    }

    // MARK: - Furniture by name, caption, links and wording

    private static func markFurniture(_ article: HTMLNode, total: Int, into removal: inout Removal) {
        for node in article.descendants() where !removal.contains(node) {
            if Self.isMedia(node) { continue }
            let length = node.innerTextLength
            if node.name == "figcaption" || node.name == "nav" || node.name == "aside" && length < total / 3 {
                removal.add(node)
                continue
            }
            if BoilerplatePatterns.hasBoilerplateClass(node), length < min(total / 3, 1_000), !containsBodyParagraph(node),
               // A named wrapper around a picture ("wp-caption") keeps the picture, and the text
               // inside it is judged on its own as the walk goes on; unless the text is links,
               // as in a hover card or a teaser, whose picture is a thumbnail.
               node.descendants(named: ["img", "picture", "video", "iframe"]).isEmpty || ReadabilityMeasure.linkDensity(node) > 0.5 {
                removal.add(node)
                continue
            }
            guard isTextBlock(node), length > 0, length <= callToActionBlock else { continue }
            let text = node.innerText()
            if BoilerplatePatterns.containsCallToAction(text) { removal.add(node); continue }
            guard length <= shortBlock else { continue }
            if BoilerplatePatterns.startsWithBoilerplatePhrase(text) || isLinkList(node) {
                removal.add(node)
            }
        }
        for node in article.descendants() where !removal.contains(node) && isTeaserGrid(node) { removal.add(node) }
    }

    /// A block whose text is almost all link text: a pointer to another page, not a sentence.
    /// Headings and table cells are exempt: a linked heading still heads the text below it.
    private static func isLinkList(_ node: HTMLNode) -> Bool {
        guard !["h1", "h2", "h3", "h4", "h5", "h6", "td", "th"].contains(node.name),
              node.firstDescendant(named: "a") != nil, ReadabilityMeasure.linkDensity(node) >= 0.8 else { return false }
        // An item of a list whose other items are prose (a changelog crediting people by link)
        // belongs to that list; only lists made wholly of links are pointers elsewhere.
        if node.name == "li", let list = node.parent {
            return !list.elementChildren.contains { $0.name == "li" && ReadabilityMeasure.linkDensity($0) < 0.5 }
        }
        return true
    }

    /// Cards of other stories: several headings or pictures, and no text of sentence length.
    private static func isTeaserGrid(_ node: HTMLNode) -> Bool {
        guard ["div", "section", "ul", "ol"].contains(node.name) else { return false }
        let headings = node.descendants(named: ["h2", "h3", "h4", "h5", "h6"]).count
        let pictures = node.descendants(named: ["img", "picture"]).count
        guard headings >= 3 || (headings >= 2 && pictures >= 2) else { return false }
        let blocks = node.descendants(named: ["p", "li", "h2", "h3", "h4", "h5", "h6"])
        return !blocks.contains { $0.innerTextLength >= bodyParagraph }
    }

    // MARK: - Before the body begins and after it ends

    /// Bylines, dates, breadcrumbs and subtitles come before the first paragraph of the body;
    /// author links, tag lists and "most popular" after the last one. Only short blocks that look
    /// like that are taken: linked, dated, under a header or address element, or (before the
    /// body) worded like a byline.
    private static func markEdges(_ article: HTMLNode, into removal: inout Removal) {
        let blocks = textBlocks(article).filter { !removal.contains($0) }
        guard let first = blocks.firstIndex(where: isBodyParagraph),
              let last = blocks.lastIndex(where: isBodyParagraph) else { return }
        for block in blocks[..<first] where isEdgeFurniture(block, leading: true) { removal.add(block) }
        for block in blocks[(last + 1)...] where isEdgeFurniture(block, leading: false) { removal.add(block) }
    }

    private static func isBodyParagraph(_ block: HTMLNode) -> Bool {
        guard !block.name.hasPrefix("h") else { return false }
        return block.innerTextLength >= bodyParagraph && ReadabilityMeasure.linkDensity(block) < 0.5
    }

    private static func isEdgeFurniture(_ block: HTMLNode, leading: Bool) -> Bool {
        let length = block.innerTextLength
        guard length <= shortBlock else { return false }
        if block.hasAncestor(named: "header") || block.hasAncestor(named: "address") { return true }
        if block.firstDescendant(named: "time") != nil { return true }
        if ReadabilityMeasure.linkDensity(block) > 0.3 { return true }
        let text = block.innerText()
        return leading && BylinePattern.looksLikeByline(text)
    }

    // MARK: - Blocks

    private static let blockNames: Set<String> = [
        "p", "div", "li", "dd", "dt", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "td", "th",
        "figcaption", "address", "section", "header", "footer", "span",
    ]

    /// A leaf block: a paragraph-like element without block elements inside.
    private static func isTextBlock(_ node: HTMLNode) -> Bool {
        guard node.name != "span", blockNames.contains(node.name) else { return false }
        return !node.descendants().contains { $0.name != "span" && blockNames.contains($0.name) }
    }

    private static func textBlocks(_ root: HTMLNode) -> [HTMLNode] {
        root.descendants().filter { isTextBlock($0) && $0.innerTextLength > 0 }
    }

    private static func containsBodyParagraph(_ node: HTMLNode) -> Bool {
        node.descendants(named: ["p"]).contains { $0.innerTextLength >= 2 * bodyParagraph }
    }

    private static func isMedia(_ node: HTMLNode) -> Bool {
        ["img", "picture", "video", "audio", "iframe", "source", "svg"].contains(node.name)
    }
}
