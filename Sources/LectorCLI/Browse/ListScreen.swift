import LectorAccounts
import LectorSettings
import LectorStore

/// The list screen of `lector browse`: a line with what is shown and its counts, the article
/// table's header, as many articles (each with its preview lines) as fit, the selected one in
/// reverse video and marked with `>`, and the status or help line at the bottom.
struct ListScreen {
    let preferences: Preferences
    let palette: Palette
    let accountNames: [Int64: String]
    /// The ACCOUNT column, chosen once for the view (`spansAccounts`) so that it does not come
    /// and go as rows scroll.
    var accountColumn = false

    /// Whether a view of `query` can list articles of more than one account: its scope is not one
    /// account, feed or folder, and the store's feeds belong to several accounts.
    static func spansAccounts(_ query: ArticleQuery, store: Store) throws(CLIError) -> Bool {
        guard query.accountID == nil, query.feedID == nil, query.folderID == nil else { return false }
        return try CLIError.catching { Set(try store.feeds.list().map(\.feed.accountID)).count > 1 }
    }

    /// The frame for `browser`'s rows; `top` (the first row shown) moves so the cursor's row is
    /// on screen.
    func frame(_ browser: ArticleBrowser, top: inout Int, title: String, bottom: String, columns: Int, rows: Int) -> BrowseFrame {
        var lines = [BrowseFrame.line(heading(browser, title: title), columns: columns)]
        let available = max(1, rows - 3)
        guard !browser.rows.isEmpty else {
            lines.append("")
            lines.append(browser.query.search == nil ? "  No articles." : "  No articles match.")
            return BrowseFrame(lines: fill(lines, rows: rows, bottom: BrowseFrame.line(bottom, columns: columns)))
        }
        let view = ArticleListView(preferences: preferences, width: max(20, columns - 2), palette: palette, plain: false,
                                   accountNames: accountNames, accountColumn: accountColumn)
        let searching = browser.query.search != nil
        let cursor = browser.cursor
        // A row takes a line at least, so no row more than `available - 1` above the cursor's
        // can share the screen with it: laying those out only to scroll past them was most of
        // what `G` cost (a page of 200 rows' previews wrapped at every press).
        top = max(min(top, cursor), cursor - available + 1)
        // Down until the cursor's row and its preview fit: the heights of the rows from the old
        // top say where the new one is (a row's height does not depend on the others).
        let start = top
        let number = browser.windowStart + 1
        var laid = layout(view, browser.rows, from: start, through: cursor, lines: available, searching: searching, number: number)
        let heights = laid.blocks.map(\.count)
        var used = heights.prefix(cursor - start + 1).reduce(0, +)
        while top < cursor, used > available {
            used -= heights[top - start]
            top += 1
        }
        if top != start { laid = layout(view, browser.rows, from: top, through: cursor, lines: available, searching: searching, number: number) }
        lines.append("  " + laid.header)
        var highlighted: Set<Int> = []
        var shown = 0
        for (offset, block) in laid.blocks.enumerated() {
            let selected = top + offset == cursor
            if lines.count + block.count <= rows - 1 { shown += 1 }
            for (index, line) in block.enumerated() where lines.count < rows - 1 {
                if selected { highlighted.insert(lines.count) }
                lines.append((selected && index == 0 ? "> " : "  ") + line)
            }
        }
        // At the list's end, the lines left count as the rows they would hold.
        if shown == laid.blocks.count { shown += max(0, rows - 1 - lines.count) / (1 + (searching ? 1 : preferences.listPreviewLines)) }
        return BrowseFrame(lines: fill(lines, rows: rows, bottom: BrowseFrame.line(bottom, columns: columns)), highlighted: highlighted,
                           rowsShown: shown)
    }

    /// "Browse · all accounts · 12 unread · 3 starred" (the counts as the list settings show them).
    func heading(_ browser: ArticleBrowser, title: String) -> String {
        var parts = [title]
        // (A search being typed shows its first matches uncounted.)
        if preferences.showUnreadCount && browser.counted { parts.append("\(browser.counts.unread) unread") }
        if preferences.showStarredCount && browser.counted { parts.append("\(browser.counts.starred) starred") }
        if let search = browser.query.search { parts.append("search: \(search)") }
        // Nothing shown (a search with no match) is position 0 of 0, not 1 of 0.
        let position = browser.rows.isEmpty ? 0 : browser.windowStart + browser.cursor + 1
        parts.append("\(position)/" + (browser.total.map(String.init) ?? "\(browser.rows.count)+"))
        return parts.joined(separator: " · ")
    }

    /// The rows from `top` that fill `lines` lines, and at least those through `through`. Only
    /// about as many rows as fit are laid out (their previews are the costly part), more when
    /// they come out short.
    /// `number` is the list position of `rows`' first.
    private func layout(_ view: ArticleListView, _ rows: [ArticleRow], from top: Int, through: Int, lines: Int, searching: Bool,
                        number: Int) -> (header: String, blocks: [[String]]) {
        let perRow = 1 + (searching ? 1 : preferences.listPreviewLines)
        var count = max(through - top + 1, lines / perRow + 1)
        while true {
            let end = min(rows.count, top + count)
            let laid = view.laidOut(Array(rows[top..<end]), searching: searching, firstNumber: number + top)
            if end == rows.count || laid.blocks.reduce(0, { $0 + $1.count }) >= lines + perRow { return laid }
            count *= 2
        }
    }

    private func fill(_ lines: [String], rows: Int, bottom: String) -> [String] {
        Array(lines.prefix(rows - 1)) + Array(repeating: "", count: max(0, rows - 1 - lines.count)) + [bottom]
    }
}
