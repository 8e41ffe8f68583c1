import LectorSettings
import LectorText

/// Terminal colours chosen by the `appearance.theme` setting. The dark themes use bright colours
/// that read well on black (Pure Dark) and dark-grey (Midnight Dark) backgrounds; the light theme
/// darker ones; "system" keeps to bold and dim, which every terminal palette renders sensibly.
/// With colour off, nothing but plain text (search matches in brackets). Every code comes from
/// `TerminalStyle`, the list the one writer lets through.
struct Palette {
    let theme: Theme
    let color: Bool

    private var accent: String {
        switch theme {
        case .pureDark: TerminalStyle.brightCyan       // on black
        case .midnightDark: TerminalStyle.brightBlue   // on dark grey
        case .light: TerminalStyle.blue                // on white
        default: TerminalStyle.bold
        }
    }

    private var reset: String { theme == .system || !isColourTheme ? TerminalStyle.normalIntensity : TerminalStyle.defaultColour }
    private var isColourTheme: Bool { theme == .pureDark || theme == .midnightDark || theme == .light }

    var matchStart: String { color ? accent : "[" }
    var matchEnd: String { color ? reset : "]" }

    func header(_ text: String) -> String {
        color ? TerminalStyle.bold + text + TerminalStyle.normalIntensity : text
    }

    func dim(_ text: String) -> String {
        color ? TerminalStyle.dim + text + TerminalStyle.normalIntensity : text
    }
}
