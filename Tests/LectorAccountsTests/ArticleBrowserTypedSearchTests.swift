import Foundation
import LectorAccounts
import LectorStore
import Testing

@Suite("The browser's search as it is typed: a page the screen's size at each key, and the list put back")
struct ArticleBrowserTypedSearchTests {
    @Test("each key reads at most the limit's matches, uncounted while there are more; all of them fitting, they are counted")
    func boundedByTheLimit() throws {
        let library = try ArticleBrowserTests.Library(perFeed: 30, unread: ["Alpha 3", "Beta 7"])
        let browser = try library.browser()
        try browser.typeSearch("alph", limit: 4)
        #expect(browser.rows.count == 4 && browser.rows.allSatisfy { $0.title.hasPrefix("Alpha") }, "four of Alpha's 30: \(browser.rows.map(\.title))")
        #expect(!browser.counted && browser.total == nil && browser.query.search == "alph", "more match than were read: not counted")
        #expect(browser.rows.map(\.title) == ["Alpha 30", "Alpha 29", "Alpha 28", "Alpha 27"],
                "the last stored matches first, read in the index's own order: \(browser.rows.map(\.title))")
        try browser.search("alph")
        #expect(browser.rows.prefix(4).map(\.title) == ["Alpha 30", "Alpha 29", "Alpha 28", "Alpha 27"] && browser.total == 30,
                "Enter keeps the matches in their order, and counts them all: \(browser.rows.prefix(4).map(\.title)), \(String(describing: browser.total))")
        try browser.typeSearch("alpha 3", limit: 4)
        #expect(browser.rows.map(\.title).contains("Alpha 3") && browser.rows.allSatisfy { $0.title.hasPrefix("Alpha 3") },
                "the words narrow the matches: \(browser.rows.map(\.title))")
        try browser.typeSearch("beta 7", limit: 40)
        #expect(browser.counted && browser.total == browser.rows.count && browser.counts.unread == 1,
                "all matches fit: counted, Beta 7 unread among them: \(browser.counts)")
        try browser.typeSearch("", limit: 4)
        #expect(browser.query.search == nil && browser.rows.count == 60 && browser.counted, "an empty search is the whole list again")
    }

    @Test("the list kept before a search is shown again as it was, cursor and all, with the states and counts read again")
    func shownAgain() throws {
        let library = try ArticleBrowserTests.Library(perFeed: 5)
        let browser = try library.browser()
        try browser.move(by: 3)
        let kept = browser.shown, titles = browser.rows.map(\.title), unreadBefore = browser.counts.unread
        try browser.typeSearch("beta", limit: 3)
        #expect(browser.rows.count == 3 && browser.cursor == 0)
        _ = try library.home.manager().mark([library.ids[titles[3]]!], as: .unread, push: .later)
        try browser.show(kept)
        #expect(browser.rows.map(\.title) == titles && browser.cursor == 3 && browser.query.search == nil, "the same rows and cursor")
        #expect(browser.current?.read == .unread, "the row's state as the store has it now")
        #expect(browser.counts.unread == unreadBefore + 1, "the heading's counts as the store has them now (a search kept with Enter can be marked in before q puts the list back): \(browser.counts.unread), was \(unreadBefore)")
    }
}
