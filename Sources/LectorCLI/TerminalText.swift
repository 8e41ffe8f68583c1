import LectorBasics
import LectorText

/// Outside text (a feed title, a server's message, a name read from a backup) made safe for one
/// line of output: the shared `TerminalSanitizer`, with tab and line feed folded to spaces.
/// The writer (`Console`) sanitises everything again; this is for shaping text before that —
/// cutting a table cell to width must count what will be shown.
enum TerminalText {
    static func sanitize(_ text: String) -> String {
        TerminalSanitizer.inline(text)
    }

    /// Like `sanitize` for each line of a multi-line text.
    static func sanitizeLines(_ text: String) -> String {
        TerminalSanitizer.clean(text).replacingAll("\t", with: " ")
    }

    /// Like `sanitize`, but keeps the \u{1}/\u{2} marks the store puts around search matches.
    static func sanitizeKeepingMarks(_ text: String) -> String {
        sanitize(text.replacingAll("\u{1}", with: "\u{F8FE}").replacingAll("\u{2}", with: "\u{F8FF}"))
            .replacingAll("\u{F8FE}", with: "\u{1}").replacingAll("\u{F8FF}", with: "\u{2}")
    }
}
