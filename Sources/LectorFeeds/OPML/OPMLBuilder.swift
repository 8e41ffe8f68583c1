import CLibXML2
import LectorBasics

/// Collects OPML outlines from SAX events.
final class OPMLBuilder: XMLEventSink {
    private(set) var sawOPMLRoot = false
    /// The root element ended: the file was not cut short.
    private(set) var closedOPMLRoot = false
    private(set) var title: String?
    private(set) var feeds: [OPMLDocument.Feed] = []
    private(set) var wantsToStop = false

    private var depth = 0
    private var inBody = false
    private var inHeadTitle = false
    private var titleBytes: [UInt8] = []
    /// Open outlines, outermost first: a folder's name, or nil for a feed outline.
    private var outlineStack: [String?] = []

    func startElement(localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?,
                      namespaceURI: UnsafePointer<xmlChar>?, attributes: RawAttributes) {
        defer { depth += 1 }
        let name = String(cString: localName)
        if depth == 0 {
            sawOPMLRoot = name.lowercased() == "opml"
            wantsToStop = !sawOPMLRoot
            return
        }
        if depth == 1 { inBody = name == "body" }
        if depth == 2 && name == "title" && !inBody { inHeadTitle = true }
        guard inBody, name == "outline" else { return }
        let label = (attributes.value("title") ?? attributes.value("text") ?? "").trimmed
        if let xmlURL = attributes.value("xmlUrl") ?? attributes.value("xmlurl"), !xmlURL.trimmed.isEmpty {
            let html = attributes.value("htmlUrl")?.trimmed
            var feed = OPMLDocument.Feed(title: label.isEmpty ? xmlURL.trimmed : label, xmlURL: xmlURL.trimmed,
                                         htmlURL: (html?.isEmpty ?? true) ? nil : html,
                                         folder: outlineStack.lazy.compactMap { $0 }.first { !$0.isEmpty })
            for index in 0..<attributes.count {
                let attribute = attributes[index]
                guard let namespace = attribute.namespaceURI else { continue }
                feed.extensions[String(cString: namespace), default: [:]][String(cString: attribute.localName)] = attribute.value
            }
            feeds.append(feed)
            outlineStack.append(nil)
        } else {
            outlineStack.append(label)
        }
    }

    func endElement(localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?,
                    namespaceURI: UnsafePointer<xmlChar>?) {
        depth -= 1
        if depth == 0 { closedOPMLRoot = true }
        if inHeadTitle && depth == 2 {
            inHeadTitle = false
            let t = String(decoding: titleBytes, as: UTF8.self).trimmed
            title = t.isEmpty ? nil : t
        }
        if inBody && strcmpStatic(localName, "outline") { _ = outlineStack.popLast() }
        if depth == 1 { inBody = false }
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        if inHeadTitle { titleBytes.append(contentsOf: bytes) }
    }
}
