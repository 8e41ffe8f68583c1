import LectorSettings

/// The `?` screen: every key of `lector browse` with what it does, and the dock's numbers; in
/// two columns when one does not fit the screen's height.
struct HelpScreen {
    let keys: KeyMap
    let dock: [DockAction]

    func frame(columns: Int, rows: Int) -> BrowseFrame {
        let fixed: [(String, String)] = [("↓ ↑", "next / previous article"), ("← →", "first leading / trailing swipe action"),
                                         ("Home End", "first / last article")]
        let entries = (BrowseAction.allCases.map { (keys.label($0), $0.help) } + fixed).map { "  " + BrowseFrame.padded($0, to: 9) + $1 }
        let header = ["lector browse — keys (change them: lector settings set keys.NAME KEY)", ""]
        let footer = ["", "In the reader, the dock: " + ReaderScreen.dockLine(dock, starred: false, read: false), "Any key closes this screen."]
        let twoColumns = header.count + entries.count + footer.count > rows && columns >= 80
        var body = entries
        if twoColumns {
            let half = (entries.count + 1) / 2
            body = (0..<half).map { index in
                BrowseFrame.padded(entries[index], to: columns / 2) + (index + half < entries.count ? entries[index + half] : "")
            }
        }
        return BrowseFrame(lines: (header + body + footer).map { BrowseFrame.line($0, columns: columns) })
    }
}
