import LectorSettings
import LectorStore

/// An article in `lector browse`: its rendered lines (header and text, as `article read`
/// renders them) from the scroll position, then the dock — the `dock.actions` in the user's
/// order, each on a number key — and the status or help line.
struct ReaderScreen {
    /// What the lines are rendered from, kept so that a resize or Ctrl-L wraps them again to the
    /// new width without fetching the page again.
    struct Source {
        let article: ArticleRow
        let html: String
        let note: String?
    }

    let source: Source
    var articleID: Int64 { source.article.id }
    var lines: [String]
    /// The width the lines were wrapped to.
    var width: Int
    var offset = 0
    /// Shown with the page's full content.
    var full = false
    /// Bionic Reading switched on from the dock (the setting's mode, else F3).
    var bionic = false

    /// The width an article is wrapped to on a screen of `columns` (as `article read` wraps it).
    static func width(for columns: Int) -> Int { min(columns, 100) }

    /// The same article wrapped again to `width` (`lines`), at the same place in its text.
    func rewrapped(_ lines: [String], width: Int, rows: Int) -> ReaderScreen {
        var screen = self
        screen.lines = lines
        screen.width = width
        // The line at the top stays about where it was: the same fraction of the article.
        screen.offset = self.lines.count > 1 ? offset * lines.count / self.lines.count : 0
        screen.scroll(by: 0, rows: rows)
        return screen
    }

    /// The keys of the dock: 1…9, then 0 for a tenth action.
    static let dockKeys: [Character] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"]

    /// The dock action on number key `key`, if any.
    static func dockAction(_ key: Character, in actions: [DockAction]) -> DockAction? {
        guard let index = dockKeys.firstIndex(of: key), index < actions.count else { return nil }
        return actions[index]
    }

    /// "1 prev  2 unread  3 star …": each dock action as the word that does it now.
    static func dockLine(_ actions: [DockAction], starred: Bool, read: Bool) -> String {
        zip(dockKeys, actions).map { key, action in "\(key) \(DockCommands.word(for: action, starred: starred, read: read))" }
            .joined(separator: "  ")
    }

    /// Lines of text shown at once for a screen of `rows`.
    static func textRows(_ rows: Int) -> Int { max(1, rows - 2) }

    /// Scrolls by `delta` lines, kept within the article.
    mutating func scroll(by delta: Int, rows: Int) {
        offset = max(0, min(offset + delta, max(0, lines.count - Self.textRows(rows))))
    }

    func frame(dock: String, bottom: String, columns: Int, rows: Int) -> BrowseFrame {
        let text = Array(lines.dropFirst(offset).prefix(Self.textRows(rows)))
        let padded = text + Array(repeating: "", count: Self.textRows(rows) - text.count)
        return BrowseFrame(lines: padded + [BrowseFrame.line(dock, columns: columns), BrowseFrame.line(bottom, columns: columns)],
                           highlighted: [padded.count])
    }
}
