import LectorSettings

/// The `?` screen: every key of `lector browse` with what it does, and the dock's numbers.
struct HelpScreen {
    let keys: KeyMap
    let dock: [DockAction]

    func frame(columns: Int, rows: Int) -> BrowseFrame {
        var lines = ["lector browse — keys (change them with lector settings set keys.NAME KEY)", ""]
        let fixed: [(String, String)] = [("↓ ↑", "next / previous article"), ("← →", "first leading / trailing swipe action"),
                                         ("Home End", "first / last article")]
        let bound = BrowseAction.allCases.map { (keys.label($0), $0.help) }
        for (key, help) in bound + fixed {
            lines.append("  " + BrowseFrame.padded(key, to: 9) + help)
        }
        lines.append("")
        lines.append("In the reader, the dock: " + ReaderScreen.dockLine(dock, starred: false, read: false))
        lines.append("Any key closes this screen.")
        let shown = lines.count <= rows ? lines : Self.columns(lines, rows: rows, width: columns)
        return BrowseFrame(lines: shown.map { BrowseFrame.line($0, columns: columns) })
    }

    /// Lines that do not fit one under the other, side by side in two columns.
    private static func columns(_ lines: [String], rows: Int, width: Int) -> [String] {
        let half = max(1, width / 2)
        let left = Array(lines.prefix(rows)), right = Array(lines.dropFirst(rows))
        return left.enumerated().map { index, line in
            let cut = BrowseFrame.padded(line, to: half)
            return index < right.count ? cut + right[index] : line
        }
    }
}
