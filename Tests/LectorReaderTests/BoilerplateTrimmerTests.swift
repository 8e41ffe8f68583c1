import Foundation
import Testing
@testable import LectorReader

/// The rules that take page furniture out of the extracted article, each on a small page of
/// its own: what goes, and what must stay beside it.
@Suite("Boilerplate left inside the article is trimmed")
struct BoilerplateTrimmerTests {
    let url = URL(string: "https://news.example.com/2026/story.html")!
    static let prose = String(repeating: "The council met on Tuesday, and the vote, long delayed, finally passed with a clear majority. ", count: 4)

    func extract(_ body: String) throws -> ExtractedArticle {
        try ContentExtractor.extract(html: "<html><head><title>Story</title></head><body><article>\(body)</article></body></html>", url: url)
    }

    @Test("paragraphs, headings and list items are apart in the text, not glued into one word")
    func blocksSeparated() throws {
        let article = try extract("<p>\(Self.prose)</p><h2>Next steps</h2><p>\(Self.prose)closing</p><ul><li>first item here</li><li>second item here</li></ul>")
        #expect(article.textContent.contains("Next steps The council"), "heading glued to the paragraph: \(article.textContent.prefix(200))")
        #expect(article.textContent.contains("first item here second item here"), "list items glued together")
    }

    @Test("captions and picture credits go, the picture stays")
    func captionsGo() throws {
        let article = try extract("""
            <p>\(Self.prose)</p>
            <figure><img src="/river.jpg" alt="River"><figcaption>The river at dawn. Photo: Jane Roe / Agency</figcaption></figure>
            <p>\(Self.prose)</p><p class="image-credit">Getty Images</p><p>\(Self.prose)</p>
            <div class="wp-caption"><img src="/bridge.jpg" alt="Bridge"><p class="wp-caption-text">The old bridge, closed since May.</p></div>
            <p>\(Self.prose)</p>
            """)
        #expect(!article.textContent.contains("river at dawn"), "figcaption kept")
        #expect(!article.textContent.contains("Getty"), "credit block kept")
        #expect(article.contentHTML.contains("https://news.example.com/river.jpg"), "the picture itself was removed")
        #expect(article.contentHTML.contains("https://news.example.com/bridge.jpg"), "a picture inside a caption-named wrapper was removed")
        #expect(!article.textContent.contains("old bridge"), "caption text inside the wrapper kept")
    }

    @Test("a paragraph that is only a link to another story goes; a sentence with a link stays")
    func linkOnlyParagraphs() throws {
        let article = try extract("""
            <p>\(Self.prose)</p>
            <p><strong><a href="/other">SEE THE OTHER STORY EVERYONE IS TALKING ABOUT</a></strong></p>
            <p>\(Self.prose) See <a href="/report">the report</a> for details.</p>
            <p>\(Self.prose)</p>
            """)
        #expect(!article.textContent.contains("EVERYONE IS TALKING"), "link-only paragraph kept")
        #expect(article.textContent.contains("See the report for details."), "a sentence with a link was removed")
    }

    @Test("lines that point elsewhere (Read more, Related) or pitch the site (sign up for …) go")
    func pointerPhrases() throws {
        let article = try extract("""
            <p>\(Self.prose)</p><p>Read more: why the vote took so long</p>
            <p>\(Self.prose)</p><p>Sign up for our morning briefing in your inbox</p><p>\(Self.prose)</p>
            <p>Start every day with the Council Letter, the city's favourite read. Sign up for the free letter today.</p>
            """)
        #expect(!article.textContent.contains("why the vote took so long"), "'Read more' line kept")
        #expect(!article.textContent.contains("morning briefing"), "sign-up line kept")
        #expect(!article.textContent.contains("Council Letter"), "a pitch with its call to action mid-block was kept")
        #expect(article.textContent.components(separatedBy: "clear majority").count == 13, "article paragraphs lost")
    }

    @Test("boxes named as related stories, newsletters or share bars go even without links")
    func furnitureByName() throws {
        let article = try extract("""
            <p>\(Self.prose)</p>
            <div class="story-related"><p>Council budget explained in five charts</p><p>Who sits on the council</p></div>
            <div id="newsletter_box"><p>Get the local news every morning, free</p></div>
            <p>\(Self.prose)</p><div class="biology-notes"><p>Cells divide, and the council is not a cell.</p></div><p>\(Self.prose)</p>
            """)
        #expect(!article.textContent.contains("five charts"), "related box kept")
        #expect(!article.textContent.contains("every morning"), "newsletter box kept")
        #expect(article.textContent.contains("Cells divide"), "'biology' matched 'bio': class names must match as whole words")
    }

    @Test("byline and date before the body go; headings and lists inside it stay")
    func edgesOfTheBody() throws {
        let article = try extract("""
            <p>By Ada River</p><p>Published 10:02 AM EST Nov 19, 2019</p>
            <p>\(Self.prose)</p><h2>What happens next</h2><ul><li>Roads close in May</li><li>Work starts in June</li></ul>
            <p>\(Self.prose)</p>
            """)
        #expect(!article.textContent.contains("Nov 19, 2019"), "date line before the body kept")
        #expect(!article.textContent.hasPrefix("By Ada"), "byline before the body kept")
        for kept in ["What happens next", "Roads close in May", "Work starts in June"] {
            #expect(article.textContent.contains(kept), "'\(kept)' was removed from the body")
        }
    }

    @Test("a grid of teasers for other stories goes")
    func teaserGrid() throws {
        let card = { (title: String) in "<div><a href='/x'><img src='/t.jpg'></a><h3>\(title)</h3><p><span>One line of teaser</span></p></div>" }
        let article = try extract("<p>\(Self.prose)</p><div>\(card("FIRST CARD"))\(card("SECOND CARD"))\(card("THIRD CARD"))</div><p>\(Self.prose)</p>")
        #expect(!article.textContent.contains("SECOND CARD"), "teaser grid kept")
    }

    @Test("when the rules would take most of the text, the page is left as Readability found it")
    func trimNeverEmptiesThePage() throws {
        let links = (1...8).map { "<p><a href='/s\($0)'>A story worth reading, number \($0), with a long headline</a></p>" }.joined()
        let article = try extract(links)
        #expect(article.textContent.contains("number 5"), "a page of links was trimmed away: \(article.textContent)")
    }
}
