import Foundation
import Testing
import LectorTestSupport
@testable import LectorFeeds

@Suite("Hostile XML is rejected or defused")
struct FeedSecurityTests {
    /// The classic exponential entity bomb: 10 levels of 10 references each (10^9 "lol"s).
    static let billionLaughs = """
    <?xml version="1.0"?>
    <!DOCTYPE rss [
      <!ENTITY lol "lol">
      <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
      <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
      <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
      <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
      <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
      <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
      <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
      <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
      <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
    ]>
    <rss version="2.0"><channel><title>&lol9;</title></channel></rss>
    """

    /// Quadratic blowup: one 50 KB entity referenced 20,000 times (about 1 GB if expanded).
    static var quadraticBlowup: String {
        let big = String(repeating: "a", count: 50_000)
        let refs = String(repeating: "&big;", count: 20_000)
        return "<?xml version=\"1.0\"?>\n<!DOCTYPE rss [<!ENTITY big \"\(big)\">]>\n"
            + "<rss version=\"2.0\"><channel><title>t</title><item><title>\(refs)</title></item></channel></rss>"
    }

    @Test("billion laughs fails fast with entityExpansionLimit")
    func billionLaughsFailsFast() {
        let start = Date()
        #expect(throws: FeedParseError.entityExpansionLimit, "an exponential entity bomb must be refused") {
            try parseInline(Self.billionLaughs)
        }
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed < 1, "rejecting the bomb took \(elapsed) s; it must fail fast")
    }

    @Test("quadratic blowup fails fast with entityExpansionLimit")
    func quadraticBlowupFailsFast() {
        let doc = Self.quadraticBlowup
        let start = Date()
        #expect(throws: FeedParseError.entityExpansionLimit, "a quadratic entity blowup must be refused") {
            try parseInline(doc)
        }
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed < 1, "rejecting the blowup took \(elapsed) s; it must fail fast")
    }

    @Test("modest internal entities still expand")
    func modestEntitiesExpand() throws {
        let doc = """
        <!DOCTYPE rss [<!ENTITY co "Example Co.">]>
        <rss version="2.0"><channel><title>&co; news</title></channel></rss>
        """
        let feed = try parseInline(doc)
        #expect(feed.title == "Example Co. news", "a declared internal entity should expand normally")
    }

    @Test("external entities are never loaded")
    func externalEntitiesIgnored() throws {
        let folder = try TemporaryFolder.make("lector-xxe")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let secret = URL(fileURLWithPath: folder + "/secret.txt")
        try "TOP-SECRET".write(to: secret, atomically: true, encoding: .utf8)
        let doc = """
        <?xml version="1.0"?>
        <!DOCTYPE rss [<!ENTITY xxe SYSTEM "\(secret.absoluteString)">]>
        <rss version="2.0"><channel><title>x&xxe;y</title></channel></rss>
        """
        let feed = try parseInline(doc)
        #expect(!feed.title.contains("TOP-SECRET"), "an external entity must not pull in a local file")
    }

    @Test("external DTDs are not fetched, and the feed still parses")
    func externalDTDNotFetched() throws {
        let doc = """
        <?xml version="1.0"?>
        <!DOCTYPE rss SYSTEM "http://127.0.0.1:9/never.dtd">
        <rss version="2.0"><channel><title>ok &eacute;</title></channel></rss>
        """
        let start = Date()
        let feed = try parseInline(doc)
        #expect(feed.title == "ok é", "HTML entities resolve without the DTD")
        #expect(Date().timeIntervalSince(start) < 1, "no attempt to fetch the DTD")
    }

    /// A raw U+0001 in the channel title: XML 1.0 forbids it, libxml2 recovers past it — and,
    /// once a document is no longer well-formed, libxml2 2.9 skips every named reference it meets
    /// (`xmlParseReference` returns early), so `&amp;` vanished from every later text.
    static let strayControlByte = """
    <?xml version="1.0" encoding="utf-8"?>
    <rss version="2.0"><channel><title>Old\u{01}CMS &amp; co</title>
    <item><title>Fish &amp; chips</title><guid>a</guid>
    <description>&lt;p&gt;Café &amp; more&lt;/p&gt; &#38; &eacute;t&eacute;</description></item>
    <item><title>\u{01}&amp;&quot;quoted&quot;</title><guid>b</guid></item>
    </channel></rss>
    """

    @Test("a stray control byte: the recovered text keeps every entity, named ones included")
    func strayControlByteKeepsEntities() throws {
        let feed = try parseInline(Self.strayControlByte)
        #expect(feed.title == "OldCMS & co" || feed.title == "Old CMS & co", "channel title: \(feed.title.debugDescription)")
        #expect(feed.items.map(\.title) == ["Fish & chips", "&\"quoted\""], "item titles: \(feed.items.map(\.title))")
        let summary = try #require(feed.items.first?.summary ?? feed.items.first?.content)
        #expect(summary.contains("Café & more") && summary.contains("& été"), "description: \(summary.debugDescription)")
        // The same document without the byte reads the same: the recovery path loses nothing.
        let clean = try parseInline(Self.strayControlByte.replacingOccurrences(of: "\u{01}", with: ""))
        #expect(clean.items.map(\.title) == feed.items.map(\.title), "clean: \(clean.items.map(\.title))")
        #expect((clean.items.first?.summary ?? clean.items.first?.content) == summary, "the description differs from the clean parse")
    }
}
