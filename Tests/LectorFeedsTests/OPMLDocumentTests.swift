import Foundation
import Testing
@testable import LectorFeeds

@Suite("OPML import and export")
struct OPMLDocumentTests {
    static let sample = """
    <?xml version="1.0" encoding="UTF-8"?>
    <opml version="1.0">
      <head><title>My &amp; feeds</title></head>
      <body>
        <outline text="Loose" type="rss" xmlUrl="http://loose.example/feed" htmlUrl="http://loose.example/"/>
        <outline text="Tech">
          <outline title="Tech Blog" text="ignored" type="rss" xmlUrl="https://tech.example/rss?a=1&amp;b=2"/>
          <outline text="Deep">
            <outline text="Nested &lt;One&gt;" xmlUrl="https://deep.example/atom"/>
          </outline>
        </outline>
        <outline text="Empty folder"/>
      </body>
    </opml>
    """

    @Test("nested folders flatten to their top-level folder; titles come from title, else text")
    func parse() throws {
        let doc = try OPMLDocument.parse(Data(Self.sample.utf8))
        #expect(doc.title == "My & feeds", "head title")
        #expect(doc.feeds == [
            .init(title: "Loose", xmlURL: "http://loose.example/feed", htmlURL: "http://loose.example/", folder: nil),
            .init(title: "Tech Blog", xmlURL: "https://tech.example/rss?a=1&b=2", folder: "Tech"),
            .init(title: "Nested <One>", xmlURL: "https://deep.example/atom", folder: "Tech"),
        ], "feeds with folders")
    }

    @Test("writing then reading gives the same document, with special characters escaped")
    func roundTrip() throws {
        let original = OPMLDocument(title: "Quotes \" & <angles>", feeds: [
            .init(title: "A \"quoted\" & <odd> 'feed'", xmlURL: "https://a.example/f?x=1&y=2", htmlURL: "https://a.example/"),
            .init(title: "Tabs\tand\nnewlines", xmlURL: "https://b.example/f", folder: "Fol & der"),
            .init(title: "Ünïcödé 東京", xmlURL: "https://c.example/f", folder: "Fol & der"),
        ])
        let data = original.xmlData()
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">"), "OPML 2.0 header")
        #expect(text.contains("&amp;y=2") && text.contains("&quot;quoted&quot;") && text.contains("&lt;odd&gt;"), "escaped")
        let reread = try OPMLDocument.parse(data)
        #expect(reread == original, "round trip is lossless")
        let again = try OPMLDocument.parse(try OPMLDocument.parse(Data(Self.sample.utf8)).xmlData())
        #expect(again == (try OPMLDocument.parse(Data(Self.sample.utf8))), "imported file survives export")
    }

    @Test("non-OPML and broken input give typed errors")
    func errors() {
        #expect(throws: OPMLError.emptyDocument, "empty file") { try OPMLDocument.parse(Data()) }
        #expect(throws: OPMLError.notOPML, "RSS is not OPML") {
            try OPMLDocument.parse(Data("<rss><channel/></rss>".utf8))
        }
        #expect(throws: OPMLError.entityExpansionLimit, "entity bomb") {
            try OPMLDocument.parse(Data(FeedSecurityTests.billionLaughs.replacingOccurrences(of: "rss", with: "opml").utf8))
        }
    }

    @Test("a file cut short is refused whole, not read as the feeds before the cut: 'feed apply --prune' would drop the rest")
    func truncatedFile() throws {
        let whole = """
            <?xml version="1.0"?><opml version="2.0"><head><title>t</title></head><body>
            <outline text="One" xmlUrl="https://one.example/feed.xml"/>
            <outline text="Two" xmlUrl="https://two.example/feed.xml"/>
            </body></opml>
            """
        #expect(try OPMLDocument.parse(Data(whole.utf8)).feeds.count == 2)
        for cut in [whole.range(of: "<outline text=\"Two\"")!.lowerBound, whole.range(of: "</body>")!.lowerBound, whole.range(of: "</opml>")!.lowerBound] {
            let truncated = String(whole[..<cut])
            do {
                let read = try OPMLDocument.parse(Data(truncated.utf8))
                Issue.record("a file cut after \(truncated.count) characters was read as \(read.feeds.count) feed(s)")
            } catch {
                #expect(error.message.contains("cut short"), "the error says what is wrong: \(error.message)")
            }
        }
        let sloppy = whole.replacingOccurrences(of: "text=\"One\"", with: "text=\"One & Two\"")
        #expect(try OPMLDocument.parse(Data(sloppy.utf8)).feeds.count == 2, "a stray ampersand in a whole file is forgiven")
    }
}
