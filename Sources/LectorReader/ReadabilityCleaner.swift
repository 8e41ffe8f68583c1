/// Readability's `_prepArticle`: removes what is left of forms, share bars, widgets and junk
/// from the chosen container, keeping video embeds and data tables.
struct ReadabilityCleaner {
    let flags: ReadabilityGrabber.Flags

    func prepare(_ article: HTMLNode) {
        let dataTables = markDataTables(article)
        fixLazyImages(article)
        cleanConditionally(article, "form", dataTables)
        cleanConditionally(article, "fieldset", dataTables)
        for tag in ["object", "embed", "footer", "link", "aside"] { clean(article, tag) }
        for child in article.elementChildren {
            for node in child.descendants().reversed()
            where ReadabilityPatterns.isShareElement(node.classAndID) && node.textContent.unicodeScalars.count < 500 {
                node.detach()
            }
        }
        for tag in ["iframe", "input", "textarea", "select", "button"] { clean(article, tag) }
        for header in article.descendants(named: ["h1", "h2"])
        where ReadabilityMeasure.classWeight(header, enabled: flags.contains(.weightClasses)) < 0 {
            header.detach()
        }
        cleanConditionally(article, "table", dataTables)
        cleanConditionally(article, "ul", dataTables)
        cleanConditionally(article, "div", dataTables)
        for heading in article.descendants(named: ["h1"]) { heading.rename("h2") }
        for paragraph in article.descendants(named: ["p"]).reversed()
        where paragraph.descendants(named: ["img", "embed", "object", "iframe", "video", "audio"]).isEmpty
            && paragraph.innerText(normalizingSpaces: false).isEmpty {
            paragraph.detach()
        }
        for br in article.descendants(named: ["br"]) {
            var next = br.nextSibling
            while let current = next, current.isWhitespaceText { next = current.nextSibling }
            if next?.name == "p" { br.detach() }
        }
        unwrapSingleCellTables(article)
    }

    /// Embeds from known video hosts survive every removal.
    static func isVideoEmbed(_ node: HTMLNode) -> Bool {
        if node.name == "video" || node.name == "audio" { return true }
        return node.attributes.contains { EmbedHosts.isVideo($0.value) }
    }

    private func clean(_ article: HTMLNode, _ tag: String) {
        let isEmbed = ["object", "embed", "iframe"].contains(tag)
        for node in article.descendants(named: [tag]).reversed() {
            if isEmbed, Self.isVideoEmbed(node) || (tag == "object" && EmbedHosts.isVideo(HTMLSerializer.innerHTML(node))) { continue }
            node.detach()
        }
    }

    private func fixLazyImages(_ article: HTMLNode) {
        for image in article.descendants(named: ["img", "picture", "figure"]) where image.name == "img" {
            let src = image.attribute("src") ?? ""
            if src.isEmpty || src.hasPrefix("data:") {
                for key in ["data-src", "data-original", "data-lazy-src", "data-url"] {
                    if let value = image.attribute(key), !value.isEmpty { image.setAttribute("src", value); break }
                }
            }
        }
    }

    private func markDataTables(_ article: HTMLNode) -> Set<ObjectIdentifier> {
        var result = Set<ObjectIdentifier>()
        for table in article.descendants(named: ["table"]) where isDataTable(table) {
            result.insert(ObjectIdentifier(table))
        }
        return result
    }

    private func isDataTable(_ table: HTMLNode) -> Bool {
        if table.attribute("role") == "presentation" || table.attribute("datatable") == "0" { return false }
        if table.attribute("summary") != nil { return true }
        if let caption = table.firstDescendant(named: "caption"), !caption.children.isEmpty { return true }
        if !table.descendants(named: ["col", "colgroup", "tfoot", "thead", "th"]).isEmpty { return true }
        if table.firstDescendant(named: "table") != nil { return false }
        let rows = table.descendants(named: ["tr"])
        let columns = rows.map { $0.elementChildren.filter { $0.name == "td" || $0.name == "th" }.count }.max() ?? 0
        if rows.count >= 10 || columns > 4 { return true }
        return rows.count * columns > 10
    }

    private func insideDataTable(_ node: HTMLNode, _ dataTables: Set<ObjectIdentifier>) -> Bool {
        node.ancestors.contains { $0.name == "table" && dataTables.contains(ObjectIdentifier($0)) }
    }

    private func cleanConditionally(_ article: HTMLNode, _ tag: String, _ dataTables: Set<ObjectIdentifier>) {
        guard flags.contains(.cleanConditionally) else { return }
        for node in article.descendants(named: [tag]).reversed() where node.parent != nil {
            if shouldRemove(node, tag, dataTables) { node.detach() }
        }
    }

    private func shouldRemove(_ node: HTMLNode, _ tag: String, _ dataTables: Set<ObjectIdentifier>) -> Bool {
        let innerText = node.innerText()
        var isList = tag == "ul" || tag == "ol"
        if !isList, !innerText.isEmpty {
            let listLength = node.descendants(named: ["ul", "ol"]).reduce(0) { $0 + $1.innerTextLength }
            isList = Double(listLength) / Double(innerText.unicodeScalars.count) > 0.9
        }
        if tag == "table", dataTables.contains(ObjectIdentifier(node)) { return false }
        if insideDataTable(node, dataTables) || node.hasAncestor(named: "code") { return false }
        let weight = ReadabilityMeasure.classWeight(node, enabled: flags.contains(.weightClasses))
        if weight < 0 { return true }
        guard ReadabilityMeasure.commaCount(innerText) < 10 else { return false }

        let paragraphs = node.descendants(named: ["p"]).count
        let images = node.descendants(named: ["img"]).count
        let listItems = node.descendants(named: ["li"]).count - 100
        let inputs = node.descendants(named: ["input"]).count
        let headingDensity = ReadabilityMeasure.textDensity(node, tags: ["h1", "h2", "h3", "h4", "h5", "h6"])
        var embeds = 0
        for embed in node.descendants(named: ["object", "embed", "iframe", "video", "audio"]) {
            if Self.isVideoEmbed(embed) { return false }
            embeds += 1
        }
        if ReadabilityPatterns.isAdOrLoadingText(innerText) { return true }
        let contentLength = innerText.unicodeScalars.count
        let linkDensity = ReadabilityMeasure.linkDensity(node)
        let isFigureChild = node.hasAncestor(named: "figure")
        var remove = (!isFigureChild && images > 1 && Double(paragraphs) / Double(images) < 0.5)
            || (!isList && listItems > paragraphs)
            || (inputs > paragraphs / 3)
            || (!isList && !isFigureChild && headingDensity < 0.9 && contentLength < 25 && (images == 0 || images > 2) && linkDensity > 0)
            || (!isList && weight < 25 && linkDensity > 0.2)
            || (weight >= 25 && linkDensity > 0.5)
            || ((embeds == 1 && contentLength < 75) || embeds > 1)
        if isList && remove {
            // Simple lists of images may stay.
            if node.elementChildren.contains(where: { $0.elementChildren.count > 1 }) { return true }
            if images == node.descendants(named: ["li"]).count { remove = false }
        }
        return remove
    }

    private func unwrapSingleCellTables(_ article: HTMLNode) {
        for table in article.descendants(named: ["table"]).reversed() {
            var body = table
            if let only = table.elementChildren.first, table.elementChildren.count == 1, only.name == "tbody" { body = only }
            guard body.elementChildren.count == 1, let row = body.elementChildren.first, row.name == "tr",
                  row.elementChildren.count == 1, let cell = row.elementChildren.first, cell.name == "td" else { continue }
            cell.rename(cell.children.allSatisfy(ReadabilityMeasure.isPhrasing) ? "p" : "div")
            table.replace(with: cell)
        }
    }
}
