import CLibXML2
import FoundationEssentials

/// Parses HTML with libxml2's forgiving HTML parser and copies the result into `HTMLNode`s.
enum HTMLParser {
    private static let initialised: Bool = {
        lx_xmlInitParser()
        return true
    }()

    private static let options = Int32(
        HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOBLANKS.rawValue
    )

    /// The document root (`html`), or an empty `html` element when libxml2 gives up.
    static func parse(_ html: String) -> HTMLNode {
        parse(Data(html.utf8), encoding: "UTF-8")
    }

    /// Bytes that are valid UTF-8 are read as UTF-8; anything else is left to libxml2's charset sniffing.
    static func parse(_ data: Data) -> HTMLNode {
        let isUTF8 = String(validating: data, as: UTF8.self) != nil
        return parse(data, encoding: isUTF8 ? "UTF-8" : nil)
    }

    private static func parse(_ data: Data, encoding: String?) -> HTMLNode {
        _ = initialised
        let root = HTMLNode(element: "html")
        guard !data.isEmpty else { return root }
        let document: htmlDocPtr? = data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) else { return nil }
            return lx_htmlReadMemory(base, Int32(clamping: raw.count), nil, encoding, options)
        }
        guard let document else { return root }
        defer { lx_xmlFreeDoc(document) }
        var child = document.pointee.children
        while let node = child {
            if node.pointee.type == XML_ELEMENT_NODE, name(of: node) == "html" {
                root.attributes = attributes(of: node)
                copyChildren(of: node, into: root)
            } else if node.pointee.type == XML_ELEMENT_NODE {
                copy(node, into: root)
            }
            child = node.pointee.next
        }
        return root
    }

    private static func name(of node: xmlNodePtr) -> String {
        guard let raw = node.pointee.name else { return "" }
        return String(cString: raw).lowercased()
    }

    private static func attributes(of node: xmlNodePtr) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            if let rawName = current.pointee.name {
                let value = lector_xml_attribute_value(current)
                defer { lector_xml_free(value) }
                result.append((String(cString: rawName).lowercased(), value.map { String(cString: $0) } ?? ""))
            }
            attribute = current.pointee.next
        }
        return result
    }

    private static func copyChildren(of node: xmlNodePtr, into parent: HTMLNode) {
        var child = node.pointee.children
        while let current = child {
            copy(current, into: parent)
            child = current.pointee.next
        }
    }

    private static func copy(_ node: xmlNodePtr, into parent: HTMLNode) {
        switch node.pointee.type {
        case XML_ELEMENT_NODE:
            let element = HTMLNode(element: name(of: node), attributes: attributes(of: node))
            parent.appendChild(element)
            copyChildren(of: node, into: element)
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
            guard let content = node.pointee.content else { return }
            let text = String(cString: content)
            // Adjacent text nodes are merged so that whitespace handling sees whole runs.
            if let last = parent.children.last, last.kind == .text {
                last.text += text
            } else {
                parent.appendChild(HTMLNode(text: text))
            }
        default:
            break // comments, processing instructions and DTD nodes carry nothing readable
        }
    }
}
