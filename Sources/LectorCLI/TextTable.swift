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

/// Text that came from a feed or a page, made safe to print: no escape sequences or other
/// control characters, so a hostile feed cannot move the cursor or rewrite the title bar.
enum TerminalText {
    static func sanitize(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A: result.append(" ")
            case 0x00...0x1F, 0x7F...0x9F: continue
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// Like `sanitize` for each line of a multi-line text.
    static func sanitizeLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { sanitize(String($0)) }.joined(separator: "\n")
    }

    /// Like `sanitize`, but keeps the \u{1}/\u{2} marks the store puts around search matches.
    static func sanitizeKeepingMarks(_ text: String) -> String {
        sanitize(text.replacingOccurrences(of: "\u{1}", with: "\u{F8FE}").replacingOccurrences(of: "\u{2}", with: "\u{F8FF}"))
            .replacingOccurrences(of: "\u{F8FE}", with: "\u{1}").replacingOccurrences(of: "\u{F8FF}", with: "\u{2}")
    }
}
