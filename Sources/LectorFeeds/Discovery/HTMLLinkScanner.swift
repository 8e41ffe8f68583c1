import CLibXML2
import FoundationEssentials
import LectorBasics

/// The `<base>`, `<link>` and `<a href>` elements of an HTML page, read with libxml2's forgiving HTML parser.
struct HTMLLinkScanner {
    struct Link {
        var attributes: [String: String]
    }

    private(set) var baseHref: String?
    private(set) var links: [Link] = []
    private(set) var anchorHrefs: [String] = []

    init(html: Data, pageURL: URL) {
        let options = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_RECOVER.rawValue | HTML_PARSE_COMPACT.rawValue)
        let doc: htmlDocPtr? = html.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, raw.count > 0 else { return nil }
            return lx_htmlReadMemory(base.assumingMemoryBound(to: CChar.self), Int32(clamping: raw.count),
                                  pageURL.absoluteString, nil, options)
        }
        guard let doc else { return }
        defer { lx_xmlFreeDoc(doc) }
        walk(lx_xmlDocGetRootElement(doc))
    }

    /// Depth-first walk without recursion (pages can nest deeply).
    private mutating func walk(_ root: xmlNodePtr?) {
        var stack: [xmlNodePtr] = root.map { [$0] } ?? []
        while let node = stack.popLast() {
            if node.pointee.type == XML_ELEMENT_NODE, let namePtr = node.pointee.name {
                let name = String(cString: namePtr).lowercased()
                if name == "link" {
                    links.append(Link(attributes: attributes(of: node)))
                } else if name == "a", let href = attributes(of: node)["href"], !href.trimmed.isEmpty {
                    anchorHrefs.append(href.trimmed)
                } else if name == "base", baseHref == nil, let href = attributes(of: node)["href"], !href.trimmed.isEmpty {
                    baseHref = href.trimmed
                }
            }
            // Push children in reverse so document order is kept.
            var children: [xmlNodePtr] = []
            var child = node.pointee.children
            while let c = child {
                if c.pointee.type == XML_ELEMENT_NODE { children.append(c) }
                child = c.pointee.next
            }
            stack.append(contentsOf: children.reversed())
        }
    }

    private func attributes(of node: xmlNodePtr) -> [String: String] {
        var result: [String: String] = [:]
        var attr = node.pointee.properties
        while let a = attr {
            if let namePtr = a.pointee.name {
                let raw = lector_xml_attribute_value(a)
                defer { lector_xml_free(raw) }
                let key = String(cString: namePtr).lowercased()
                if result[key] == nil { result[key] = raw.map { String(cString: $0) } ?? "" }
            }
            attr = a.pointee.next
        }
        return result
    }
}
