import Foundation
import LectorTestSupport
import Testing

/// `lector browse` over a feed of its own on a loopback site, longer than a page of the view:
/// `G` at the true end, `R` syncing what the site added, `f` reading the article's page.
@Suite("Journeys: lector browse over a long feed", .serialized,
       .enabled(if: Journey.isInstalled, "LECTOR_JOURNEY_PREFIX names no installed lector: ./scripts/test.sh installs one into a temporary prefix"))
struct BrowseFeedJourneyTests: BrowseScreenReading {
    /// An RSS feed of `count` posts an hour apart, "Post 1" the newest; each links to /posts/N.
    static func feed(count: Int, newest: String? = nil) -> String {
        let now = Date()
        let posts = (1...count).map { number in
            """
            <item><guid>post-\(number)</guid><title>Post \(number)</title><link>/posts/\(number)</link>\
            <description>Summary of post \(number).</description>\
            <pubDate>\(HTTPDateFormat.format(now.addingTimeInterval(-Double(number) * 3600)))</pubDate></item>
            """
        }
        let added = newest.map { "<item><guid>added</guid><title>\($0)</title><link>/posts/added</link><pubDate>\(HTTPDateFormat.format(now))</pubDate></item>" } ?? ""
        return "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Long Feed</title><link>/</link>\(added)\(posts.joined())</channel></rss>"
    }

    static let page = """
        <html><head><title>Post 1</title></head><body><nav>Home · About</nav><article><h1>Post 1</h1>
        \((1...6).map { "<p>Paragraph \($0) of the whole story, which the feed only summarised: the ferry crossed the estuary at dawn and the harbour master counted the boats.</p>" }.joined())
        <p>The last line of the page itself: lanterns along the quay.</p></article><footer>© the site</footer></body></html>
        """

    @Test("G lands on the last of 450 articles in one press, k and g move from there; R syncs the post the site added; f reads the page in full")
    func longFeed() throws {
        let site = StaticSite()
        site.serve("/feed.xml", text: Self.feed(count: 450), contentType: "application/rss+xml")
        site.serve("/posts/1", text: Self.page, contentType: "text/html; charset=utf-8")
        let server = try LoopbackServer(handler: site.handler)
        defer { server.stop() }
        let journey = try Journey()
        let added = try journey.shell("lector account add local --name Mine && lector feed add '\(server.url("/feed.xml"))' --title 'Long Feed'")
        try #require(added.status == 0, "setup failed: \(added.stderr)")
        let terminal = try journey.terminal(width: 100, height: 30)
        terminal.run("lector browse --feed 'Long Feed'")
        #expect(terminal.wait(for: { self.selected($0)?.contains("Post 1 ") == true }, timeout: 10), "the list opens on the newest post:\n\(terminal.screen())")

        terminal.type("G")
        #expect(terminal.wait(for: { self.selected($0)?.contains("Post 450") == true && $0.contains("450/450") }, timeout: 5),
                "one G is the last of the 450 posts, not the last of the 200 loaded:\n\(terminal.screen())")
        terminal.type("k")
        #expect(terminal.wait(for: { self.selected($0)?.contains("Post 449") == true && $0.contains("449/450") }, timeout: 5),
                "k goes up from the end:\n\(terminal.screen())")
        terminal.type("g")
        #expect(terminal.wait(for: { self.selected($0)?.contains("Post 1 ") == true && $0.contains("· 1/") }, timeout: 5),
                "g is the first post again:\n\(terminal.screen())")

        site.serve("/feed.xml", text: Self.feed(count: 450, newest: "Breaking: the tide turned"), contentType: "application/rss+xml")
        terminal.type("R")
        #expect(terminal.wait(for: { $0.contains("Press a key to go back to lector browse.") }, timeout: 30), "R runs a sync on the main screen:\n\(terminal.screen())")
        terminal.type(" ")
        #expect(terminal.wait(for: { $0.contains("Breaking: the tide turned") && self.selected($0)?.contains("Post 1 ") == true }, timeout: 5),
                "back in the view, the new post is listed and the cursor stays on its article:\n\(terminal.screen())")

        terminal.type("f")
        #expect(terminal.wait(for: { $0.contains("Paragraph 1 of the whole story") }, timeout: 15),
                "f reads the post with its page's full content, not the feed's summary:\n\(terminal.screen())")
        #expect(!terminal.screen().contains("Home · About"), "the page's navigation is left out:\n\(terminal.screen())")
        terminal.type("q")
        terminal.type("q")
        #expect(atPrompt(terminal), "q, q leave:\n\(terminal.screen())")
        let listed = try journey.shell("lector article list --feed 'Long Feed' --limit 1 --plain")
        #expect(listed.stdout.contains("Breaking: the tide turned"), "the synced post is in the store: \(listed.stdout)")
    }
}
