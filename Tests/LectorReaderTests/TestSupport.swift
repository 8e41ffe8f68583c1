import Foundation
import LectorBasics
@testable import LectorReader
import LectorText

/// Renders with plain output unless told otherwise.
func render(_ html: String, width: Int = 60, color: Bool = false, bionic: BionicMode = .off,
            base: String? = "https://example.com/articles/post.html") -> RenderedText {
    TerminalRenderer(width: width, style: RenderStyle(color: color, bionic: bionic))
        .render(html: html, baseURL: base.flatMap(URL.init(string:)))
}

/// Removes the SGR codes the renderer adds, leaving what the eye sees.
func visible(_ text: String) -> String {
    text.replacing(/\u{1b}\[[0-9;]*m/, with: "")
}

func visibleWidth(_ line: String) -> Int {
    DisplayWidth.of(visible(line))
}
