import Foundation
import Testing
@testable import LectorReader
import LectorText

@Suite("Terminal safety")
struct TerminalSanitizerTests {
    @Test("escape sequences are removed whole, payload included")
    func sequences() {
        #expect(TerminalSanitizer.clean("a\u{1b}]0;evil title\u{07}b") == "ab", "OSC with BEL")
        #expect(TerminalSanitizer.clean("a\u{1b}]2;evil\u{1b}\\b") == "ab", "OSC with ST")
        #expect(TerminalSanitizer.clean("a\u{1b}[2Jb\u{1b}[10;20Hc\u{1b}[31md") == "abcd", "CSI")
        #expect(TerminalSanitizer.clean("a\u{9b}31mb") == "ab", "8-bit CSI")
        // Other C1 characters are dropped alone: mis-decoded cp1252 text is full of them.
        #expect(TerminalSanitizer.clean("a\u{9d}0;t\u{9c}c") == "a0;tc", "8-bit OSC")
        #expect(TerminalSanitizer.clean("a\u{1b}]0;unterminated\nnext line") == "a\nnext line", "unterminated OSC stops at a newline")
        #expect(TerminalSanitizer.clean("a\u{1b}Pq#0;2;0;0;0\u{1b}\\b") == "ab", "DCS")
        #expect(TerminalSanitizer.clean("a\u{1b}7b\u{1b}(Bc") == "abc", "two- and three-byte escapes")
    }

    @Test("control characters go, tab and newline stay")
    func controls() {
        #expect(TerminalSanitizer.clean("safe\rEVIL") == "safeEVIL", "carriage return overwrites")
        #expect(TerminalSanitizer.clean("bell\u{07} back\u{08}space del\u{7f} nul\u{0}") == "bell backspace del nul")
        #expect(TerminalSanitizer.clean("x\u{85}y\u{9f}z") == "xyz", "C1 controls")
        #expect(TerminalSanitizer.clean("tab\there\nnext") == "tab\there\nnext", "tab and newline are text")
    }

    @Test("bidi overrides and isolates are removed, ordinary Unicode is kept")
    func bidi() {
        #expect(TerminalSanitizer.clean("a\u{202e}cba\u{202c} \u{2066}x\u{2069}") == "acba x")
        #expect(TerminalSanitizer.clean("Grüße 東京 👨‍👩‍👧 עברית") == "Grüße 東京 👨‍👩‍👧 עברית")
    }

    @Test("a hostile page renders with no escape except the renderer's own SGR codes")
    func hostileDocument() {
        let html = """
        <html><head><title>\u{1b}]0;pwned\u{07}</title></head><body>
        <h1>Safe\u{1b}]0;evil title\u{07} heading</h1>
        <p>Clear \u{1b}[2J screen, move \u{1b}[10;10H here, bell\u{07}, back\u{08}space, del\u{7f},
        C1 \u{9b}31m red, hidden\rOVERWRITE, bidi \u{202e}txet desrever\u{202c}.</p>
        <p><a href="http://e.com/\u{1b}[31m">link\u{1b}[0m</a> <img alt="\u{1b}]2;x\u{07}cat" src="a\u{1b}[1m.png"></p>
        <pre>code \u{1b}[2J here\r\nline</pre>
        <table><tr><td>cell\u{1b}[5m</td><td>two</td></tr></table>
        <ul><li>item\u{1b}]8;;http://evil\u{07}x</li></ul>
        </body></html>
        """
        for style in [RenderStyle(), RenderStyle(color: true, bionic: .f3)] {
            let output = TerminalRenderer(width: 50, style: style).render(html: html, baseURL: nil).text
            let withoutOwnCodes = output.replacing(/\u{1b}\[(1|22|3|23|4|24)m/, with: "")
            let forbidden = withoutOwnCodes.unicodeScalars.filter {
                ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
                    || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
            }
            #expect(forbidden.isEmpty, "control characters survived: \(forbidden.map { String($0.value, radix: 16) })")
            #expect(!output.contains("evil title"), "OSC payload was printed")
            #expect(visible(output).contains("OVERWRITE"), "text hidden by CR should be visible")
        }
    }

    @Test("extracted articles carry no control characters in title, byline or content")
    func extraction() throws {
        let html = """
        <html><head><title>Title\u{1b}]0;x\u{07} here and more words</title><meta name="author" content="Eve\u{1b}[2J"></head>
        <body><article><p>\(String(repeating: "Plain text, with commas, to score well. ", count: 20))\u{1b}[2J</p></article></body></html>
        """
        let article = try ContentExtractor.extract(html: html, url: URL(string: "https://example.com/a")!)
        for field in [article.title, article.byline ?? "", article.textContent, article.contentHTML] {
            #expect(!field.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "escape in \(field.prefix(60).debugDescription)")
        }
    }

    @Test("the renderer's own codes (bold, italic, underline, bionic) pass the command line's writer unchanged")
    func rendererCodesPassTheWriter() {
        let html = "<h1>Head</h1><p><b>bold</b> <i>slanted</i> <u>under</u> and plain words for bionic reading</p>"
        for style in [RenderStyle(color: true), RenderStyle(color: true, bionic: .f3)] {
            let output = TerminalRenderer(width: 60, style: style).render(html: html, baseURL: nil).text
            #expect(output.contains("\u{1b}["), "the colour rendering has codes")
            #expect(TerminalSanitizer.keepingStyles(output) == output, "the writer would remove part of \(output.debugDescription)")
        }
    }
}
