import Foundation
import Testing
@testable import LectorReader

@Suite("Hostile shapes of input")
struct RobustnessTests {
    @Test("deeply nested markup neither crashes the renderer nor the extractor")
    func deepNesting() throws {
        let depth = 20_000
        let html = String(repeating: "<div><blockquote>", count: depth) + "deep text, with commas, here" + String(repeating: "</blockquote></div>", count: depth)
        let rendered = render(html, width: 40)
        // libxml2 stops nesting at its depth limit; whatever survives must still fit the width.
        for line in rendered.body.split(separator: "\n") {
            #expect(visibleWidth(String(line)) <= 40, "deep nesting pushed a line past the width: \(line)")
        }
        let nested = render(String(repeating: "<blockquote>", count: 40) + "visible words" + String(repeating: "</blockquote>", count: 40), width: 40)
        #expect(nested.body.hasSuffix("visible words"), "text inside 40 quotes was squeezed: \(nested.body.suffix(80))")
        _ = try? ContentExtractor.extract(html: html, url: URL(string: "https://example.com/")!)
    }

    @Test("a flat page of many paragraphs extracts in reasonable time")
    func manyParagraphs() throws {
        let html = "<html><body>" + String(repeating: "<p>Paragraph text, with a comma, long enough to count for scoring.</p>", count: 5_000) + "</body></html>"
        let start = Date()
        let article = try ContentExtractor.extract(html: html, url: URL(string: "https://example.com/")!)
        let seconds = Date().timeIntervalSince(start)
        print(String(format: "extract %d KB of 5000 paragraphs: %.0f ms", html.utf8.count / 1000, seconds * 1000))
        #expect(article.textContent.hasPrefix("Paragraph text"))
        #expect(seconds < 20, "extraction took \(seconds) s")
    }

    @Test("garbage bytes and empty input are handled")
    func garbage() {
        var generator = SystemRandomNumberGenerator()
        let bytes = Data((0..<50_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        _ = try? ContentExtractor.extract(html: bytes, url: URL(string: "https://example.com/")!)
        #expect(render("").body == "")
        #expect(render("a < b && c > d; 1 &lt; 2").body == "a < b && c > d; 1 < 2")
    }
}
