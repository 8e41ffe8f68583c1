import Foundation
import Testing
@testable import LectorReader

@Suite("HTML parsing")
struct HTMLParserTests {
    @Test("attribute values are decoded and names lower-cased")
    func attributeValues() throws {
        let root = HTMLParser.parse(#"<p><a HREF="/search?q=a&amp;page=2" title="&lt;b&gt; &amp; &#233;">x</a><img alt=""></p>"#)
        var links: [HTMLNode] = []
        func walk(_ node: HTMLNode) {
            if node.name == "a" || node.name == "img" { links.append(node) }
            node.children.forEach(walk)
        }
        walk(root)
        #expect(links.count == 2, "both elements should be found, got \(links.count)")
        #expect(links.first?.attribute("href") == "/search?q=a&page=2", "&amp; decoded in an href")
        #expect(links.first?.attribute("title") == "<b> & é", "character references decoded in a title")
        #expect(links.last?.attribute("alt") == "", "an empty attribute is present and empty, not missing")
    }
}
