/// Plain text of a tree in which block elements are separated by a space.
///
/// A DOM's `textContent` joins `<p>one</p><p>two</p>` into "onetwo" when the markup has no
/// whitespace between the tags; words then merge across headings, list items and paragraphs,
/// which miscounts words and corrupts anything that compares the text.
extension HTMLNode {
    static let textBlockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "caption", "dd", "details", "div", "dl", "dt",
        "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li",
        "main", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead",
        "tr", "ul",
    ]

    /// Text with whitespace collapsed to single spaces, block boundaries counting as whitespace.
    func blockSeparatedText() -> String {
        var out = CollapsedText()
        func visit(_ node: HTMLNode) {
            if node.kind == .text { return out.append(node.text) }
            let isBlock = Self.textBlockElements.contains(node.name)
            if isBlock { out.breakWord() }
            for child in node.children { visit(child) }
            if isBlock { out.breakWord() }
        }
        visit(self)
        return out.text
    }
}
