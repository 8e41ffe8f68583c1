import FoundationEssentials
import LectorText

/// Renders article HTML as wrapped terminal text.
///
/// Conventions: h1 is bold with a `═` rule under it, h2 bold with a `─` rule, h3–h6 bold; blocks
/// are separated by one blank line; lists indent by four columns per level with `•`/`◦`/`▪` or
/// numbers and a hanging indent; quotes are prefixed `│ `; `pre` is indented four columns and never
/// wrapped; inline code is wrapped in backticks; links become `text[n]`, images `[image: alt][n]`,
/// media `[video: …][n]`, with the numbered URLs in `RenderedText.references`.
public struct TerminalRenderer: Sendable {
    /// Total line width in terminal columns (at least 20 is used).
    public let width: Int
    /// Color and Bionic Reading settings.
    public let style: RenderStyle

    /// Creates a renderer for lines of `width` columns.
    public init(width: Int, style: RenderStyle) {
        self.width = max(20, width)
        self.style = style
    }

    /// Renders `html`; relative links and images are resolved against `baseURL`.
    public func render(html: String, baseURL: URL?) -> RenderedText {
        // Cleaning the source first removes escape sequences whole; libxml2 would drop a bare ESC
        // and leave its payload (say, an OSC title) as text. Nodes are cleaned again while walking.
        let root = HTMLParser.parse(TerminalSanitizer.clean(html))
        let session = RenderSession(width: width, style: style, baseURL: baseURL)
        session.renderDocument(root)
        return session.result()
    }
}
