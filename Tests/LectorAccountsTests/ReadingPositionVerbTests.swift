import Foundation
import LectorAccounts
import LectorStore
import Testing

@Suite("The reading position verb: where the reader stopped in an article, kept in the store")
struct ReadingPositionVerbTests {
    @Test("a position kept is read back, a position at the top forgets it, and another article has none")
    func keptAndForgotten() throws {
        let library = try ArticleBrowserTests.Library()
        let manager = library.home.manager()
        let alpha = library.ids["Alpha 1"]!, beta = library.ids["Beta 1"]!
        try manager.keepReadingPosition(ReadingPosition(topLine: 12, lineCount: 40), of: alpha)
        #expect(try manager.readingPosition(of: alpha) == ReadingPosition(topLine: 12, lineCount: 40))
        #expect(try manager.readingPosition(of: beta) == nil, "only the article read part-way has a position")
        try manager.keepReadingPosition(ReadingPosition(topLine: 30, lineCount: 40), of: alpha)
        #expect(try manager.readingPosition(of: alpha)?.topLine == 30, "the later position replaces the earlier")
        #expect(try library.store.readingPositions.count() == 1, "one row per article")
        try manager.keepReadingPosition(ReadingPosition(topLine: 0, lineCount: 40), of: alpha)
        #expect(try manager.readingPosition(of: alpha) == nil, "back at the top, nothing is kept")
        #expect(try library.store.readingPositions.count() == 0)
    }

    @Test("a position survives reopening the store, and goes with its article")
    func survivesAndGoesWithTheArticle() throws {
        let library = try ArticleBrowserTests.Library()
        let alpha = library.ids["Alpha 2"]!
        try library.home.manager().keepReadingPosition(ReadingPosition(topLine: 5, lineCount: 9), of: alpha)
        let reopened = try Store(path: library.home.directory.appendingPathComponent("lector.sqlite").path)
        #expect(try reopened.readingPositions.position(of: alpha) == ReadingPosition(topLine: 5, lineCount: 9))
        try library.store.feeds.remove(library.feeds["Alpha"]!)
        #expect(try library.store.readingPositions.count() == 0, "the feed's articles went, and their positions with them")
    }

    @Test("an article that is not stored is refused, and nothing is kept")
    func unknownArticle() throws {
        let library = try ArticleBrowserTests.Library()
        #expect(throws: AccountsError.unknownArticle(999_999)) {
            try library.home.manager().keepReadingPosition(ReadingPosition(topLine: 3, lineCount: 10), of: 999_999)
        }
        #expect(try library.store.readingPositions.count() == 0)
    }

    @Test("an article wrapped to another width reopens at the same fraction of it")
    func sameFractionAtAnotherWidth() {
        let position = ReadingPosition(topLine: 50, lineCount: 200)
        #expect(position.topLine(ofLines: 200) == 50)
        #expect(position.topLine(ofLines: 300) == 75, "wrapped narrower: more lines, the same quarter of the way")
        #expect(position.topLine(ofLines: 100) == 25)
        #expect(position.topLine(ofLines: 0) == 0)
    }
}
