import FoundationEssentials
import LectorBasics
import Glibc
import LectorReader
import LectorSettings
import LectorStore
import LectorText

/// An article list for people, laid out by the list settings: read indicator, reading time,
/// preview lines under each title, and highlighted passages for search results.
struct ArticleListView {
    let preferences: Preferences
    let width: Int
    let palette: Palette
    /// For a pipe: one tab-separated line per article, nothing cut, no previews.
    var plain = false
    /// Account names by id: a list whose articles come from more than one account names each
    /// row's account (copies made by `account copy` are otherwise identical rows).
    var accountNames: [Int64: String] = [:]
    /// Whether the ACCOUNT column is shown, when the caller decided it once for a whole list (a
    /// full-screen view, laid out a screen at a time); nil: when these rows come from several accounts.
    var accountColumn: Bool?

    func render(_ articles: [ArticleRow], searching: Bool) -> String {
        if plain { return plainRows(articles, searching: searching) }
        let (header, blocks) = laidOut(articles, searching: searching)
        return ([header] + blocks.flatMap { $0 }).joined(separator: "\n")
    }

    /// The header line and, for each article, its row followed by its preview lines, fitted to
    /// the width; rows are numbered from `firstNumber` (a full-screen list shows a window of its rows).
    func laidOut(_ articles: [ArticleRow], searching: Bool, firstNumber: Int = 1) -> (header: String, blocks: [[String]]) {
        var lines = table(articles, searching: searching, firstNumber: firstNumber).render(width: width)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[0] = palette.header(lines[0])
        let previewLines = searching ? 1 : preferences.listPreviewLines
        // Each article's row is followed by its preview (or, when searching, the matching passage).
        let blocks = zip(articles, lines.dropFirst()).map { article, line in
            [line] + (previewLines > 0 ? preview(article, searching: searching, lines: previewLines) : [])
        }
        return (lines[0], blocks)
    }

    /// The plain format's fixed columns (`PlainColumns.articleList`), whatever the list settings:
    /// the matching passage is the last column, empty unless searching.
    private func plainRows(_ articles: [ArticleRow], searching: Bool) -> String {
        // The table sanitises its cells, which would take our own colour codes too: the match
        // marks travel as private-use stand-ins and become highlights once the rows are laid out.
        let rows = articles.enumerated().map { index, article in
            [String(index + 1), String(article.id), JSONOutput.timestamp(article.publishedAt) ?? "", accountNames[article.accountID] ?? "",
             article.feedTitle, article.title, PlainColumns.yesNo(article.read != .unread), PlainColumns.yesNo(article.starred),
             String(readingMinutes(wordCount: article.wordCount)),
             searching ? article.snippet.map { TerminalText.sanitizeKeepingMarks($0).replacingAll("\u{1}", with: Self.matchStartStandIn)
                 .replacingAll("\u{2}", with: Self.matchEndStandIn) } ?? "" : ""]
        }
        return PlainColumns.articleList.render(rows).replacingAll(Self.matchStartStandIn, with: palette.matchStart)
            .replacingAll(Self.matchEndStandIn, with: palette.matchEnd)
    }

    private func table(_ articles: [ArticleRow], searching: Bool, firstNumber: Int) -> TextTable {
        var headers = ["#"]
        if preferences.showReadIndicator { headers.append("") }
        let showAccount = accountColumn ?? (Set(articles.map(\.accountID)).count > 1)
        headers += ["DATE"] + (showAccount ? ["ACCOUNT"] : []) + ["FEED", "TITLE"]
        if preferences.showReadingTime { headers.append("MIN") }
        let titleColumn = headers.firstIndex(of: "TITLE")!
        var table = TextTable(headers, flexibleColumn: titleColumn)
        for (index, article) in articles.enumerated() {
            var row = [String(index + firstNumber)]
            if preferences.showReadIndicator { row.append((article.read == .unread ? "●" : " ") + (article.starred ? "★" : " ")) }
            row += [ArticleCommands.shortDate(article.publishedAt)] + (showAccount ? [accountNames[article.accountID] ?? "—"] : [])
                + [article.feedTitle, article.title]
            if preferences.showReadingTime { row.append(String(readingMinutes(wordCount: article.wordCount))) }
            table.add(row)
        }
        return table
    }

    private func preview(_ article: ArticleRow, searching: Bool, lines: Int) -> [String] {
        let indent = "     "
        if searching, let snippet = article.snippet {
            return [indent + highlight(Self.fitted(TerminalText.sanitizeKeepingMarks(snippet), to: max(20, width - indent.count)))]
        }
        // An article without a summary previews the start of its text, as the summary would.
        guard let html = article.summary.flatMap({ $0.isEmpty ? nil : $0 }) ?? article.opening.map(Self.escaped) else { return [] }
        let plain = (TerminalRenderer(width: max(20, width - indent.count), style: RenderStyle())
            .render(html: html, baseURL: nil).body)
        let wrapped = plain.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        return wrapped.prefix(lines).map { indent + palette.dim($0) }
    }

    /// Plain text as HTML that renders to the same text.
    static func escaped(_ text: String) -> String {
        text.replacingAll("&", with: "&amp;").replacingAll("<", with: "&lt;").replacingAll(">", with: "&gt;")
    }

    private static let matchStartStandIn = "\u{F8FE}", matchEndStandIn = "\u{F8FF}"

    /// A passage cut to `columns` cells (the match marks take none), ending in "…" where it
    /// was cut and closing a highlight it cut through: a passage that wrapped would break the
    /// list's lines apart on a narrow terminal.
    static func fitted(_ passage: String, to columns: Int) -> String {
        // The marks are control characters: DisplayWidth gives them no cells.
        guard DisplayWidth.of(passage) > columns else { return passage }
        var kept = "", shown = 0, highlighting = false
        for character in passage {
            if character == "\u{1}" || character == "\u{2}" {
                highlighting = character == "\u{1}"
                kept.append(character)
                continue
            }
            let width = DisplayWidth.of(character)
            guard shown + width <= columns - 1 else { break }
            kept.append(character)
            shown += width
        }
        if kept.hasSuffix("…") { kept.removeLast() }
        return kept + (highlighting ? "\u{2}" : "") + "…"
    }

    private func highlight(_ snippet: String) -> String {
        snippet.replacingAll("\u{1}", with: palette.matchStart).replacingAll("\u{2}", with: palette.matchEnd)
    }
}
