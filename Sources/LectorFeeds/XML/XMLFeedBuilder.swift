import CLibXML2
import FoundationEssentials
import LectorBasics

/// Builds a `ParsedFeed` from SAX events for RSS 0.9x/2.0, RSS 1.0 (RDF) and Atom 1.0/0.3.
///
/// Elements the model does not use are skipped with their whole subtree, which is also what keeps
/// e.g. an `<id>` inside an unknown child of `<entry>` from overriding the entry's own id.
final class XMLFeedBuilder: XMLEventSink {
    enum Role: Equatable {
        case root, channel, item, author(feedLevel: Bool), mediaGroup, mediaContent, field, markup, ignored
    }

    enum Field {
        case feedTitle, feedDCTitle, feedLink, feedDescription, feedLanguage
        case itemTitle, itemDCTitle, itemLink, itemGuid, itemID, itemSummary, itemContent
        case published(rank: Int), updated(rank: Int)
        case rssAuthor, creator, authorName, authorEmail
        case link(rel: String, type: String?, href: String?, length: String?, feedLevel: Bool)
    }

    private struct Frame {
        var role: Role
        var pushedBase: Bool
    }

    /// What to do with the captured text once its element ends.
    private struct CaptureTarget {
        var field: Field
        var base: URL?
        var rewritesURLs: Bool
    }

    private(set) var format: FeedFormat?
    private(set) var rootName = ""
    private(set) var wantsToStop = false

    private var rootNamespace = ""
    /// One frame per open element.
    private let frames = PlainBuffer<Frame>(capacity: 32)
    /// The base URL in force (document URL, or the innermost xml:base).
    private var base: URL?
    /// The bases that open xml:base elements replaced, innermost last.
    private var outerBases: [URL?] = []
    /// The last xml:base resolved: feeds tend to repeat one on every entry, and resolving it means
    /// parsing a URL.
    private var lastXMLBase: (value: String, outer: URL?, resolved: URL?)?
    private var captureTarget: CaptureTarget?
    private let capture = TextCapture()
    private var isCapturing = false
    private let namespaces = NamespaceCache()
    private var feed = FeedDraft()
    private var feedDCTitle: String?
    /// Items are finished as they end, while their strings are still in cache; finishing them all at
    /// the end (to know the feed-level authors) cost a copy of every draft.
    private var items: [FeedItem] = []
    var item: ItemDraft?
    var authorName: String?
    var authorEmail: String?

    init(documentURL: URL?) {
        base = documentURL
    }

    /// The feed built so far (nil when the root was not a feed element).
    func result() -> ParsedFeed? {
        guard let format else { return nil }
        let selfLink = feed.links.first { $0.rel == "self" }?.href
        let link = feed.link.flatMap { $0.isEmpty ? nil : $0 } ?? DraftLink.preferredAlternate(feed.links)
        if format == .atom && !feed.authors.isEmpty {
            // In place: the feed-level author may come after the entries.
            for i in items.indices where items[i].authors.isEmpty { items[i].authors = feed.authors }
        }
        return ParsedFeed(format: format, title: feed.title ?? feedDCTitle ?? "", link: link, selfLink: selfLink,
                          description: feed.description, language: feed.language, items: items)
    }

    // MARK: events

    func startElement(localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?,
                      namespaceURI: UnsafePointer<xmlChar>?, attributes: RawAttributes) {
        let depth = frames.count
        if isCapturing {
            let (ns, _) = namespaces.lookup(namespaceURI)
            capture.startChild(localName: localName, prefix: prefix, isXHTMLDiv: ns == .xhtml && strcmpStatic(localName, "div"),
                               attributes: attributes, elementDepth: depth)
            frames.append(Frame(role: .markup, pushedBase: false))
            return
        }
        if frames.last?.role == .ignored {
            frames.append(Frame(role: .ignored, pushedBase: false))
            return
        }
        let name = String(cString: localName)
        let (ns, nsText) = namespaces.lookup(namespaceURI)
        var pushedBase = false
        if let xmlBase = attributes.xmlBase {
            outerBases.append(base)
            base = resolvedXMLBase(xmlBase)
            pushedBase = true
        }
        let role = classify(name: name, ns: ns, nsText: nsText, attributes: attributes, depth: depth)
        frames.append(Frame(role: role, pushedBase: pushedBase))
    }

    func endElement(localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?,
                    namespaceURI: UnsafePointer<xmlChar>?) {
        guard let frame = frames.popLast() else { return }
        let depth = frames.count
        switch frame.role {
        case .markup:
            if isCapturing {
                capture.endChild(localName: localName, prefix: prefix, elementDepth: depth)
            }
            return
        case .field:
            if isCapturing, capture.depth == depth, let target = captureTarget.take() {
                isCapturing = false
                finishField(target)
            }
        case .item:
            if let finished = item.take(), items.count < FeedParser.itemLimit { items.append(finished.finish(inheritedAuthors: [])) }
        case .author(let feedLevel):
            if let name = (authorName ?? authorEmail)?.trimmed, !name.isEmpty {
                if feedLevel {
                    if !feed.authors.contains(name) { feed.authors.append(name) }
                } else {
                    item?.addAuthor(name)
                }
            }
        default:
            break
        }
        if frame.pushedBase { base = outerBases.removeLast() }
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        if isCapturing { capture.characters(bytes) }
    }

    // MARK: classification

    private func classify(name: String, ns: XMLNamespace, nsText: String, attributes: RawAttributes, depth: Int) -> Role {
        guard let format, let parent = frames.last?.role else {
            return classifyRoot(name: name, nsText: nsText, attributes: attributes)
        }
        let core = ns == .none || ns == .rss || nsText == rootNamespace || (format == .atom && ns == .atom)
        switch parent {
        case .root where format == .atom:
            return atomFeedChild(name: name, core: core, attributes: attributes, depth: depth)
        case .root:
            if core && name == "channel" { return .channel }
            if core && name == "item" { return beginItem(attributes) }
            return .ignored
        case .channel:
            return rssChannelChild(name: name, ns: ns, core: core, attributes: attributes, depth: depth)
        case .item where format == .atom:
            return atomEntryChild(name: name, ns: ns, core: core, attributes: attributes, depth: depth)
        case .item:
            return rssItemChild(name: name, ns: ns, core: core, attributes: attributes, depth: depth)
        case .author:
            guard core || ns == .atom else { return .ignored }
            if name == "name" { return startField(.authorName, mode: .text, depth: depth) }
            if name == "email" { return startField(.authorEmail, mode: .text, depth: depth) }
            return .ignored
        case .mediaGroup, .mediaContent:
            return ns == .media ? mediaElement(name: name, attributes: attributes, inGroup: parent == .mediaGroup) : .ignored
        default:
            return .ignored
        }
    }

    private func classifyRoot(name: String, nsText: String, attributes: RawAttributes) -> Role {
        rootName = name
        rootNamespace = nsText
        if let lang = attributes.xmlLang?.trimmed, !lang.isEmpty { feed.language = lang }
        switch name {
        case "rss": format = .rss
        case "RDF": format = .rdf
        case "feed": format = .atom
        case "channel": format = .rss; return .channel
        default:
            wantsToStop = true
            return .ignored
        }
        return .root
    }

    // MARK: helpers

    func beginItem(_ attributes: RawAttributes) -> Role {
        let draft = ItemDraft()
        for i in 0..<attributes.count where attributes[i].hasLocalName("about") {
            draft.explicitID = attributes[i].value.trimmed   // RDF rdf:about
        }
        item = draft
        return .item
    }

    func startField(_ field: Field, mode: TextMode, depth: Int, rewrite: Bool = false) -> Role {
        if case .feedTitle = field, feed.title != nil { return .ignored }
        let rewrites = rewrite && (mode == .html || mode == .xhtml)
        captureTarget = CaptureTarget(field: field, base: base, rewritesURLs: rewrites)
        capture.begin(mode: mode, depth: depth)
        isCapturing = true
        return .field
    }

    func startLink(_ attributes: RawAttributes, feedLevel: Bool, depth: Int) -> Role {
        var rel = attributes.value("rel")?.trimmed.lowercased() ?? "alternate"
        if rel.isEmpty { rel = "alternate" }
        if rel.hasPrefix("http://www.iana.org/assignments/relation/") { rel = String(rel.dropFirst(41)) }
        let field = Field.link(rel: rel, type: attributes.value("type"), href: attributes.value("href"),
                               length: attributes.value("length"), feedLevel: feedLevel)
        return startField(field, mode: .text, depth: depth)
    }

    private func resolvedXMLBase(_ value: String) -> URL? {
        if let last = lastXMLBase, last.value == value, last.outer == base { return last.resolved }
        let resolved = URLResolver.base(from: value, outer: base)
        lastXMLBase = (value, base, resolved)
        return resolved
    }

    func atomMode(_ attributes: RawAttributes) -> TextMode {
        TextMode.atom(type: attributes.value("type"), mode: attributes.value("mode"))
    }

    func resolvedAttribute(_ attributes: RawAttributes, _ name: StaticString) -> String {
        guard let v = attributes.value(name)?.trimmed, !v.isEmpty else { return "" }
        return URLResolver.resolve(v, against: base)
    }

    func setImage(_ url: String) {
        if !url.isEmpty, item != nil, item?.imageURL == nil { item?.imageURL = url }
    }

    private func finishField(_ c: CaptureTarget) {
        let value = capture.finish(rewritingURLsAgainst: c.rewritesURLs ? c.base : nil)
        switch c.field {
        case .feedTitle: feed.title = value
        case .feedDCTitle: if feedDCTitle == nil { feedDCTitle = value }
        case .feedDescription: if feed.description == nil, !value.isEmpty { feed.description = value }
        case .feedLanguage: if !value.isEmpty { feed.language = value }
        case .feedLink: if feed.link == nil, !value.isEmpty { feed.link = URLResolver.resolve(value, against: c.base) }
        case .itemTitle: item?.title = value
        case .itemDCTitle: if item?.title == nil { item?.title = value }
        case .itemLink:
            if item?.link == nil, !value.isEmpty { item?.link = URLResolver.resolve(value, against: c.base) }
        case .itemGuid:
            if item?.explicitID == nil, !value.isEmpty { item?.explicitID = value }
            if item?.guidText == nil { item?.guidText = value }
        case .itemID: if !value.isEmpty { item?.explicitID = value }
        case .itemSummary: if item?.summary == nil, !value.isEmpty { item?.summary = value }
        case .itemContent: if item?.content == nil, !value.isEmpty { item?.content = value }
        case .published(let rank): item?.setPublished(FeedDateParser.parse(value), rank: rank)
        case .updated(let rank): item?.setUpdated(FeedDateParser.parse(value), rank: rank)
        case .rssAuthor: item?.addAuthor(rssAuthorName(value))
        case .creator: item?.addAuthor(value)
        case .authorName: authorName = value
        case .authorEmail: authorEmail = value
        case .link(let rel, let type, let href, let length, let feedLevel):
            // An empty href is a same-document reference (the base itself); no href at all means the text is the URL.
            let raw = href ?? value
            guard href != nil || !raw.isEmpty else { return }
            let link = DraftLink(rel: rel, type: type, href: URLResolver.resolve(raw, against: c.base),
                                 length: length.flatMap { Int($0.trimmed) })
            if feedLevel {
                feed.links.append(link)
            } else {
                item?.links.append(link)
                if rel == "enclosure" { item?.addEnclosure(url: link.href, type: type, length: length) }
            }
        }
    }
}
