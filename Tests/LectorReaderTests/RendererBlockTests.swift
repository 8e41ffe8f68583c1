import Foundation
import Testing
@testable import LectorReader
import LectorText

@Suite("Rendering block structure")
struct RendererBlockTests {
    @Test("paragraphs are separated by exactly one blank line and whitespace collapses")
    func paragraphs() {
        let text = render("<p>  One\n\n   two\tthree </p>\n\n<p>Four</p>").body
        #expect(text == "One two three\n\nFour", "got \(text.debugDescription)")
    }

    @Test("h1 and h2 get a rule under them, h3 does not")
    func headings() {
        let text = render("<h1>Big title</h1><h2>Part</h2><h3>Small</h3><p>Body</p>").body
        #expect(text == "Big title\n═════════\n\nPart\n────\n\nSmall\n\nBody", "got \(text.debugDescription)")
    }

    @Test("headings and strong text are bold, em italic, only with color")
    func emphasis() {
        let colored = render("<h3>Head</h3><p><strong>bold</strong> <em>slanted</em></p>", color: true).body
        #expect(colored == "\u{1b}[1mHead\u{1b}[22m\n\n\u{1b}[1mbold\u{1b}[22m \u{1b}[3mslanted\u{1b}[23m",
                "got \(colored.debugDescription)")
        let plain = render("<h3>Head</h3><p><strong>bold</strong> <em>slanted</em></p>").body
        #expect(!plain.contains("\u{1b}"), "escape codes leaked into plain output")
    }

    @Test("unordered lists use bullets, nest with deeper indentation and hang wrapped lines")
    func unorderedLists() {
        let html = """
        <p>Before</p>
        <ul><li>first item</li>
        <li>second item which is long enough to wrap onto another line
          <ul><li>inner one</li><li>inner two</li></ul></li>
        <li>third</li></ul><p>After</p>
        """
        let text = render(html, width: 40).body
        let expected = """
        Before

          • first item
          • second item which is long enough to
            wrap onto another line
              ◦ inner one
              ◦ inner two
          • third

        After
        """
        #expect(text == expected, "got:\n\(text)")
    }

    @Test("ordered lists count from start and right-align their numbers")
    func orderedLists() {
        let text = render("<ol start=\"9\"><li>nine</li><li>ten</li></ol>").body
        #expect(text == "   9. nine\n  10. ten", "got \(text.debugDescription)")
    }

    @Test("list items with paragraphs keep the marker on the first line and are spaced like paragraphs")
    func listItemParagraphs() {
        let text = render("<ul><li><p>para one</p><p>para two</p></li><li>next</li></ul>").body
        #expect(text == "  • para one\n\n    para two\n\n  • next", "got \(text.debugDescription)")
    }

    @Test("block quotes are prefixed with a bar on every line, including the blank between paragraphs")
    func quotes() {
        let html = "<blockquote><p>A quotation long enough to need wrapping at this width.</p><p>Second.</p></blockquote>"
        let text = render(html, width: 30).body
        #expect(text == "│ A quotation long enough to\n│ need wrapping at this width.\n│\n│ Second.", "got:\n\(text)")
    }

    @Test("pre is kept verbatim, indented and not wrapped")
    func preformatted() {
        let code = "func f() {\n    return   averyveryveryverylongidentifiername_that_goes_past_the_width\n}"
        let text = render("<p>Code:</p><pre><code>\(code)</code></pre><p>Done</p>", width: 30).body
        let expected = "Code:\n\n    func f() {\n        return   averyveryveryverylongidentifiername_that_goes_past_the_width\n    }\n\nDone"
        #expect(text == expected, "got:\n\(text)")
    }

    @Test("inline code is marked with backticks")
    func inlineCode() {
        #expect(render("<p>Run <code>swift build</code> now</p>").body == "Run `swift build` now")
    }

    @Test("tables that fit are aligned in columns with a header rule")
    func alignedTable() {
        let html = "<table><thead><tr><th>Name</th><th>Qty</th></tr></thead><tr><td>apple</td><td>1</td></tr><tr><td>fig</td><td>12</td></tr></table>"
        let text = render(html).body
        #expect(text == "Name  | Qty\n------+----\napple | 1\nfig   | 12", "got:\n\(text)")
    }

    @Test("tables too wide for the terminal become wrapped rows joined by |")
    func wideTable() {
        let long = String(repeating: "word ", count: 12)
        let text = render("<table><tr><td>\(long)</td><td>\(long)</td></tr><tr><td>a</td><td>b</td></tr></table>", width: 40).body
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 }, "a table line is wider than 40:\n\(text)")
        #expect(text.contains("word | word"), "cells are not joined with ' | ':\n\(text)")
        #expect(lines.last == "a | b", "last row should be 'a | b', got \(String(describing: lines.last))")
    }

    @Test("br breaks the line and hr draws a rule between blank lines")
    func breaksAndRules() {
        let text = render("<p>one<br>two</p><hr><p>three</p>", width: 30).body
        #expect(text == "one\ntwo\n\n" + String(repeating: "─", count: 30) + "\n\nthree", "got:\n\(text)")
    }

    @Test("runs of br give at most one blank line")
    func manyBreaks() {
        let text = render("<p><br>one<br><br><br><br>two<br></p>").body
        #expect(text == "one\n\ntwo", "got \(text.debugDescription)")
    }

    @Test("scripts, styles, forms and navigation are dropped")
    func droppedElements() {
        let html = """
        <nav><a href="/">Home</a></nav><script>var secret = 1;</script><style>p { color: red }</style>
        <form><input value="x"><button>Send</button>Form text</form><p>Kept</p>
        """
        let result = render(html)
        #expect(result.body == "Kept", "got \(result.body.debugDescription)")
        #expect(result.references.isEmpty, "dropped navigation still produced references")
    }

    @Test("word count ignores markup and reference markers")
    func wordCount() {
        let result = render("<p>One <a href='/a'>two</a> three.</p><ul><li>four five</li></ul><img src='x.png' alt='not counted'>")
        #expect(result.wordCount == 5, "counted \(result.wordCount) words")
    }
}
