import Foundation
import Testing
@testable import LectorReader
import LectorText

@Suite("Wrapping by visible width")
struct RendererWrappingTests {
    static let article: String = {
        let sentence = "The quick brown fox jumps over the lazy dog while <em>reading</em> <a href='/x'>feeds</a> and <strong>drinking</strong> coffee. "
        return """
        <h1>\(sentence)</h1>
        <p>\(String(repeating: sentence, count: 8))</p>
        <ul><li>\(sentence)<ul><li>\(String(repeating: sentence, count: 2))</li></ul></li></ul>
        <blockquote><p>\(String(repeating: sentence, count: 3))</p><ul><li>\(sentence)</li></ul></blockquote>
        <ol><li>\(sentence)</li></ol>
        <p>東京の天気は晴れです。日本語の文章は空白なしで続くので、折り返しは文字単位で行われます。\(String(repeating: "漢字", count: 40))</p>
        <p>Emoji 👨‍👩‍👧‍👦 families 🇫🇷 and cafe\u{301} accents \(String(repeating: "e\u{301}", count: 90))</p>
        <pre>\(String(repeating: "x", count: 200))</pre>
        <p>See https://example.com/a/very/long/path/that/must/not/be/split/anywhere/in/the/output/at/all for details</p>
        """
    }()

    @Test("no line is wider than the width, except pre and URLs, in every width and mode",
          arguments: [20, 33, 47, 80])
    func widthRespected(width: Int) {
        for style in [RenderStyle(), RenderStyle(color: true, bionic: .f5)] {
            let result = TerminalRenderer(width: width, style: style).render(html: Self.article, baseURL: nil)
            for line in result.body.split(separator: "\n") {
                let text = visible(String(line))
                if text.hasPrefix("    xxxx") || text.contains("://") { continue }
                #expect(DisplayWidth.of(text) <= width, "line wider than \(width) (\(DisplayWidth.of(text))): \(text)")
            }
        }
    }

    @Test("wide characters count two columns and graphemes are never split")
    func graphemes() {
        let result = render("<p>\(String(repeating: "漢", count: 15))\(String(repeating: "e\u{301}", count: 30))</p>", width: 20)
        let lines = result.body.split(separator: "\n").map(String.init)
        #expect(lines.first == String(repeating: "漢", count: 10), "CJK line should hold 10 wide characters: \(lines)")
        for line in lines {
            #expect(line.unicodeScalars.first != "\u{301}", "a line starts with a combining mark: \(line.debugDescription)")
            #expect(DisplayWidth.of(line) <= 20, "line too wide: \(line)")
        }
        #expect(DisplayWidth.of("👨‍👩‍👧‍👦") == 2, "ZWJ family should be two columns")
    }

    @Test("URLs are never split even when longer than the line")
    func urlsStayWhole() {
        let url = "https://example.com/" + String(repeating: "segment/", count: 10)
        let result = render("<p>Go to \(url) now</p>", width: 30)
        #expect(result.body == "Go to\n\(url)\nnow", "got:\n\(result.body)")
    }

    @Test("throughput: rendering a ~200 KB article")
    func throughput() {
        let paragraph = "<p>Lorem ipsum dolor sit amet, <a href='/l'>consectetur</a> adipiscing elit, sed do <em>eiusmod</em> tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.</p>\n"
        var html = "<h1>Benchmark</h1>"
        while html.utf8.count < 200_000 { html += paragraph + "<ul><li>item one</li><li>item <code>two</code></li></ul>\n" }
        for style in [RenderStyle(), RenderStyle(), RenderStyle(color: true, bionic: .f3)] {
            let start = Date()
            let result = TerminalRenderer(width: 80, style: style).render(html: html, baseURL: URL(string: "https://example.com/"))
            let ms = Date().timeIntervalSince(start) * 1000
            print(String(format: "render %d KB (color %@): %.1f ms, %d words, %d lines", html.utf8.count / 1000,
                         style.color ? "on" : "off", ms, result.wordCount, result.body.split(separator: "\n").count))
            #expect(result.wordCount > 24_000, "the benchmark article lost words")
        }
    }
}
