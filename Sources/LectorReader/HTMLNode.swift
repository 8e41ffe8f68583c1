/// A small mutable HTML tree, copied out of libxml2 so that rendering and extraction can
/// rearrange nodes freely in Swift without touching C memory.
final class HTMLNode {
    enum Kind { case element, text }

    let kind: Kind
    /// Lowercased tag name for elements; empty for text.
    var name: String
    var attributes: [(name: String, value: String)]
    var text: String
    var children: [HTMLNode] = []
    weak var parent: HTMLNode?
    /// Readability content score; nil until the node is initialised as a candidate.
    var contentScore: Double?
    /// Where this node last was in its parent's children; checked before use, so it may be stale.
    private var indexHint = 0

    init(element name: String, attributes: [(name: String, value: String)] = []) {
        kind = .element
        self.name = name
        self.attributes = attributes
        text = ""
    }

    init(text: String) {
        kind = .text
        name = ""
        attributes = []
        self.text = text
    }

    var isElement: Bool { kind == .element }
    var elementChildren: [HTMLNode] { children.filter(\.isElement) }

    func attribute(_ key: String) -> String? {
        attributes.first { $0.name == key }?.value
    }

    func setAttribute(_ key: String, _ value: String) {
        if let index = attributes.firstIndex(where: { $0.name == key }) {
            attributes[index].value = value
        } else {
            attributes.append((key, value))
        }
    }

    func removeAttribute(_ key: String) {
        attributes.removeAll { $0.name == key }
    }

    func appendChild(_ child: HTMLNode) {
        child.detach()
        child.parent = self
        child.indexHint = children.count
        children.append(child)
    }

    /// Position among the parent's children. The hint makes walks over long sibling lists linear:
    /// after an earlier sibling is removed, the node has moved back by one.
    var indexInParent: Int? {
        guard let parent else { return nil }
        let siblings = parent.children
        for guess in [indexHint, indexHint - 1, indexHint + 1] where siblings.indices.contains(guess) {
            if siblings[guess] === self { indexHint = guess; return guess }
        }
        guard let found = siblings.firstIndex(where: { $0 === self }) else { return nil }
        indexHint = found
        return found
    }

    /// Removes the node from its parent; a detached node keeps its own subtree.
    func detach() {
        guard let parent else { return }
        if let index = indexInParent {
            parent.children.remove(at: index)
        }
        self.parent = nil
    }

    /// Puts `other` where this node was.
    func replace(with other: HTMLNode) {
        guard let parent, let index = indexInParent else { return }
        other.detach()
        parent.children[index] = other
        other.parent = parent
        other.indexHint = index
        self.parent = nil
    }

    var textContent: String {
        if kind == .text { return text }
        var out = ""
        appendText(to: &out)
        return out
    }

    private func appendText(to out: inout String) {
        for child in children {
            if child.kind == .text { out += child.text } else { child.appendText(to: &out) }
        }
    }

    /// Elements below this node in document order, optionally restricted to some tag names.
    func descendants(named names: Set<String>? = nil) -> [HTMLNode] {
        var result: [HTMLNode] = []
        collect(into: &result, names: names)
        return result
    }

    private func collect(into result: inout [HTMLNode], names: Set<String>?) {
        for child in children where child.kind == .element {
            if names == nil || names!.contains(child.name) { result.append(child) }
            child.collect(into: &result, names: names)
        }
    }

    func firstDescendant(named name: String) -> HTMLNode? {
        for child in children where child.kind == .element {
            if child.name == name { return child }
            if let found = child.firstDescendant(named: name) { return found }
        }
        return nil
    }

    var ancestors: [HTMLNode] {
        var result: [HTMLNode] = []
        var node = parent
        while let current = node { result.append(current); node = current.parent }
        return result
    }

    func hasAncestor(named name: String, maxDepth: Int = .max) -> Bool {
        var depth = 0
        var node = parent
        while let current = node, depth < maxDepth {
            if current.name == name { return true }
            node = current.parent
            depth += 1
        }
        return false
    }

    var previousElementSibling: HTMLNode? {
        guard let parent, let index = indexInParent else { return nil }
        return parent.children[..<index].last(where: \.isElement)
    }

    var nextElementSibling: HTMLNode? {
        guard let parent, let index = indexInParent else { return nil }
        guard let next = parent.children[(index + 1)...].firstIndex(where: \.isElement) else { return nil }
        parent.children[next].indexHint = next
        return parent.children[next]
    }

    var classAndID: String { (attribute("class") ?? "") + " " + (attribute("id") ?? "") }
}

extension HTMLNode {
    /// The next node (text or element) after this one under the same parent.
    var nextSibling: HTMLNode? {
        guard let parent, let index = indexInParent, index + 1 < parent.children.count else { return nil }
        parent.children[index + 1].indexHint = index + 1
        return parent.children[index + 1]
    }

    var isWhitespaceText: Bool {
        kind == .text && text.allSatisfy(\.isWhitespace)
    }

    /// Text with leading/trailing whitespace trimmed and inner runs of whitespace collapsed.
    func innerText(normalizingSpaces: Bool = true) -> String {
        let raw = textContent
        guard normalizingSpaces else { return raw.trimmingWhitespace() }
        var out = CollapsedText()
        out.append(raw)
        return out.text
    }

    /// Length of `innerText()` in Unicode scalars (close to the UTF-16 length Readability measures),
    /// computed without building the string.
    var innerTextLength: Int {
        var length = 0
        var pendingSpace = false
        forEachText { text in
            for scalar in text.unicodeScalars {
                if Self.isSpace(scalar) {
                    pendingSpace = true
                } else {
                    if pendingSpace, length > 0 { length += 1 }
                    pendingSpace = false
                    length += 1
                }
            }
        }
        return length
    }

    /// Visits the text nodes below this node in document order without concatenating them.
    func forEachText(_ body: (String) -> Void) {
        if kind == .text { body(text); return }
        for child in children { child.forEachText(body) }
    }

    /// JavaScript's `\s`: ASCII whitespace plus Unicode spaces (no-break space included).
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace
    }

    /// Changes the tag name in place (the DOM's setNodeTag, without copying).
    func rename(_ newName: String) { name = newName }
}

extension String {
    func trimmingWhitespace() -> String {
        var slice = self[...]
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return String(slice)
    }
}
