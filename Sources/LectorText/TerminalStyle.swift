/// The escape sequences Lector writes itself: SGR codes for bold, dim, italic, underline and a
/// few foreground colours, each with its reset. Nothing else is let through by the one writer
/// (`TerminalSanitizer.keepingStyles`), so a style used anywhere must be listed here.
public enum TerminalStyle {
    public static let bold = sgr(1), dim = sgr(2), italic = sgr(3), underline = sgr(4)
    public static let normalIntensity = sgr(22), notItalic = sgr(23), notUnderlined = sgr(24)
    public static let blue = sgr(34), brightBlue = sgr(94), brightCyan = sgr(96), defaultColour = sgr(39)

    /// The parameter strings of the sequences above (`ESC [ parameters m`).
    static let allowedParameters: Set<String> = ["1", "2", "3", "4", "22", "23", "24", "34", "94", "96", "39"]

    private static func sgr(_ code: Int) -> String { "\u{1b}[\(code)m" }
}
