import Foundation
import Testing
@testable import LectorReader

@Suite("Links, images and media as numbered references")
struct RendererReferenceTests {
    @Test("links are numbered in order, resolved against the base URL, and a repeated URL reuses its number")
    func numberedLinks() {
        let html = "<p>See <a href='/docs'>the docs</a>, <a href='https://other.org/x'>another</a> and <a href='../articles/../docs'>the docs again</a>.</p>"
        let result = render(html)
        #expect(result.body == "See the docs[1], another[2] and the docs again[1].", "got \(result.body.debugDescription)")
        #expect(result.referenceLines == ["[1] https://example.com/docs", "[2] https://other.org/x"], "got \(result.referenceLines)")
    }

    @Test("a link around a heading keeps its number")
    func linkAroundBlock() {
        let result = render("<a href='/story'><h2>Story title</h2></a><p>Body</p>")
        #expect(result.referenceLines == ["[1] https://example.com/story"], "got \(result.referenceLines)")
        #expect(result.body.contains("[1]"), "marker missing: \(result.body)")
    }

    @Test("in-page anchors, javascript links and empty links get no number")
    func unnumberedLinks() {
        let result = render("<p><a href='#top'>top</a> <a href='javascript:alert(1)'>js</a> <a href='/e'></a>end</p>")
        #expect(result.body == "top js end", "got \(result.body.debugDescription)")
        #expect(result.references.isEmpty, "unexpected references \(result.referenceLines)")
    }

    @Test("images show their alt text and are listed as image references")
    func images() {
        let result = render("<p>Look: <img src='cat.png' alt='A  sleepy cat'> <img src='/dog.png'></p>")
        #expect(result.body == "Look: [image: A sleepy cat][1] [image][2]", "got \(result.body.debugDescription)")
        #expect(result.referenceLines == ["[1] https://example.com/articles/cat.png (image)", "[2] https://example.com/dog.png (image)"])
    }

    @Test("lazy images fall back to data-src or the first srcset candidate")
    func lazyImages() {
        let result = render("<img src='data:image/gif;base64,R0lG' data-src='/real.jpg' alt='a'><img srcset='/s.jpg 1x, /l.jpg 2x' alt='b'>")
        #expect(result.referenceLines == ["[1] https://example.com/real.jpg (image)", "[2] https://example.com/s.jpg (image)"],
                "got \(result.referenceLines)")
    }

    @Test("video iframes, video and audio become media references")
    func media() {
        let html = """
        <iframe src="https://www.youtube.com/embed/abc"></iframe>
        <video><source src="/clip.mp4"></video><audio src="talk.mp3" title="The talk"></audio>
        <iframe src="https://maps.example.net/embed"></iframe>
        """
        let result = render(html, width: 120)
        #expect(result.body == "[video: www.youtube.com][1] [video: example.com][2] [audio: The talk][3] [embed: maps.example.net][4]",
                "got \(result.body.debugDescription)")
        #expect(result.references.map(\.kind) == [.video, .video, .audio, .embed])
    }

    @Test("text() appends the reference list after a blank line")
    func combinedText() {
        let result = render("<p><a href='https://a.example/'>A</a></p>")
        #expect(result.text == "A[1]\n\n[1] https://a.example/", "got \(result.text.debugDescription)")
    }
}
