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
    func bytes(rows: Int) -> String { bytes(rows: rows, over: nil).bytes }

    /// The escape sequences that turn a screen showing `previous` (each row as `rowBytes` gave it
    /// for the frame drawn last) into this frame: only the rows that differ, or every row when
    /// `previous` is nil (the screen's content is not known) or of another height. A key that
    /// moves the highlight rewrites two rows, not the screen — what a slow link or a terminal
    /// multiplexer pays for. Also returns this frame's rows, for the next call.
    func bytes(rows: Int, over previous: [String]?) -> (bytes: String, rows: [String]) {
        let drawn = rowBytes(rows: rows)
        let known = previous?.count == drawn.count ? previous : nil
        var out = ""
        for (index, row) in drawn.enumerated() where known?[index] != row {
            out += "\u{1b}[\(index + 1);1H" + row
        }
        return (out, drawn)
    }

    /// Each row's escape sequences: the line cleared and written (reverse video when highlighted),
    /// then the overlays that stand on it. Equal strings draw equal rows.
    func rowBytes(rows: Int) -> [String] {
        let shown = fitted(rows: rows)
        var drawn = shown.lines.enumerated().map { index, line in
            // The line is cleared before it is written: cleared after, a line that fills the
            // width would lose its last cell (without autowrap the cursor stays on it).
            let clean = TerminalSanitizer.keepingStyles(line)
            return "\u{1b}[2K" + (shown.highlighted.contains(index) ? "\u{1b}[7m" + clean + "\u{1b}[0m" : clean + "\u{1b}[0m")
        }
        for overlay in overlays where overlay.line < drawn.count {
            drawn[overlay.line] += "\u{1b}[\(overlay.line + 1);\(overlay.column + 1)H\u{1b}[7m" + TerminalSanitizer.keepingStyles(overlay.text) + "\u{1b}[0m"
        }
        return drawn
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
