import Foundation

/// A table for people: aligned columns, the flexible one cut to fit the terminal width.
struct TextTable {
    let headers: [String]
    var rows: [[String]] = []
    /// The column that gives way when the table is too wide.
    let flexibleColumn: Int

    init(_ headers: [String], flexibleColumn: Int = 0) {
        self.headers = headers
        self.flexibleColumn = flexibleColumn
    }

    mutating func add(_ row: [String]) {
        rows.append(row.map(TerminalText.sanitize))
    }

    func render(width: Int) -> String {
        guard !rows.isEmpty else { return "" }
        var widths = headers.indices.map { column in
            ([headers[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
        }
        let total = widths.reduce(0, +) + 2 * (widths.count - 1)
        if total > width {
            widths[flexibleColumn] = max(8, widths[flexibleColumn] - (total - width))
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let fitted = cell.count > widths[column] ? String(cell.prefix(widths[column] - 1)) + "…" : cell
                return column == cells.count - 1 ? fitted : fitted + String(repeating: " ", count: max(0, widths[column] - fitted.count))
            }.joined(separator: "  ")
        }
        return ([line(headers)] + rows.map(line)).joined(separator: "\n")
    }
}
