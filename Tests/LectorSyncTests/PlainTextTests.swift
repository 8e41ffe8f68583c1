import Testing
@testable import LectorSync

@Suite("Plain text for search")
struct PlainTextTests {
    @Test("tags go, entities are decoded, whitespace collapses", arguments: [
        ("<p>Hello <b>world</b></p>\n<p>again</p>", "Hello world again"),
        ("Fish &amp; chips &lt;3 &#8212; &#x2014; caf&eacute;", "Fish & chips <3 — — caf&eacute;"),
        ("AT&T and a & b", "AT&T and a & b"),
        ("  spaced\t\tout\n ", "spaced out"),
        ("naïve <img src=x> résumé", "naïve résumé"),
        ("", ""),
    ])
    func converts(html: String, text: String) {
        #expect(PlainText.from(html: html) == text, "from \(html.debugDescription)")
    }
}
