import Foundation
import Testing
@testable import LectorReader

@Suite("Reading time and header")
struct ReadingTimeTests {
    @Test("220 words a minute, rounded up, at least one minute")
    func minutes() {
        #expect(readingMinutes(wordCount: 0) == 1)
        #expect(readingMinutes(wordCount: 220) == 1)
        #expect(readingMinutes(wordCount: 221) == 2)
        #expect(readingMinutes(wordCount: 2200) == 10)
        #expect(readingMinutes(wordCount: -5) == 1)
    }

    @Test("header shows title, feed, author, UTC date and reading time, sanitized")
    func header() {
        let date = Date(timeIntervalSince1970: 1_700_000_000) // 2023-11-14T22:13:20Z
        let header = ArticleHeader(title: "A\u{1b}]0;x\u{07} title", feed: "Feed\u{202e}", author: "Ann", date: date, wordCount: 500)
        #expect(header.render(width: 60, style: RenderStyle()) == "A title\nFeed · Ann · 2023-11-14 · 3 min read")
        #expect(header.render(width: 60, style: RenderStyle(color: true, bionic: .f5))
                == "\u{1b}[1mA\u{1b}[22m \u{1b}[1mtitle\u{1b}[22m\nFeed · Ann · 2023-11-14 · 3 min read")
    }

    @Test("header omits missing parts and wraps long titles")
    func headerWraps() {
        let header = ArticleHeader(title: String(repeating: "long ", count: 10), wordCount: 10)
        let lines = header.render(width: 20, style: RenderStyle()).split(separator: "\n")
        #expect(lines.last == "1 min read")
        #expect(lines.dropLast().allSatisfy { $0.count <= 20 }, "title lines exceed the width: \(lines)")
    }
}
