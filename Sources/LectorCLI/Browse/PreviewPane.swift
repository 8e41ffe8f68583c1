import LectorReader
import LectorStore
import LectorText

/// The preview pane of `lector browse`: the highlighted article's title, feed, date and address,
/// then the start of its text, wrapped to the pane's width at every frame (so a resize or Ctrl-L
/// wraps it anew). Showing it marks nothing read: only the reader does.
struct PreviewPane {
    /// The last article's text, so that moving the highlight reads one article's text once.
    private var cached: (id: Int64, text: String)?

    /// `height` lines of at most `width` cells for `article` (nil: the list is empty).
    mutating func lines(_ article: ArticleRow?, accountName: String?, store: Store, width: Int, height: Int) -> [String] {
        guard let article, height > 0 else { return [] }
        var lines = Self.wrap(article.title.isEmpty ? "(untitled)" : article.title, width: width).prefix(2).map { $0 }
        let about = [article.feedTitle, accountName, ArticleCommands.shortDate(article.publishedAt), article.author]
            .compactMap { $0.flatMap { $0.isEmpty ? nil : $0 } }.joined(separator: " · ")
        lines.append(BrowseFrame.line(about, columns: width))
        if let url = article.url, !url.isEmpty { lines.append(BrowseFrame.line(url, columns: width)) }
        lines.append("")
        for paragraph in text(of: article, store: store).split(separator: "\n") where lines.count < height {
            lines += Self.wrap(String(paragraph), width: width, upTo: height - lines.count)
        }
        return Array(lines.prefix(height))
    }

    /// The article's stored plain text; its summary (or opening) when the store holds no text.
    private mutating func text(of article: ArticleRow, store: Store) -> String {
        if let cached, cached.id == article.id { return cached.text }
        var text = (try? store.articles.text(of: article.id)) ?? ""
        if text.allSatisfy(\.isWhitespace) {
            let html = article.summary.flatMap { $0.isEmpty ? nil : $0 } ?? article.opening.map(ArticleListView.escaped) ?? ""
            text = TerminalRenderer(width: 1000, style: RenderStyle()).render(html: html, baseURL: nil).body
        }
        cached = (article.id, text)
        return text
    }

    /// `text` (outside text: through the sanitiser, on one line) wrapped at spaces to lines of at
    /// most `width` cells, a word longer than a line cut; at most `upTo` lines.
    static func wrap(_ text: String, width: Int, upTo limit: Int = .max) -> [String] {
        let width = max(1, width)
        var lines: [String] = [], line = "", cells = 0
        for word in TerminalSanitizer.inline(text).split(separator: " ") where lines.count < limit {
            let word = DisplayWidth.cut(String(word), to: width), wordCells = DisplayWidth.of(word)
            if cells > 0 && cells + 1 + wordCells > width {
                lines.append(line)
                (line, cells) = ("", 0)
            }
            line += (cells > 0 ? " " : "") + word
            cells += (cells > 0 ? 1 : 0) + wordCells
        }
        if !line.isEmpty && lines.count < limit { lines.append(line) }
        return lines
    }
}
