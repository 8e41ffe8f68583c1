/// Element mapping for Atom 1.0 (and 0.3) feeds and entries.
extension XMLFeedBuilder {
    func atomFeedChild(name: String, core: Bool, attributes: RawAttributes, depth: Int) -> Role {
        guard core else { return .ignored }
        switch name {
        case "title": return startField(.feedTitle, mode: atomMode(attributes), depth: depth, rewrite: true)
        case "link": return startLink(attributes, feedLevel: true, depth: depth)
        case "subtitle", "tagline": return startField(.feedDescription, mode: atomMode(attributes), depth: depth, rewrite: true)
        case "entry": return beginItem(attributes)
        case "author":
            authorName = nil; authorEmail = nil
            return .author(feedLevel: true)
        default: return .ignored
        }
    }

    func atomEntryChild(name: String, ns: XMLNamespace, core: Bool, attributes: RawAttributes, depth: Int) -> Role {
        if !core {
            if ns == .media { return mediaElement(name: name, attributes: attributes, inGroup: false) }
            if ns == .itunes && name == "image" { setImage(resolvedAttribute(attributes, "href")); return .ignored }
            if ns == .dc && name == "creator" { return startField(.creator, mode: .text, depth: depth) }
            return .ignored
        }
        switch name {
        case "id": return startField(.itemID, mode: .text, depth: depth)
        case "title": return startField(.itemTitle, mode: atomMode(attributes), depth: depth, rewrite: true)
        case "link": return startLink(attributes, feedLevel: false, depth: depth)
        case "published": return startField(.published(rank: 0), mode: .text, depth: depth)
        case "issued": return startField(.published(rank: 1), mode: .text, depth: depth)
        case "created": return startField(.published(rank: 2), mode: .text, depth: depth)
        case "updated": return startField(.updated(rank: 0), mode: .text, depth: depth)
        case "modified": return startField(.updated(rank: 1), mode: .text, depth: depth)
        case "summary": return startField(.itemSummary, mode: atomMode(attributes), depth: depth, rewrite: true)
        case "content":
            if attributes.value("src") != nil { return .ignored }   // out-of-line content: nothing to show inline
            return startField(.itemContent, mode: atomMode(attributes), depth: depth, rewrite: true)
        case "author":
            authorName = nil; authorEmail = nil
            return .author(feedLevel: false)
        default: return .ignored
        }
    }
}
