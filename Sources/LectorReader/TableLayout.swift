import LectorText

/// Lays out a table either as aligned columns (when every row fits the width) or as one wrapped
/// line per row with cells joined by " | ".
enum TableLayout {
    struct Cell { let node: HTMLNode; let header: Bool }
    struct Line { let runs: [InlineRun]; let wrap: Bool }

    /// Rows of the table itself (not of nested tables), in document order.
    static func rows(of table: HTMLNode) -> [[Cell]] {
        var rows: [[Cell]] = []
        func visit(_ node: HTMLNode, inHead: Bool) {
            for child in node.elementChildren {
                switch child.name {
                case "thead": visit(child, inHead: true)
                case "tbody", "tfoot": visit(child, inHead: false)
                case "tr":
                    let cells = child.elementChildren.filter { $0.name == "td" || $0.name == "th" }
                    if !cells.isEmpty {
                        rows.append(cells.map { Cell(node: $0, header: inHead || $0.name == "th") })
                    }
                default: break
                }
            }
        }
        visit(table, inHead: false)
        return rows
    }

    static func lines(rows: [[(runs: [InlineRun], header: Bool)]], width: Int) -> [Line] {
        let columnCount = rows.map(\.count).max() ?? 0
        guard columnCount > 0 else { return [] }
        let texts = rows.map { $0.map { $0.runs.map(\.text).joined() } }
        var widths = Array(repeating: 0, count: columnCount)
        for row in texts { for (index, text) in row.enumerated() { widths[index] = max(widths[index], DisplayWidth.of(text)) } }
        let total = widths.reduce(0, +) + 3 * (columnCount - 1)
        let singleLine = !texts.joined().contains { $0.contains("\n") }
        var result: [Line] = []
        if total <= width && singleLine && columnCount > 1 {
            for (rowIndex, row) in rows.enumerated() {
                var runs: [InlineRun] = []
                for (index, cell) in row.enumerated() {
                    if index > 0 { runs.append(InlineRun(text: " | ", style: [])) }
                    runs += cell.header ? cell.runs.map { InlineRun(text: $0.text, style: $0.style.union(.bold)) } : cell.runs
                    if index < row.count - 1 {
                        let pad = widths[index] - DisplayWidth.of(texts[rowIndex][index])
                        if pad > 0 { runs.append(InlineRun(text: String(repeating: " ", count: pad), style: [])) }
                    }
                }
                result.append(Line(runs: runs, wrap: false))
                if row.allSatisfy(\.header), rowIndex < rows.count - 1 {
                    let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "-+-")
                    result.append(Line(runs: [InlineRun(text: rule, style: .literal)], wrap: false))
                }
            }
            return result
        }
        for row in rows {
            var runs: [InlineRun] = []
            for cell in row where !cell.runs.isEmpty {
                if !runs.isEmpty { runs.append(InlineRun(text: " | ", style: [])) }
                runs += cell.header ? cell.runs.map { InlineRun(text: $0.text, style: $0.style.union(.bold)) } : cell.runs
            }
            if !runs.isEmpty { result.append(Line(runs: runs, wrap: true)) }
        }
        return result
    }
}
