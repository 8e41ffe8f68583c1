/// Turns a styled run into terminal text: SGR codes only when color is on, Bionic Reading only on
/// plain prose (never code, URLs, reference markers or already-bold text).
enum LineStyler {
    static func render(_ run: InlineRun, style: RenderStyle, isURL: Bool) -> String {
        let text = run.text.unicodeScalars.contains("\u{A0}") ? String(run.text.map { $0 == "\u{A0}" ? " " : $0 }) : run.text
        guard style.color else { return text }
        var body = text
        if style.bionic != .off, !isURL, run.style.isDisjoint(with: [.bold, .code, .literal]) {
            body = BionicReading.emphasize(text, mode: style.bionic)
        }
        var open = "", close = ""
        if run.style.contains(.bold) { open += "\u{1b}[1m"; close = "\u{1b}[22m" + close }
        if run.style.contains(.italic) { open += "\u{1b}[3m"; close = "\u{1b}[23m" + close }
        if run.style.contains(.underline) { open += "\u{1b}[4m"; close = "\u{1b}[24m" + close }
        return open + body + close
    }
}
