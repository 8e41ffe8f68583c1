import Foundation
import Testing
@testable import LectorFeeds

@Suite("Inline feeds, one per format and rule")
struct InlineFeedTests {
    static let rss = """
    <?xml version="1.0" encoding="utf-8"?>
    <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"
         xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/"
         xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
    <channel>
      <title>Example &amp; Co</title>
      <link>/</link>
      <description>All the &lt;b&gt;news&lt;/b&gt;</description>
      <language>en-gb</language>
      <item>
        <title>First</title>
        <link>posts/1.html</link>
        <guid isPermaLink="false">post-1</guid>
        <pubDate>Sat, 01 Jun 2024 12:00:00 GMT</pubDate>
        <dc:creator>Ann</dc:creator>
        <description>&lt;p&gt;Short &lt;a href="/about"&gt;about&lt;/a&gt;&lt;/p&gt;</description>
        <content:encoded><![CDATA[<p>Full <img src="img/a.png"> and <a href="https://other.example/x">abs</a></p>]]></content:encoded>
        <enclosure url="media/ep1.mp3" type="audio/mpeg" length="1234"/>
        <media:group>
          <media:content url="http://cdn.example.com/v.mp4" type="video/mp4" fileSize="99"/>
        </media:group>
        <media:thumbnail url="thumb.jpg"/>
        <itunes:image href="http://example.com/ignored-second.jpg"/>
      </item>
      <item>
        <title>No guid</title>
        <link>http://example.com/posts/2.html</link>
      </item>
    </channel>
    </rss>
    """

    @Test("RSS 2.0: fields, relative URLs against the feed URL, media and enclosures")
    func rss2() throws {
        let feed = try parseInline(Self.rss, url: "http://example.com/blog/feed.xml")
        #expect(feed.format == .rss, "format")
        #expect(feed.title == "Example & Co", "entity in title decoded")
        #expect(feed.link == "http://example.com/", "channel link resolved against the feed URL")
        #expect(feed.description == "All the <b>news</b>" && feed.language == "en-gb", "channel description and language")
        let first = try #require(feed.items.first)
        #expect(first.id == "post-1", "guid is the id")
        #expect(first.link == "http://example.com/blog/posts/1.html", "relative item link resolved")
        #expect(first.published == utc(2024, 6, 1, 12), "pubDate")
        #expect(first.authors == ["Ann"], "dc:creator")
        #expect(first.summary == "<p>Short <a href=\"http://example.com/about\">about</a></p>", "href rewritten in escaped HTML")
        #expect(first.content == "<p>Full <img src=\"http://example.com/blog/img/a.png\"> and <a href=\"https://other.example/x\">abs</a></p>",
                "src rewritten in CDATA HTML, absolute href untouched")
        #expect(first.enclosures == [
            FeedEnclosure(url: "http://example.com/blog/media/ep1.mp3", type: "audio/mpeg", length: 1234),
            FeedEnclosure(url: "http://cdn.example.com/v.mp4", type: "video/mp4", length: 99),
        ], "RSS enclosure plus media:group/media:content")
        #expect(first.imageURL == "http://example.com/blog/thumb.jpg", "media:thumbnail wins over the later itunes:image")
        #expect(feed.items[1].id.hasPrefix("sha256:"), "item without guid gets a hash id")
    }

    @Test("RSS 1.0 (RDF): items are siblings of the channel, rdf:about is the id, dc:date the date")
    func rdf() throws {
        let doc = """
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
                 xmlns:dc="http://purl.org/dc/elements/1.1/">
          <channel rdf:about="http://example.org/"><title>RDF feed</title><link>http://example.org/</link></channel>
          <item rdf:about="http://example.org/a"><title>A</title><link>http://example.org/a</link>
            <dc:date>2024-06-01T12:00:00+02:00</dc:date><dc:creator>Bo</dc:creator></item>
        </rdf:RDF>
        """
        let feed = try parseInline(doc)
        #expect(feed.format == .rdf, "format")
        #expect(feed.title == "RDF feed", "channel title")
        #expect(feed.items.map(\.id) == ["http://example.org/a"], "rdf:about id")
        #expect(feed.items.first?.published == utc(2024, 6, 1, 10), "dc:date with offset")
        #expect(feed.items.first?.authors == ["Bo"], "dc:creator")
    }

    @Test("Atom 1.0: links by rel, xhtml content, author inheritance, xml:base")
    func atom() throws {
        let doc = """
        <feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://example.org/blog/" xml:lang="de">
          <title type="text">Atom feed</title>
          <subtitle>Untertitel</subtitle>
          <link href="http://example.org/"/>
          <link rel="self" href="feed.atom"/>
          <author><name>Feed Author</name></author>
          <entry>
            <id>tag:example.org,2024:1</id>
            <title type="html">A &lt;i&gt;title&lt;/i&gt;</title>
            <link rel="enclosure" href="ep.mp3" type="audio/mpeg" length="10"/>
            <link href="2024/one"/>
            <updated>2024-06-02T00:00:00Z</updated>
            <published>2024-06-01T00:00:00Z</published>
            <summary>Plain &amp; simple</summary>
            <content type="xhtml" xml:base="2024/"><div xmlns="http://www.w3.org/1999/xhtml"><p>See <a href="two">two</a> &amp; more</p></div></content>
          </entry>
        </feed>
        """
        let feed = try parseInline(doc)
        #expect(feed.format == .atom, "format")
        #expect(feed.link == "http://example.org/", "no rel means alternate")
        #expect(feed.language == "de" && feed.description == "Untertitel", "xml:lang and subtitle")
        #expect(feed.selfLink == "http://example.org/blog/feed.atom", "rel=self resolved against xml:base")
        let e = try #require(feed.items.first)
        #expect(e.id == "tag:example.org,2024:1", "atom id")
        #expect(e.title == "A <i>title</i>", "html title unescaped")
        #expect(e.link == "http://example.org/blog/2024/one", "alternate link resolved against xml:base")
        #expect(e.enclosures == [FeedEnclosure(url: "http://example.org/blog/ep.mp3", type: "audio/mpeg", length: 10)], "rel=enclosure")
        #expect(e.published == utc(2024, 6, 1) && e.updated == utc(2024, 6, 2), "published and updated kept apart")
        #expect(e.summary == "Plain & simple", "text summary")
        #expect(e.content == "<p>See <a href=\"http://example.org/blog/2024/two\">two</a> &amp; more</p>",
                "xhtml content: wrapper div dropped, text re-escaped, href resolved against the content's own xml:base")
        #expect(e.authors == ["Feed Author"], "entry inherits the feed author")
    }

    @Test("Atom 0.3 is read leniently")
    func atom03() throws {
        let doc = """
        <feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>Old</title>
          <entry><title>E</title><link rel="alternate" type="text/html" href="http://example.com/e"/>
          <id>urn:e</id><issued>2004-01-01T00:00:00Z</issued><modified>2004-01-02T00:00:00Z</modified>
          <content type="text/html" mode="escaped">&lt;b&gt;hi&lt;/b&gt;</content></entry>
        </feed>
        """
        let e = try #require(try parseInline(doc).items.first)
        #expect(e.published == utc(2004, 1, 1) && e.updated == utc(2004, 1, 2), "issued/modified")
        #expect(e.content == "<b>hi</b>", "escaped mode")
        #expect(e.link == "http://example.com/e", "alternate link")
    }

    @Test("JSON Feed 1.1: ids coerced to strings, attachments, authors, relative URLs")
    func jsonFeed() throws {
        let doc = """
        {"version": "https://jsonfeed.org/version/1.1", "title": "J", "home_page_url": "https://example.com/",
         "feed_url": "https://example.com/feed.json", "authors": [{"name": "Feed"}],
         "items": [
           {"id": 42, "url": "posts/42", "title": "Num", "content_html": "<a href=\\"/x\\">x</a>",
            "date_published": "2024-06-01T12:00:00Z",
            "attachments": [{"url": "a.mp3", "mime_type": "audio/mpeg", "size_in_bytes": 5}]},
           {"id": "s", "content_text": "text only", "author": {"name": "Legacy"}},
           {"content_text": "no id", "url": "https://example.com/n"}
         ]}
        """
        let feed = try parseInline(doc, url: "https://example.com/feed.json")
        #expect(feed.format == .json, "format")
        #expect(feed.items.map(\.id).prefix(2) == ["42", "s"], "numeric id coerced to string")
        #expect(feed.items[0].link == "https://example.com/posts/42", "relative url resolved")
        #expect(feed.items[0].content == "<a href=\"https://example.com/x\">x</a>", "content_html href rewritten")
        #expect(feed.items[0].enclosures == [FeedEnclosure(url: "https://example.com/a.mp3", type: "audio/mpeg", length: 5)], "attachments")
        #expect(feed.items[0].authors == ["Feed"], "feed authors inherited")
        #expect(feed.items[1].authors == ["Legacy"], "JSON Feed 1.0 author")
        #expect(feed.items[2].id == ArticleIdentity.identity(explicitID: nil, link: "https://example.com/n", title: "", date: nil, body: nil),
                "missing id falls back to the link hash")
    }

    @Test("identity: http→https keeps the hash, title+date is the last resort")
    func identity() throws {
        func one(_ link: String) throws -> String {
            try parseInline("<rss><channel><item><title>T</title><link>\(link)</link></item></channel></rss>").items[0].id
        }
        let http = try one("http://example.com/a?b=1")
        #expect(http.hasPrefix("sha256:") && http.count == 71, "sha256: + 64 hex digits")
        #expect(http == (try one("https://example.com/a?b=1")), "scheme change keeps identity")
        #expect(http != (try one("https://example.com/b")), "different link, different identity")
        let dated = try parseInline("<rss><channel><item><title>T</title><pubDate>Sat, 01 Jun 2024 12:00:00 GMT</pubDate></item></channel></rss>")
        let again = try parseInline("<rss><channel><item><title>T</title><pubDate>Sat, 01 Jun 2024 14:00:00 +0200</pubDate></item></channel></rss>")
        #expect(dated.items[0].id == again.items[0].id, "same title and instant give the same identity")
        #expect(dated.items[0].id == "sha256:" + ArticleIdentity.sha256Hex("T\n2024-06-01T12:00:00Z"), "documented hash material")
    }

    @Test("JSON output has the documented shape with explicit nulls")
    func jsonShape() throws {
        let feed = try parseInline("<rss><channel><title>T</title><item><guid>g</guid><pubDate>Sat, 01 Jun 2024 12:00:00 GMT</pubDate></item></channel></rss>")
        let object = try JSONSerialization.jsonObject(with: feed.jsonData(pretty: true)) as? [String: Any]
        let root = try #require(object, "top level is an object")
        #expect(root["format"] as? String == "rss", "format")
        #expect(root["title"] as? String == "T", "title")
        #expect(root["link"] is NSNull, "null link is explicit")
        let item = try #require((root["items"] as? [[String: Any]])?.first, "items array")
        for key in ["id", "title", "link", "published", "updated", "summary", "content", "authors", "enclosures"] {
            #expect(item[key] != nil, "item key \(key) must be present")
        }
        #expect(item["published"] as? String == "2024-06-01T12:00:00Z", "ISO-8601 UTC date")
        #expect(item["updated"] is NSNull && item["summary"] is NSNull, "explicit nulls")
        #expect((item["authors"] as? [Any])?.isEmpty == true, "empty authors array")
        let compact = String(decoding: feed.jsonData(pretty: false), as: UTF8.self)
        #expect(!compact.contains("\n"), "compact output is one line")
    }

    @Test("summary text lists format, title, link, count and one line per item")
    func summaryText() throws {
        let feed = try parseInline(Self.rss, url: "http://example.com/blog/feed.xml")
        let lines = feed.summaryText().split(separator: "\n")
        #expect(lines.count == 4 + feed.items.count, "header lines plus one per item")
        #expect(lines[0].contains("rss") && lines[1].contains("Example & Co") && lines[3].contains("2"), "header content")
        #expect(lines[4].contains("2024-06-01T12:00:00Z") && lines[4].contains("First"), "item line has date and title")
    }

    @Test("HTTP charset overrides the declaration; invalid UTF-8 falls back to windows-1252")
    func encodings() throws {
        let latin1: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"utf-8\"?><rss><channel><title>caf".utf8) + [0xE9, 0x92]
            + Array("</title></channel></rss>".utf8)
        let fallback = try FeedParser.parse(Data(latin1), url: nil, contentType: nil)
        #expect(fallback.title == "café\u{2019}", "declared UTF-8 with Latin-1/cp1252 bytes is re-read as windows-1252")
        let koi8: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"utf-8\"?><rss><channel><title>".utf8) + [0xF0, 0xD2, 0xC9]
            + Array("</title></channel></rss>".utf8)
        let header = try FeedParser.parse(Data(koi8), url: nil, contentType: "application/rss+xml; charset=KOI8-R")
        #expect(header.title == "При", "charset from the Content-Type header wins")
        let wrongHeader = try FeedParser.parse(Data(koi8.map { $0 }).replacing(Data("utf-8".utf8), with: Data("koi8-r".utf8)),
                                               url: nil, contentType: "text/xml; charset=utf-8")
        #expect(wrongHeader.title == "При", "a wrong HTTP charset=utf-8 yields to the document's own declaration")
        let fakeWide = try parseInline("<?xml version=\"1.0\" encoding=\"utf-16\"?><rss><channel><title>8-bit</title></channel></rss>")
        #expect(fakeWide.title == "8-bit", "a UTF-16 label on 8-bit data is ignored")
        let bogus = try parseInline("<?xml version=\"1.0\" encoding=\"x-no-such-thing\"?><rss><channel><title>ok</title></channel></rss>")
        #expect(bogus.title == "ok", "an unknown declared encoding falls back to UTF-8")
    }

    @Test("errors are typed and carry a message")
    func errors() {
        #expect(throws: FeedParseError.emptyDocument, "whitespace only") { try parseInline("  \n ") }
        #expect(throws: FeedParseError.emptyDocument, "declaration and comment only") {
            try parseInline("<?xml version=\"1.0\"?>\n<!-- nothing here -->\n")
        }
        #expect(throws: FeedParseError.plainText, "text with no markup is not called empty") {
            try parseInline("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin:/usr/sbin/nologin\n")
        }
        #expect(FeedParseError.plainText.message.contains("plain text") && !FeedParseError.plainText.message.contains("empty"))
        #expect(throws: FeedParseError.notAFeed(rootElement: "html"), "HTML page") {
            try parseInline("<html><body>hi</body></html>")
        }
        do {
            _ = try parseInline("<<<not xml")
            Issue.record("garbage should not parse")
        } catch {
            guard case .malformed(let line, _, let reason) = error else {
                Issue.record("expected malformed, got \(error)")
                return
            }
            #expect(line >= 1 && !reason.isEmpty, "malformed carries a position and reason")
            #expect(!error.message.isEmpty, "message present")
        }
        #expect(FeedParseError.entityExpansionLimit.message.contains("entities"), "message mentions entities")
    }

    @Test("a broken JSON Feed is reported as broken JSON, never as XML")
    func brokenJSONFeed() {
        do {
            _ = try parseInline("{\"version\": \"https://jsonfeed.org/version/1.1\", \"title\": \"T\", \"items\": [{\"id\": \"1\",")
            Issue.record("a truncated JSON Feed should not parse")
        } catch {
            #expect(error.message.contains("JSON"), "the message does not say JSON: \(error.message)")
            #expect(!error.message.contains("XML"), "a JSON document is called XML: \(error.message)")
        }
    }

    @Test("a truncated feed still yields the items read so far")
    func truncated() throws {
        let feed = try parseInline("<rss><channel><title>T</title><item><title>A</title><guid>a</guid></item><item><title>B")
        #expect(feed.items.first?.id == "a", "the complete first item survives")
    }

    @Test("looksLikeFeed sniffs cheaply")
    func sniff() {
        #expect(FeedParser.looksLikeFeed(Data(Self.rss.utf8)), "RSS")
        #expect(FeedParser.looksLikeFeed(Data("<?xml version='1.0'?><feed xmlns='http://www.w3.org/2005/Atom'>".utf8)), "Atom")
        #expect(FeedParser.looksLikeFeed(Data("{\"version\":\"https://jsonfeed.org/version/1\"}".utf8)), "JSON Feed")
        #expect(!FeedParser.looksLikeFeed(Data("<!doctype html><html><head><title>x</title>".utf8)), "HTML is not a feed")
        #expect(!FeedParser.looksLikeFeed(Data("{\"hello\": 1}".utf8)), "arbitrary JSON is not a feed")
    }
}
