/// Media RSS (`media:group`, `media:content`, `media:thumbnail`), shared by RSS and Atom entries.
extension XMLFeedBuilder {
    func mediaElement(name: String, attributes: RawAttributes, inGroup: Bool) -> Role {
        switch name {
        case "group":
            return .mediaGroup
        case "content":
            let url = resolvedAttribute(attributes, "url")
            let type = attributes.value("type") ?? attributes.value("medium").map { $0 == "image" ? "image/*" : $0 }
            item?.addEnclosure(url: url, type: type, length: attributes.value("fileSize"))
            return .mediaContent
        case "thumbnail":
            setImage(resolvedAttribute(attributes, "url"))
            return .ignored
        default:
            return .ignored
        }
    }
}
