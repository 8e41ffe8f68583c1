import LectorSettings

/// Terminal colours chosen by the `appearance.theme` setting. The dark themes use bright colours
/// that read well on black (Pure Dark) and dark-grey (Midnight Dark) backgrounds; the light theme
/// darker ones; "system" keeps to bold and dim, which every terminal palette renders sensibly.
/// With colour off, nothing but plain text (search matches in brackets).
struct Palette {
    let theme: Theme
    let color: Bool

    private var accent: String {
        switch theme {
        case .pureDark: "\u{1b}[96m"       // bright cyan on black
        case .midnightDark: "\u{1b}[94m"   // bright blue on dark grey
        case .light: "\u{1b}[34m"          // blue on white
        default: "\u{1b}[1m"
        }
    }

    private var reset: String { theme == .system || !isColourTheme ? "\u{1b}[22m" : "\u{1b}[39m" }
    private var isColourTheme: Bool { theme == .pureDark || theme == .midnightDark || theme == .light }

    var matchStart: String { color ? accent : "[" }
    var matchEnd: String { color ? reset : "]" }

    func header(_ text: String) -> String {
        color ? "\u{1b}[1m" + text + "\u{1b}[22m" : text
    }

    func dim(_ text: String) -> String {
        color ? "\u{1b}[2m" + text + "\u{1b}[22m" : text
    }
}
