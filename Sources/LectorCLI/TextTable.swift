import FoundationEssentials
import LectorBasics
import Glibc
import LectorText

/// A table for people or for pipes. On a terminal the columns are aligned and the width goes to
/// the flexible column (the title) first: the other columns give way down to a floor before it
/// is cut. Widths are terminal cells (`DisplayWidth`: 日本語 takes six). For pipes (`--plain`, or stdout not a terminal) nothing is cut and cells are separated
/// by tabs, with no header, like `gh`.
struct TextTable {
    let headers: [String]
    var rows: [[String]] = []
    /// The column that keeps its width longest and gives way last.
    let flexibleColumn: Int
    /// Columns never cut (e.g. setting keys), whatever the width.
    let wholeColumns: Set<Int>
    /// Columns of addresses, cut in the middle so the host and the end stay.
    let addressColumns: Set<Int>
    /// The narrowest a giving-way column gets (unless its content is narrower).
    static let columnFloor = 12

    init(_ headers: [String], flexibleColumn: Int = 0, wholeColumns: Set<Int> = [], addressColumns: Set<Int> = []) {
        self.headers = headers
        self.flexibleColumn = flexibleColumn
        self.wholeColumns = wholeColumns
        self.addressColumns = addressColumns
    }

    mutating func add(_ row: [String]) {
        rows.append(row.map(TerminalText.sanitize))
    }

    /// Plain or fitted, as the session's output calls for.
    func render(for session: Session) -> String {
        session.tablesArePlain ? renderPlain() : render(width: session.terminalWidth)
    }

    /// One line per row, cells separated by tabs, nothing cut.
    func renderPlain() -> String {
        // A tab or line break inside a cell would shift every column after it.
        rows.map { $0.map { $0.trimmingWhitespace.replacingAll("\t", with: " ").replacingAll("\n", with: " ") }
            .joined(separator: "\t") }.joined(separator: "\n")
    }

    func render(width: Int) -> String {
        guard !rows.isEmpty else { return "" }
        let widths = fittedWidths(width)
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let fitted = addressColumns.contains(column) ? DisplayWidth.cutInMiddle(cell, to: widths[column])
                                                             : DisplayWidth.cut(cell, to: widths[column])
                return column == cells.count - 1 ? fitted : fitted + String(repeating: " ", count: max(0, widths[column] - DisplayWidth.of(fitted)))
            }.joined(separator: "  ")
        }
        return ([line(headers)] + rows.map(line)).joined(separator: "\n")
    }

    /// Natural widths, then the widest giving-way column narrowed one step at a time until the
    /// table fits or all are at their floor; only then is the flexible column cut (to 8 at least).
    func fittedWidths(_ width: Int) -> [Int] {
        var widths = headers.indices.map { column in
            ([headers[column]] + rows.map { $0[column] }).map(DisplayWidth.of).max() ?? 0
        }
        var overflow = widths.reduce(0, +) + 2 * (widths.count - 1) - width
        let floors = widths.indices.map { column in
            column == flexibleColumn || wholeColumns.contains(column)
                ? widths[column] : min(widths[column], max(DisplayWidth.of(headers[column]), Self.columnFloor))
        }
        while overflow > 0 {
            let shrinkable = widths.indices.filter { widths[$0] > floors[$0] }
            guard let widest = shrinkable.max(by: { widths[$0] < widths[$1] }) else { break }
            widths[widest] -= 1
            overflow -= 1
        }
        if overflow > 0 {
            widths[flexibleColumn] = max(8, widths[flexibleColumn] - overflow)
        }
        return widths
    }
}
