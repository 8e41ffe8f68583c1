import FoundationEssentials
import LectorBasics
import LectorText

/// One rendering pass: walks the tree, collects inline runs per block and emits prefixed lines.
final class RenderSession {
    let width: Int
    let style: RenderStyle
    let baseURL: URL?

    private var lines: [String] = []
    private var frames: [PrefixFrame] = []
    private var inline: [InlineRun] = []
    private var inlineStyle: TextStyle = []
    private var lastWasSpace = true
    private var spaceAfterLabel = false
    private var pendingBlank = false
    private var listDepth = 0
    /// Inside table cells blocks collapse to spaces, so a cell stays one line of runs.
    private var flattenBlocks = false
    var references = ReferenceTable()
    private var words = WordCounter()

    /// A line prefix contributed by a list item, quote or definition.
    private struct PrefixFrame {
        var first: String
        var rest: String
        var usedFirst = false
    }

    init(width: Int, style: RenderStyle, baseURL: URL?) {
        self.width = width
        self.style = style
        self.baseURL = baseURL
    }

    func renderDocument(_ root: HTMLNode) {
        let body = root.firstDescendant(named: "body") ?? root
        walkChildren(body)
        flushInline()
    }

    func result() -> RenderedText {
        while lines.last?.isEmpty == true { lines.removeLast() }
        return RenderedText(body: lines.joined(separator: "\n"), references: references.references,
                            wordCount: words.count)
    }

    // MARK: - Tree walk

    static let dropped: Set<String> = [
        "script", "style", "noscript", "template", "head", "title", "meta", "link", "form", "nav",
        "button", "input", "select", "textarea", "option", "svg", "canvas", "map", "frameset", "dialog",
    ]
    private static let separatedBlocks: Set<String> = ["p", "figure", "details", "address", "fieldset", "center"]
    private static let plainBlocks: Set<String> = [
        "div", "section", "article", "main", "header", "footer", "aside", "figcaption", "summary",
        "caption", "hgroup", "body", "html", "legend", "tr", "tbody", "thead", "tfoot", "dl",
    ]

    private func walkChildren(_ node: HTMLNode) {
        for child in node.children { walk(child) }
    }

    private func walk(_ node: HTMLNode) {
        if node.kind == .text {
            appendText(TerminalSanitizer.clean(node.text))
            return
        }
        let name = node.name
        if Self.dropped.contains(name) || node.attribute("hidden") != nil { return }
        switch name {
        case "h1", "h2", "h3", "h4", "h5", "h6": heading(node)
        case "ul", "ol", "menu": list(node)
        case "li": listItem(node, marker: "• ")
        case "blockquote": framed(node, prefix: "│ ")
        case "dd": block { framed(node, prefix: "    ", separated: false) }
        case "dt": block { withStyle(.bold) { walkChildren(node) } }
        case "pre": preformatted(node)
        case "table": table(node)
        case "hr": horizontalRule()
        case "br": appendBreak()
        case "img": image(node)
        case "iframe", "video", "audio", "embed", "object": media(node)
        case "a": link(node)
        case "b", "strong": withStyle(.bold) { walkChildren(node) }
        case "i", "em", "cite", "dfn", "var": withStyle(.italic) { walkChildren(node) }
        case "u", "ins": withStyle(.underline) { walkChildren(node) }
        case "code", "kbd", "samp", "tt": inlineCode(node)
        case "q": appendRaw("“", style: []); walkChildren(node); appendRaw("”", style: [])
        default:
            if Self.separatedBlocks.contains(name) {
                separatedBlock { walkChildren(node) }
            } else if Self.plainBlocks.contains(name) {
                block { walkChildren(node) }
            } else {
                walkChildren(node)
            }
        }
    }

    // MARK: - Inline collection

    private func appendText(_ text: String) {
        words.feed(text)
        var collapsed = ""
        for character in text {
            if character == " " || character == "\n" || character == "\t" || character == "\r" || character == "\u{0C}" {
                if !lastWasSpace { collapsed.append(" "); lastWasSpace = true }
            } else {
                collapsed.append(character)
                lastWasSpace = false
            }
        }
        appendRaw(collapsed, style: inlineStyle)
    }

    private func appendRaw(_ text: String, style: TextStyle) {
        guard !text.isEmpty else { return }
        if spaceAfterLabel {
            spaceAfterLabel = false
            if let first = text.first, first != " ", first != "\n", !first.isPunctuation {
                appendRaw(" ", style: [])
            }
        }
        if let last = inline.last, last.style == style {
            inline[inline.count - 1].text += text
        } else {
            inline.append(InlineRun(text: text, style: style))
        }
        if let end = text.last { lastWasSpace = end == " " || end == "\n" }
    }

    private func appendBreak() {
        if flattenBlocks { appendRaw(" ", style: []); return }
        appendRaw("\n", style: [])
        lastWasSpace = true
    }

    private func withStyle(_ extra: TextStyle, _ body: () -> Void) {
        let saved = inlineStyle
        inlineStyle.formUnion(extra)
        body()
        inlineStyle = saved
    }

    private func inlineCode(_ node: HTMLNode) {
        withStyle(.code) {
            appendRaw("`", style: inlineStyle)
            lastWasSpace = false
            walkChildren(node)
            if inline.last?.text.hasSuffix(" ") == true { inline[inline.count - 1].text.removeLast() }
            appendRaw("`", style: inlineStyle)
        }
    }

    private func marker(_ number: Int) {
        appendRaw("[\(number)]", style: .literal)
    }

    /// A snapshot that changes whenever text is added or lines are emitted.
    private var progress: [Int] { [lines.count, inline.count, inline.last?.text.utf8.count ?? 0] }

    private func link(_ node: HTMLNode) {
        let before = progress
        walkChildren(node)
        // A link around blocks (`<a><h2>…</h2></a>`) has emitted its text already; its number
        // then starts the next line rather than being lost.
        guard let url = URLResolver.linkTarget(node.attribute("href"), against: baseURL), progress != before else { return }
        if inline.last?.text.hasSuffix(" ") == true {
            inline[inline.count - 1].text.removeLast()
            if inline[inline.count - 1].text.isEmpty { inline.removeLast() }
            marker(references.number(for: url, kind: .link))
            appendRaw(" ", style: [])
        } else {
            marker(references.number(for: url, kind: .link))
        }
    }

    private func image(_ node: HTMLNode) {
        let srcsetFirst = node.attribute("srcset")?.split(separator: ",").first?
            .split(whereSeparator: \.isWhitespace).first.map(String.init)
        var source = node.attribute("src") ?? node.attribute("data-src") ?? srcsetFirst
        if source?.hasPrefix("data:") == true { source = node.attribute("data-src") ?? srcsetFirst }
        let alt = TerminalSanitizer.clean(node.attribute("alt") ?? node.attribute("title") ?? "")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard let url = URLResolver.linkTarget(source, against: baseURL) else {
            if !alt.isEmpty { label("[image: \(alt)]"); spaceAfterLabel = true }
            return
        }
        label(alt.isEmpty ? "[image]" : "[image: \(alt)]")
        marker(references.number(for: url, kind: .image))
        spaceAfterLabel = true
    }

    private func media(_ node: HTMLNode) {
        var source = node.attribute("src") ?? node.attribute("data")
        if source == nil { source = node.descendants(named: ["source"]).first?.attribute("src") }
        guard let url = URLResolver.linkTarget(source, against: baseURL) else { return }
        let kind: LinkReference.Kind
        switch node.name {
        case "video": kind = .video
        case "audio": kind = .audio
        default: kind = EmbedHosts.isVideo(url) ? .video : .embed
        }
        let title = TerminalSanitizer.clean(node.attribute("title") ?? "").trimmingWhitespace()
        let what = title.isEmpty ? (URL(string: url)?.host ?? url) : title
        label("[\(kind.rawValue): \(what)]")
        marker(references.number(for: url, kind: kind))
        spaceAfterLabel = true
    }

    /// Image and media labels stand apart from the words around them; libxml2's NOBLANKS option
    /// drops the whitespace-only text that often separates them in the source.
    private func label(_ text: String) {
        if !lastWasSpace, !inline.isEmpty { appendRaw(" ", style: []) }
        appendRaw(text, style: .literal)
    }

    // MARK: - Blocks

    private func block(_ body: () -> Void) {
        if flattenBlocks { appendSpace(); body(); appendSpace(); return }
        flushInline()
        body()
        flushInline()
    }

    private func separatedBlock(_ body: () -> Void) {
        if flattenBlocks { block(body); return }
        flushInline()
        pendingBlank = true
        body()
        flushInline()
        pendingBlank = true
    }

    private func appendSpace() {
        if !lastWasSpace { appendRaw(" ", style: []) }
    }

    private func heading(_ node: HTMLNode) {
        let level = Int(node.name.dropFirst()) ?? 6
        separatedBlock {
            withStyle(.bold) { walkChildren(node) }
            guard !flattenBlocks else { return }
            let used = flushInline()
            if used > 0, level <= 2 {
                emit(String(repeating: level == 1 ? "═" : "─", count: used))
            }
        }
    }

    private func list(_ node: HTMLNode) {
        if flattenBlocks { walkChildren(node); return }
        flushInline()
        if listDepth == 0 { pendingBlank = true }
        listDepth += 1
        let ordered = node.name == "ol"
        let items = node.children.filter { $0.name == "li" }
        var number = Int(node.attribute("start")?.trimmingBlanks ?? "") ?? 1
        let widest = "\(number + max(0, items.count - 1)). ".count
        let bullets = ["• ", "◦ ", "▪ "]
        for child in node.children {
            guard child.name == "li" else { walk(child); continue }
            if ordered {
                let label = "\(number). "
                listItem(child, marker: String(repeating: " ", count: widest - label.count) + label)
                number += 1
            } else {
                listItem(child, marker: bullets[(listDepth - 1) % bullets.count])
            }
        }
        listDepth -= 1
        if listDepth == 0 { pendingBlank = true }
    }

    private func listItem(_ node: HTMLNode, marker: String) {
        if flattenBlocks { block { walkChildren(node) }; return }
        flushInline()
        let first = "  " + marker
        pushFrame(PrefixFrame(first: first, rest: String(repeating: " ", count: DisplayWidth.of(first))))
        walkChildren(node)
        flushInline()
        popFrame()
    }

    private func framed(_ node: HTMLNode, prefix: String, separated: Bool = true) {
        if flattenBlocks { walkChildren(node); return }
        flushInline()
        if separated { pendingBlank = true }
        pushFrame(PrefixFrame(first: prefix, rest: prefix))
        walkChildren(node)
        flushInline()
        popFrame()
        if separated { pendingBlank = true }
    }

    /// Indentation stops growing at half the width, so deep nesting cannot squeeze text to nothing.
    private func pushFrame(_ frame: PrefixFrame) {
        if pendingBlank { emitBlank() }
        let tooDeep = prefixWidth(first: false) + DisplayWidth.of(frame.rest) > width / 2
        frames.append(tooDeep ? PrefixFrame(first: "", rest: "") : frame)
    }

    private func popFrame() {
        if let frame = frames.last, !frame.usedFirst { emit("") }
        frames.removeLast()
    }

    private func preformatted(_ node: HTMLNode) {
        if flattenBlocks { appendText(node.textContent); return }
        separatedBlock {
            var text = TerminalSanitizer.clean(node.textContent).replacingAll("\t", with: "    ")
            if text.hasPrefix("\n") { text.removeFirst() }
            var codeLines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            while codeLines.last?.allSatisfy(\.isWhitespace) == true { codeLines.removeLast() }
            for line in codeLines {
                let content = String(line.map { $0 == "\u{A0}" ? " " : $0 })
                emit(content.isEmpty ? "" : "    " + content)
            }
        }
    }

    private func horizontalRule() {
        if flattenBlocks { return }
        separatedBlock { emit(String(repeating: "─", count: min(width - prefixWidth(first: false), 40))) }
    }

    private func table(_ node: HTMLNode) {
        if flattenBlocks { walkChildren(node); return }
        separatedBlock {
            let rows = TableLayout.rows(of: node).map { row in
                row.map { cell in (runs: collectCell(cell.node), header: cell.header) }
            }
            for line in TableLayout.lines(rows: rows, width: width - prefixWidth(first: false)) {
                if line.wrap { inline = line.runs; lastWasSpace = true; flushInline() } else { emit(runs: line.runs) }
            }
        }
    }

    /// Renders one cell's children to inline runs without emitting anything.
    private func collectCell(_ cell: HTMLNode) -> [InlineRun] {
        let savedInline = inline, savedSpace = lastWasSpace, savedFlatten = flattenBlocks
        inline = []; lastWasSpace = true; flattenBlocks = true
        walkChildren(cell)
        var runs = inline
        inline = savedInline; lastWasSpace = savedSpace; flattenBlocks = savedFlatten
        trimTrailingSpace(&runs)
        return runs
    }

    // MARK: - Emission

    private func trimTrailingSpace(_ runs: inout [InlineRun]) {
        while let last = runs.last, last.text.hasSuffix(" ") || last.text.hasSuffix("\n") || last.text.isEmpty {
            runs[runs.count - 1].text.removeLast(last.text.isEmpty ? 0 : 1)
            if runs[runs.count - 1].text.isEmpty { runs.removeLast() }
        }
    }

    /// Wraps and emits the pending inline runs; returns the widest line's visible width.
    @discardableResult
    private func flushInline() -> Int {
        words.endWord()
        spaceAfterLabel = false
        var runs = inline
        inline = []
        lastWasSpace = true
        trimTrailingSpace(&runs)
        guard !runs.isEmpty else { return 0 }
        let wrapped = LineWrapper.wrap(runs, firstWidth: width - prefixWidth(first: true),
                                       restWidth: width - prefixWidth(first: false))
        var widest = 0
        for line in wrapped {
            // Runs of <br> give at most one blank line, and never one at the top of a block.
            if line.isEmpty, lines.last.map({ $0.allSatisfy { $0 == " " || $0 == "│" } }) ?? true { continue }
            widest = max(widest, line.reduce(0) { $0 + $1.width } + max(0, line.count - 1))
            emit(styled(line))
        }
        return widest
    }

    private func emit(runs: [InlineRun]) {
        emit(styled([WrappedWord(pieces: runs, width: 0, isURL: false)]))
    }

    private func styled(_ line: [WrappedWord]) -> String {
        line.map { word in
            word.pieces.map { LineStyler.render($0, style: style, isURL: word.isURL) }.joined()
        }.joined(separator: " ")
    }

    private func prefixWidth(first: Bool) -> Int {
        frames.reduce(0) { $0 + DisplayWidth.of(first && !$1.usedFirst ? $1.first : $1.rest) }
    }

    private func emitBlank() {
        pendingBlank = false
        // No blank at the very top, and never two in a row (a quote's bare "│" counts as blank).
        guard let last = lines.last, !last.allSatisfy({ $0 == " " || $0 == "│" }) else { return }
        var prefix = frames.map(\.rest).joined()
        while prefix.last == " " { prefix.removeLast() }
        lines.append(prefix)
    }

    private func emit(_ content: String) {
        if pendingBlank {
            if frames.contains(where: { !$0.usedFirst }) { pendingBlank = false } else { emitBlank() }
        }
        var prefix = ""
        for index in frames.indices {
            prefix += frames[index].usedFirst ? frames[index].rest : frames[index].first
            frames[index].usedFirst = true
        }
        var line = prefix + content
        while line.last == " " { line.removeLast() }
        lines.append(line)
    }
}
