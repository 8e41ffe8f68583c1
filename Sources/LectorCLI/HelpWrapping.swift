/// Help text fitted to a terminal: lines longer than the width break between words, and a
/// two-column line ("  --name VALUE  what it does") continues under its second column, so a
/// description never wraps mid-word at the terminal's edge or back under the option names.
enum HelpWrapping {
    static func fit(_ text: String, width: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { fit(line: Array($0), width: width) }
            .joined(separator: "\n")
    }

    private static func fit(line: [Character], width: Int) -> String {
        guard line.count > width, width >= 20 else { return String(line) }
        let indent = min(continuationIndent(line, width: width), width / 2)
        var lines: [String] = []
        var rest = line
        var start = 0 // where the words of `rest` begin (after the first line: after its indent)
        while rest.count > width {
            // The last space that leaves a non-empty line; a word longer than the room is cut.
            let cut = rest[..<(width + 1)].lastIndex(of: " ").flatMap { $0 > start ? $0 : nil } ?? width
            var end = cut
            while end > start && rest[end - 1] == " " { end -= 1 }
            lines.append(String(rest[..<end]))
            var next = cut
            while next < rest.count && rest[next] == " " { next += 1 }
            rest = Array(repeating: " ", count: indent) + rest[next...]
            start = indent
        }
        lines.append(String(rest))
        return lines.joined(separator: "\n")
    }

    /// Where a wrapped line's continuation starts: after the gap of two or more spaces that ends
    /// an indented first column (when that leaves room), else under the line's own indentation.
    private static func continuationIndent(_ line: [Character], width: Int) -> Int {
        let leading = line.prefix { $0 == " " }.count
        guard leading > 0 else { return 0 }
        var index = leading
        while index + 1 < line.count {
            if line[index] == " " && line[index + 1] == " " {
                var end = index
                while end < line.count && line[end] == " " { end += 1 }
                return end <= width / 2 ? end : leading
            }
            index += 1
        }
        return leading
    }
}
