extension Manual {
    /// A page for a terminal of `width` columns: each paragraph and list item joined and wrapped
    /// between words (the pages are written at about 100 columns, which a narrower terminal would
    /// break mid-word); headings, tables and code stay as written. Off a terminal the page is
    /// printed as it is, for grep and for a Markdown viewer.
    static func reflowed(_ page: String, width: Int) -> String {
        var out: [String] = []
        var paragraph: (text: String, isItem: Bool)?
        var inCode = false
        func flush() {
            guard let current = paragraph else { return }
            paragraph = nil
            guard current.isItem else { out.append(HelpWrapping.fit(current.text, width: width)); return }
            // A list item continues under its text, not under its bullet.
            let lines = HelpWrapping.fit(current.text, width: max(20, width - 2)).split(separator: "\n")
            out += lines.enumerated().map { $0.offset == 0 ? String($0.element) : "  " + $0.element }
        }
        for line in page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") { flush(); inCode.toggle(); out.append(line); continue }
            if inCode || line.trimmingWhitespace.isEmpty || line.hasPrefix("#") || line.hasPrefix("|") || line.hasPrefix("<") {
                flush(); out.append(line); continue
            }
            let words = line.trimmingWhitespace
            if line.hasPrefix("- ") || line.hasPrefix("* ") || startsNumbered(line) {
                flush()
                paragraph = (line, true)
            } else if let current = paragraph {
                paragraph = (current.text + " " + words, current.isItem)
            } else {
                paragraph = (line, false)
            }
        }
        flush()
        return out.joined(separator: "\n")
    }

    /// `1. ` … `99. `: a numbered list item.
    private static func startsNumbered(_ line: String) -> Bool {
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        return !digits.isEmpty && digits.count <= 2 && line.dropFirst(digits.count).hasPrefix(". ")
    }
}
