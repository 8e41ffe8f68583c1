import LectorText

/// One screenful of `lector browse`, as lines of at most `columns` cells, and the bytes that
/// draw it. Every line passes the sanitiser (Lector's own styles kept) before the view's own
/// codes — cursor position, reverse video for the selected row — are added.
struct BrowseFrame: Equatable {
    var lines: [String]
    /// Lines drawn in reverse video (the selected article's rows).
    var highlighted: Set<Int> = []
    /// Parts of lines drawn again in reverse video over the line (the focused pane's selected
    /// entry, when panes share a line).
    var overlays: [Overlay] = []
    /// How many articles of the list the frame shows whole: what a page key moves by (rows
    /// differ in height, and the preview pane takes lines from the list).
    var rowsShown = 0

    struct Overlay: Equatable {
        let line: Int
        let column: Int
        let text: String
    }

    /// Exactly `rows` lines: cut when longer, blank lines added when shorter.
    func fitted(rows: Int) -> BrowseFrame {
        var frame = self
        frame.lines = Array((lines + Array(repeating: "", count: max(0, rows - lines.count))).prefix(rows))
        return frame
    }

    /// The escape sequences that draw this frame from the top left, each line cleared first.
    func bytes(rows: Int) -> String {
        let shown = fitted(rows: rows)
        var out = "\u{1b}[H"
        for (index, line) in shown.lines.enumerated() {
            // The line is cleared before it is written: cleared after, a line that fills the
            // width would lose its last cell (without autowrap the cursor stays on it).
            let clean = TerminalSanitizer.keepingStyles(line)
            out += "\u{1b}[2K" + (shown.highlighted.contains(index) ? "\u{1b}[7m" + clean + "\u{1b}[0m" : clean + "\u{1b}[0m")
            out += index == shown.lines.count - 1 ? "" : "\r\n"
        }
        for overlay in overlays where overlay.line < rows {
            out += "\u{1b}[\(overlay.line + 1);\(overlay.column + 1)H\u{1b}[7m" + TerminalSanitizer.keepingStyles(overlay.text) + "\u{1b}[0m"
        }
        return out
    }

    /// Plain outside text on one line, cut to `columns` cells.
    static func line(_ text: String, columns: Int) -> String {
        DisplayWidth.cut(TerminalSanitizer.inline(text), to: max(1, columns))
    }

    /// `text` cut or padded with spaces to exactly `cells` cells.
    static func padded(_ text: String, to cells: Int) -> String {
        let cut = DisplayWidth.cut(text, to: cells)
        return cut + String(repeating: " ", count: max(0, cells - DisplayWidth.of(cut)))
    }
}
