import FoundationEssentials

/// A subscription list in OPML: feeds, each optionally filed in one (top-level) folder.
public struct OPMLDocument: Sendable, Equatable {
    /// One subscribed feed.
    public struct Feed: Sendable, Equatable {
        /// Display title (OPML `title`, else `text`).
        public var title: String
        /// The feed URL (`xmlUrl`).
        public var xmlURL: String
        /// The site URL (`htmlUrl`), if given.
        public var htmlURL: String?
        /// Name of the top-level folder the feed sits in; nil when filed directly under `<body>`.
        public var folder: String?
        /// The outline's namespaced attributes, by namespace URI, then local name (a service's own
        /// per-feed settings under its namespace; Lector's under `lectorNamespace`).
        public var extensions: [String: [String: String]] = [:]

        /// Creates a feed entry.
        public init(title: String, xmlURL: String, htmlURL: String? = nil, folder: String? = nil) {
            self.title = title
            self.xmlURL = xmlURL
            self.htmlURL = htmlURL
            self.folder = folder
        }

        /// The title the file gives, or nil when it names the feed only by its address (an outline
        /// without `title` or `text`, whose `title` falls back to `xmlUrl`; a urls line without `~`).
        public var givenTitle: String? {
            title.isEmpty || title == xmlURL ? nil : title
        }
    }

    /// The list's title from `<head><title>`.
    public var title: String?
    /// Feeds in document order.
    public var feeds: [Feed]

    /// Creates a document.
    public init(title: String? = nil, feeds: [Feed] = []) {
        self.title = title
        self.feeds = feeds
    }

    /// Reads OPML 1.x/2.0; outlines with children are folders, outlines with `xmlUrl` are feeds, and
    /// feeds in nested folders are filed under their top-level folder.
    public static func parse(_ data: Data) throws(OPMLError) -> OPMLDocument {
        guard data.contains(where: { $0 != 32 && $0 != 9 && $0 != 10 && $0 != 13 }) else { throw .emptyDocument }
        let builder = OPMLBuilder()
        let outcome = data.withUnsafeBytes { raw in
            SAXDriver(sink: builder).parse(raw, url: nil, forcedEncoding: nil)
        }
        if outcome.entityLimitHit { throw .entityExpansionLimit }
        guard builder.sawOPMLRoot else {
            if let e = outcome.firstError { throw .malformed(line: e.line, column: e.column, reason: e.reason) }
            throw .notOPML
        }
        // Errors inside a whole file are forgiven (a stray '&' in a title); a file whose root
        // never closes lost its end, and the feeds before the cut are not the list.
        guard builder.closedOPMLRoot else { throw .truncated(line: outcome.firstError?.line ?? 0) }
        return OPMLDocument(title: builder.title, feeds: builder.feeds)
    }

    /// Well-formed OPML 2.0 (UTF-8): unfiled feeds first, then one outline per folder, all values escaped.
    /// `prefixes` names the prefix an extension namespace is written with where its reader expects
    /// one (a service's importer reading its own attributes by their prefixed names).
    public func xmlData(prefixes: [String: String] = [:]) -> Data {
        let namespaces = Set(feeds.flatMap(\.extensions.keys)).sorted()
        let prefix = { (namespace: String) in OPMLDocument.prefix(of: namespace, among: namespaces, preferred: prefixes) }
        let declarations = namespaces.map { " xmlns:\(prefix($0))=\"\(OPMLDocument.escape($0))\"" }.joined()
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\"\(declarations)>\n  <head>\n"
        out += "    <title>\(OPMLDocument.escape(title ?? "Subscriptions"))</title>\n  </head>\n  <body>\n"
        for feed in feeds where feed.folder == nil {
            out += "    " + OPMLDocument.outline(for: feed, prefix: prefix) + "\n"
        }
        var folders: [String] = []
        for feed in feeds { if let f = feed.folder, !folders.contains(f) { folders.append(f) } }
        for folder in folders {
            let name = OPMLDocument.escape(folder)
            out += "    <outline text=\"\(name)\" title=\"\(name)\">\n"
            for feed in feeds where feed.folder == folder {
                out += "      " + OPMLDocument.outline(for: feed, prefix: prefix) + "\n"
            }
            out += "    </outline>\n"
        }
        out += "  </body>\n</opml>\n"
        return Data(out.utf8)
    }

    private static func outline(for feed: Feed, prefix: (String) -> String) -> String {
        let t = escape(feed.title)
        var s = "<outline type=\"rss\" text=\"\(t)\" title=\"\(t)\" xmlUrl=\"\(escape(feed.xmlURL))\""
        if let html = feed.htmlURL { s += " htmlUrl=\"\(escape(html))\"" }
        for (namespace, attributes) in feed.extensions.sorted(by: { $0.key < $1.key }) {
            let written = prefix(namespace)
            for (name, value) in attributes.sorted(by: { $0.key < $1.key }) { s += " \(written):\(name)=\"\(escape(value))\"" }
        }
        return s + "/>"
    }

    /// Lector's per-feed server settings (`lector:`, docs/feed-settings.md).
    public static let lectorNamespace = "urn:lector:feed-settings"

    /// The prefix an extension namespace is written with: the one `preferred` names, Lector's `lector`,
    /// else `ns1`, `ns2`…
    static func prefix(of namespace: String, among namespaces: [String], preferred: [String: String] = [:]) -> String {
        if let chosen = preferred[namespace] { return chosen }
        return namespace == lectorNamespace ? "lector" : "ns\((namespaces.firstIndex(of: namespace) ?? 0) + 1)"
    }

    /// Escapes text for use in attribute values and element content.
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.count)
        for ch in s.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default:
                // Characters XML 1.0 forbids are dropped rather than producing an unreadable file.
                if ch.value < 0x20 || ch.value == 0xFFFE || ch.value == 0xFFFF { continue }
                // C1 controls and bidi controls are legal XML but act on a terminal that shows the
                // file (`cat`, a pager): written as character references they mean the same and show nothing.
                if (0x7F...0x9F).contains(ch.value) || (0x202A...0x202E).contains(ch.value) || (0x2066...0x2069).contains(ch.value) {
                    out += "&#x\(String(ch.value, radix: 16, uppercase: true));"
                    continue
                }
                out.unicodeScalars.append(ch)
            }
        }
        return out
    }
}

/// Why an OPML file could not be read.
public enum OPMLError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file is empty.
    case emptyDocument
    /// The file is XML but not OPML.
    case notOPML
    /// The XML is broken before any OPML structure appeared.
    case malformed(line: Int, column: Int, reason: String)
    /// Entity expansion exceeded the safety budget.
    case entityExpansionLimit
    /// The file ends before its `<opml>` element closes: cut short (a partial download or copy).
    case truncated(line: Int)

    /// One line a user can act on.
    public var message: String {
        switch self {
        case .emptyDocument: return "The OPML file is empty."
        case .notOPML: return "The file is not OPML (no <opml> root element); export your subscriptions as OPML."
        case .malformed(let line, let column, let reason):
            return "The OPML file is not well-formed XML at line \(line), column \(column): \(reason)."
        case .entityExpansionLimit:
            return "The OPML file was rejected because its XML entities expand to far more text than the file holds."
        case .truncated(let line):
            return "The OPML file is cut short (it ends\(line > 0 ? " at line \(line)" : "") before </opml>): nothing was read from it; export it again."
        }
    }

    /// Same as `message`.
    public var description: String { message }
}
