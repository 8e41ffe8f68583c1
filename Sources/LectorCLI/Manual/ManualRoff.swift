import LectorBasics

/// A manual page as lector-STEM(7) in roff, for `man`: install.sh and package-deb.sh write one
/// per topic with `lector __manual roff TOPIC`. The Markdown the pages use is small — headings,
/// paragraphs, lists, fenced code and tables — so each maps onto one roff construct; tables and
/// code are kept as preformatted text.
enum ManualRoff {
    static func render(_ topic: ManualTopic) -> String {
        let name = "lector-" + topic.stem
        var roff = [
            ".TH \(escape(name.uppercased())) 7 \"\" \"Lector \(LectorVersion.current)\" \"Lector Manual\"",
            ".SH NAME",
            escape(name) + " \\- " + escape(topic.summary),
        ]
        var inCode = false
        var inTable = false
        for line in Manual.text(topic).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                roff += inCode ? [".fi", ".RE"] : [".PP", ".RS", ".nf"]
                inCode.toggle()
                continue
            }
            if inCode { roff.append(escape(line)); continue }
            let isTableRow = line.hasPrefix("|")
            if isTableRow != inTable {
                roff += isTableRow ? [".PP", ".nf"] : [".fi"]
                inTable = isTableRow
            }
            if isTableRow {
                // The line under a table's header only draws the Markdown table.
                if !line.contains(where: { !"|-: ".contains($0) }) { continue }
                roff.append(escape(plain(line)))
            } else if line.hasPrefix("# ") {
                roff += [".SH DESCRIPTION", escape(plain(String(line.dropFirst(2))))]
            } else if line.hasPrefix("## ") {
                roff.append(".SH " + escape(plain(String(line.dropFirst(3))).uppercased()))
            } else if line.hasPrefix("### ") || line.hasPrefix("#### ") {
                roff.append(".SS " + escape(plain(String(line.drop { $0 == "#" }.dropFirst()))))
            } else if line.trimmingWhitespace.isEmpty {
                roff.append(".PP")
            } else if line.hasPrefix("- ") || line.hasPrefix("* ") {
                roff += [".IP \\(bu 2", escape(plain(String(line.dropFirst(2))))]
            } else {
                roff.append(escape(plain(line)))
            }
        }
        if inCode || inTable { roff.append(".fi") }
        roff += [".SH SEE ALSO", "\\fBlector\\fR(1); \\fBlector help\\fR lists every page, \\fBlector help "
                 + escape(topic.name) + "\\fR shows this one."]
        return roff.joined(separator: "\n") + "\n"
    }

    /// Markdown's emphasis and code marks dropped: roff shows the words.
    private static func plain(_ text: String) -> String {
        text.replacingAll("**", with: "").replacingAll("`", with: "")
    }

    /// Escapes roff's special characters; a leading dot or quote would start a request. Other
    /// than ASCII, each character is named (`\[u2014]`, as preconv writes it), so the page reads
    /// the same whatever encoding groff assumes.
    private static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.replacingAll("\\", with: "\\e").replacingAll("-", with: "\\-").unicodeScalars {
            if scalar.isASCII {
                escaped.unicodeScalars.append(scalar)
            } else {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }
}
