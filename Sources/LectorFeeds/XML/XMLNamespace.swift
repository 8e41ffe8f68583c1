import CLibXML2

/// The vocabularies the feed builder understands, keyed by namespace URI.
enum XMLNamespace: Equatable {
    case none, rss, atom, dc, dcterms, content, media, itunes, rdf, xhtml, other

    static let byURI: [String: XMLNamespace] = [
        "": .none,
        "http://backend.userland.com/rss2": .rss,
        "http://backend.userland.com/rss": .rss,
        "http://blogs.law.harvard.edu/tech/rss": .rss,
        "http://purl.org/rss/1.0/": .rss,
        "http://purl.org/net/rss1.1#": .rss,
        "http://my.netscape.com/rdf/simple/0.9/": .rss,
        "http://channel.netscape.com/rdf/simple/0.9/": .rss,
        "http://www.w3.org/2005/Atom": .atom,
        "http://purl.org/atom/ns#": .atom,
        "http://purl.org/dc/elements/1.1/": .dc,
        "http://purl.org/dc/elements/1.0/": .dc,
        "http://purl.org/dc/terms/": .dcterms,
        "http://purl.org/rss/1.0/modules/content/": .content,
        "http://search.yahoo.com/mrss/": .media,
        "http://search.yahoo.com/mrss": .media,
        "http://www.itunes.com/dtds/podcast-1.0.dtd": .itunes,
        "http://www.w3.org/1999/02/22-rdf-syntax-ns#": .rdf,
        "http://www.w3.org/1999/xhtml": .xhtml,
    ]
}

/// Maps libxml2's interned namespace-URI pointers to vocabularies without allocating per element.
///
/// A class held by a constant, so the per-element lookup is no access to a builder property; the
/// entries only grow by replacement (a handful of times per document), which keeps every access to
/// them free of calls and so of exclusivity checks.
final class NamespaceCache {
    private var entries: [(pointer: UnsafePointer<xmlChar>, uri: [UInt8], kind: XMLNamespace, text: String)] = []

    /// The vocabulary of `uri` and its text; the pointer is only a hint, bytes are always re-checked.
    func lookup(_ uri: UnsafePointer<xmlChar>?) -> (XMLNamespace, String) {
        guard let uri else { return (.none, "") }
        let known = entries
        for e in known where e.pointer == uri && sameBytes(uri, e.uri) { return (e.kind, e.text) }
        let text = String(cString: uri)
        let kind = XMLNamespace.byURI[text] ?? XMLNamespace.byURI[text.lowercased()] ?? .other
        if known.count < 64 { entries = known + [(uri, Array(text.utf8), kind, text)] }
        return (kind, text)
    }

    private func sameBytes(_ p: UnsafePointer<xmlChar>, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            for i in 0..<b.count where p[i] != b[i] { return false }
            return p[b.count] == 0
        }
    }
}
