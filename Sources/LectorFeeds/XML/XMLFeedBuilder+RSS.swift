import LectorBasics

/// Element mapping for RSS 0.9x/2.0 and RSS 1.0 (RDF) channels and items.
extension XMLFeedBuilder {
    func rssChannelChild(name: String, ns: XMLNamespace, core: Bool, attributes: RawAttributes, depth: Int) -> Role {
        if core {
            switch name {
            case "title": return startField(.feedTitle, mode: .html, depth: depth)
            case "link": return startField(.feedLink, mode: .text, depth: depth)
            case "description": return startField(.feedDescription, mode: .html, depth: depth)
            case "language": return startField(.feedLanguage, mode: .text, depth: depth)
            case "item": return beginItem(attributes)
            default: return .ignored
            }
        }
        if ns == .dc && name == "title" { return startField(.feedDCTitle, mode: .html, depth: depth) }
        if ns == .dc && name == "language" { return startField(.feedLanguage, mode: .text, depth: depth) }
        if ns == .atom && name == "link" { return startLink(attributes, feedLevel: true, depth: depth) }
        return .ignored
    }

    func rssItemChild(name: String, ns: XMLNamespace, core: Bool, attributes: RawAttributes, depth: Int) -> Role {
        if core {
            switch name {
            case "title": return startField(.itemTitle, mode: .html, depth: depth)
            case "link": return startField(.itemLink, mode: .text, depth: depth)
            case "guid":
                if attributes.value("isPermaLink")?.trimmed.lowercased() == "false" { item?.guidIsPermaLink = false }
                return startField(.itemGuid, mode: .text, depth: depth)
            case "description": return startField(.itemSummary, mode: .html, depth: depth, rewrite: true)
            case "pubDate": return startField(.published(rank: 0), mode: .text, depth: depth)
            case "author": return startField(.rssAuthor, mode: .text, depth: depth)
            case "enclosure":
                item?.addEnclosure(url: resolvedAttribute(attributes, "url"), type: attributes.value("type"),
                                   length: attributes.value("length"))
                return .ignored
            default: return .ignored
            }
        }
        switch (ns, name) {
        case (.dc, "title"): return startField(.itemDCTitle, mode: .html, depth: depth)
        case (.dc, "description"): return startField(.itemSummary, mode: .html, depth: depth, rewrite: true)
        case (.dc, "date"): return startField(.published(rank: 1), mode: .text, depth: depth)
        case (.dcterms, "issued"): return startField(.published(rank: 2), mode: .text, depth: depth)
        case (.dcterms, "created"): return startField(.published(rank: 3), mode: .text, depth: depth)
        case (.dcterms, "modified"): return startField(.updated(rank: 1), mode: .text, depth: depth)
        case (.dc, "creator"), (.dc, "author"), (.itunes, "author"): return startField(.creator, mode: .text, depth: depth)
        case (.content, "encoded"): return startField(.itemContent, mode: .html, depth: depth, rewrite: true)
        case (.xhtml, "body"): return startField(.itemContent, mode: .xhtml, depth: depth, rewrite: true)
        case (.atom, "link"): return startLink(attributes, feedLevel: false, depth: depth)
        case (.atom, "updated"): return startField(.updated(rank: 0), mode: .text, depth: depth)
        case (.atom, "published"): return startField(.published(rank: 0), mode: .text, depth: depth)
        case (.media, _): return mediaElement(name: name, attributes: attributes, inGroup: false)
        case (.itunes, "image"):
            setImage(resolvedAttribute(attributes, "href"))
            return .ignored
        default: return .ignored
        }
    }
}
