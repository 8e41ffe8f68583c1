import Foundation
import Testing
@testable import LectorFeeds

@Suite("A feed keeps at most FeedParser.itemLimit items")
struct ItemLimitTests {
    @Test("an RSS document with more items than the limit keeps the first ones")
    func rssItems() throws {
        let items = (0..<(FeedParser.itemLimit + 5)).map { "<item><guid>g\($0)</guid><title>t\($0)</title></item>" }.joined()
        let feed = try FeedParser.parse(Data("<rss version=\"2.0\"><channel><title>Many</title>\(items)</channel></rss>".utf8), url: nil, contentType: nil)
        #expect(feed.items.count == FeedParser.itemLimit)
        #expect(feed.items.first?.title == "t0" && feed.items.last?.title == "t\(FeedParser.itemLimit - 1)", "document order, the first kept")
    }

    @Test("a JSON Feed with more items than the limit keeps the first ones")
    func jsonItems() throws {
        let items = (0..<(FeedParser.itemLimit + 5)).map { "{\"id\":\"\($0)\",\"title\":\"t\($0)\"}" }.joined(separator: ",")
        let feed = try FeedParser.parse(Data("{\"version\":\"https://jsonfeed.org/version/1.1\",\"title\":\"Many\",\"items\":[\(items)]}".utf8),
                                        url: nil, contentType: nil)
        #expect(feed.items.count == FeedParser.itemLimit)
    }

    @Test("a JSON document of a million tiny objects is refused before it is parsed")
    func millionObjects() throws {
        var text = "{\"version\":\"https://jsonfeed.org/version/1.1\",\"items\":["
        text += Array(repeating: "{\"id\":\"1\"}", count: 1_000_000).joined(separator: ",") + "]}"
        #expect(throws: FeedParseError.tooManyObjects(limit: JSONFeedParser.objectLimit)) {
            try FeedParser.parse(Data(text.utf8), url: nil, contentType: nil)
        }
        // Braces inside strings are text, not objects.
        let braces = String(repeating: "{", count: JSONFeedParser.objectLimit + 10)
        let feed = try FeedParser.parse(Data("{\"version\":\"https://jsonfeed.org/version/1\",\"items\":[{\"id\":\"1\",\"content_text\":\"\(braces)\"}]}".utf8),
                                        url: nil, contentType: nil)
        #expect(feed.items.count == 1)
    }
}
