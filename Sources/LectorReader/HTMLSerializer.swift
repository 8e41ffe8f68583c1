/// Writes an `HTMLNode` tree back out as HTML (attributes and text escaped, void elements unclosed).
enum HTMLSerializer {
    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]
    private static let rawTextElements: Set<String> = ["script", "style"]

    static func html(_ node: HTMLNode) -> String {
        var out = ""
        write(node, to: &out)
        return out
    }

    static func innerHTML(_ node: HTMLNode) -> String {
        var out = ""
        for child in node.children { write(child, to: &out) }
        return out
    }

    private static func write(_ node: HTMLNode, to out: inout String) {
        if node.kind == .text {
            if let parent = node.parent, rawTextElements.contains(parent.name) { out += node.text } else { out += escape(node.text, quotes: false) }
            return
        }
        out += "<" + node.name
        for attribute in node.attributes where isSafeName(attribute.name) {
            out += " " + attribute.name + "=\"" + escape(attribute.value, quotes: true) + "\""
        }
        out += ">"
        if voidElements.contains(node.name) { return }
        for child in node.children { write(child, to: &out) }
        out += "</" + node.name + ">"
    }

    private static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == ":") }
    }

    static func escape(_ text: String, quotes: Bool) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || (quotes && $0 == "\"") }) else { return text }
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
