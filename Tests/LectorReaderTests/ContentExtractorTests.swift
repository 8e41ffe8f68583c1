import Foundation
import Testing
@testable import LectorReader

@Suite("Full-content extraction on small pages")
struct ContentExtractorTests {
    let url = URL(string: "https://news.example.com/2026/story.html")!

    static let prose = String(repeating: "This sentence, with a comma or two, is the kind of prose an article has. ", count: 6)

    static let page = """
    <html><head><title>Rivers return to the city | Example News</title>
    <meta property="og:site_name" content="Example News"><meta name="description" content="How rivers came back.">
    </head><body>
    <nav class="menu"><a href="/">Home</a> <a href="/world">World</a> <a href="/sport">Sport</a></nav>
    <div id="sidebar" class="sidebar"><h3>Popular</h3><ul><li><a href="/1">One</a></li><li><a href="/2">Two</a></li></ul></div>
    <div class="article-body">
      <h1>Rivers return to the city</h1>
      <p class="byline">By Ada River</p>
      <p>\(prose)</p>
      <p>\(prose) <a href="../about.html">About us</a></p>
      <figure><img src="/img/river.jpg" alt="The river"><figcaption>The river today.</figcaption></figure>
      <iframe src="https://www.youtube.com/embed/xyz"></iframe>
      <iframe src="https://ads.example.net/banner"></iframe>
      <p>\(prose)</p>
      <div class="share-tools"><a href="https://twitter.com/share">Share</a></div>
      <script>track()</script>
    </div>
    <div class="comments"><p>Comment: great article, really, truly, great, yes, I agree.</p></div>
    <footer>Copyright footer text here</footer>
    </body></html>
    """

    @Test("the article body wins over navigation, sidebar, comments and footer")
    func picksArticle() throws {
        let article = try ContentExtractor.extract(html: Self.page, url: url)
        #expect(article.textContent.contains("kind of prose"), "article text missing")
        for junk in ["Popular", "Home", "Comment:", "Copyright", "track()", "Share"] {
            #expect(!article.textContent.contains(junk), "'\(junk)' was not removed")
        }
        #expect(article.title == "Rivers return to the city", "title was \(article.title)")
        #expect(article.byline == "By Ada River", "byline was \(String(describing: article.byline))")
        #expect(article.excerpt == "How rivers came back.")
        #expect(article.siteName == "Example News")
        #expect(article.textLength == article.textContent.count)
    }

    @Test("relative URLs become absolute, video embeds stay, other iframes go")
    func urlsAndEmbeds() throws {
        let html = try ContentExtractor.extract(html: Self.page, url: url).contentHTML
        #expect(html.contains("href=\"https://news.example.com/about.html\""), "relative link not absolutised")
        #expect(html.contains("src=\"https://news.example.com/img/river.jpg\""), "image not absolutised")
        #expect(html.contains("https://www.youtube.com/embed/xyz"), "YouTube embed was dropped")
        #expect(!html.contains("ads.example.net"), "non-video iframe was kept")
        #expect(html.hasPrefix("<div id=\"readability-page-1\" class=\"page\">"))
    }

    @Test("a lazy-loaded placeholder is replaced by the image inside noscript")
    func noscriptImages() throws {
        let html = "<html><body><article><p>\(Self.prose)</p><img src='data:image/gif;base64,R0lG' class='lazy'><noscript><img src='/full.jpg' alt='Full'></noscript><p>\(Self.prose)</p></article></body></html>"
        let content = try ContentExtractor.extract(html: html, url: url).contentHTML
        #expect(content.contains("src=\"https://news.example.com/full.jpg\""), "noscript image not unwrapped: \(content)")
        #expect(!content.contains("data:image"), "placeholder kept")
    }

    @Test("<base href> is honoured when absolutising")
    func baseElement() throws {
        let html = "<html><head><base href='/static/'><title>T</title></head><body><article><p>\(Self.prose)<img src='a.png'></p></article></body></html>"
        let article = try ContentExtractor.extract(html: html, url: url)
        #expect(article.contentHTML.contains("https://news.example.com/static/a.png"), "got \(article.contentHTML)")
    }

    @Test("pages over 5 MB are refused with tooLarge")
    func tooLarge() {
        let big = Data(repeating: UInt8(ascii: "a"), count: ContentExtractor.sizeLimit + 1)
        #expect(throws: ExtractionError.tooLarge(limit: ContentExtractor.sizeLimit)) {
            try ContentExtractor.extract(html: big, url: url)
        }
        #expect(ExtractionError.tooLarge(limit: 5_000_000).message.contains("5 MB"))
    }

    @Test("an empty page is noContent")
    func empty() {
        #expect(throws: ExtractionError.noContent) {
            try ContentExtractor.extract(html: "<html><body>   </body></html>", url: url)
        }
    }

    @Test("a short page still yields its text after the relaxed passes")
    func shortPage() throws {
        let article = try ContentExtractor.extract(html: "<html><body><div class='sidebar'><p>Only a little text in here, but it is all there is.</p></div></body></html>", url: url)
        #expect(article.textContent == "Only a little text in here, but it is all there is.", "got \(article.textContent.debugDescription)")
    }

    @Test("titles lose the site name after a separator")
    func titles() throws {
        func title(_ t: String) throws -> String {
            try ContentExtractor.extract(html: "<html><head><title>\(t)</title></head><body><p>\(Self.prose)</p></body></html>", url: url).title
        }
        #expect(try title("A long headline about rivers - Example") == "A long headline about rivers")
        #expect(try title("A long headline about rivers » Example News") == "A long headline about rivers")
        #expect(try title("Short | Site") == "Short | Site", "too few words left, keep the original")
    }

    @Test("non-UTF-8 pages are decoded from their declared charset")
    func latin1() throws {
        var data = Data("<html><head><meta charset='iso-8859-1'><title>Caf\u{E9} t\u{EA}te-\u{E0}-t\u{EA}te about rivers</title></head><body><p>".utf8)
        data = Data(String(decoding: data, as: UTF8.self).unicodeScalars.map { UInt8($0.value) })
        data += Data(Self.prose.utf8) + Data([0x20, 0x63, 0x61, 0x66, 0xE9]) + Data("</p></body></html>".utf8)
        let article = try ContentExtractor.extract(html: data, url: url)
        #expect(article.textContent.hasSuffix("café"), "got \(article.textContent.suffix(20).debugDescription)")
    }

    @Test("merge keeps the feed's content unless the extracted one is clearly richer")
    func merge() throws {
        let extracted = try ContentExtractor.extract(html: Self.page, url: url)
        let short = ContentMerge.richer(feedHTML: "<p>Teaser only.</p>", extracted: extracted)
        #expect(short.source == .extracted && short.html == extracted.contentHTML)
        let full = "<p>\(Self.prose)\(Self.prose)\(Self.prose)\(Self.prose)</p>"
        #expect(ContentMerge.richer(feedHTML: full, extracted: extracted).source == .feed, "feed with as much text should win")
        #expect(ContentMerge.richer(feedHTML: "<p>x</p>", extracted: nil).source == .feed)
    }

    @Test("merge keeps a feed lead paragraph that the page does not have, in front of the page")
    func mergeKeepsLead() throws {
        let extracted = try ContentExtractor.extract(html: Self.page, url: url)
        let lead = "<p class='x'>Editor's note: this story was updated on Tuesday with new figures from the council.</p>"
        let merged = ContentMerge.richer(feedHTML: lead, extracted: extracted)
        #expect(merged.source == .extractedWithFeedLead, "lead missing from the page should be kept")
        #expect(merged.html.hasPrefix("<div id=\"readability-page-1\" class=\"page\"><p>Editor's note"),
                "lead not in front: \(merged.html.prefix(120))")
        let present = "<p>This sentence, with a comma or two, is the kind of prose an article has.</p>"
        #expect(ContentMerge.richer(feedHTML: present, extracted: extracted).source == .extracted,
                "a lead the page already contains must not be repeated")
    }

    @Test("extracted content renders cleanly in the terminal")
    func rendersExtracted() throws {
        let article = try ContentExtractor.extract(html: Self.page, url: url)
        let rendered = TerminalRenderer(width: 72, style: RenderStyle()).render(html: article.contentHTML, baseURL: url)
        #expect(rendered.referenceLines.contains("[1] https://news.example.com/about.html"), "got \(rendered.referenceLines)")
        #expect(rendered.references.contains { $0.kind == .video }, "embed lost on the way to the terminal")
        #expect((250...275).contains(rendered.wordCount), "word count \(rendered.wordCount) is off")
        #expect(readingMinutes(wordCount: rendered.wordCount) == 2)
    }
}
