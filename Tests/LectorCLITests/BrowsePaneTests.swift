import Foundation
import Testing
@testable import LectorAccounts
@testable import LectorCLI
@testable import LectorSettings
@testable import LectorStore
import LectorText

@Suite("lector browse's feed pane and preview pane without a terminal")
struct BrowsePaneTests {
    /// One local account: folder Reading with feeds A and B (3 and 2 articles, all unread), and
    /// feed C in folder Other; the browser lists the account.
    private func setUp(_ home: TestHome) throws -> (ArticleBrowser, Int64) {
        let a = try home.addFeed(title: "Feed A"), b = try home.addFeed(title: "Feed B\u{1b}[2J"), c = try home.addFeed(title: "Feed C", folder: "Other")
        let store = try home.store()
        for (feed, count) in [(a, 3), (b, 2), (c, 1)] {
            for number in 1...count {
                _ = try store.articles.upsert(accountID: feed.accountID, feedID: feed.id,
                                              IncomingArticle(serverID: "\(feed.id)-\(number)", url: "https://example.org/\(feed.id)/\(number)",
                                                              title: "\(feed.title) \(number)", summary: "Summary",
                                                              text: "word " + String(repeating: "lorem ipsum ", count: 40),
                                                              publishedAt: 1_700_000_000 - Double(feed.id * 100 + Int64(number)) * 60),
                                              read: .unread)
            }
        }
        let manager = AccountManager(store: store, keyring: home.session().keyring, http: { .init() })
        return (try ArticleBrowser(manager: manager, query: ArticleQuery(accountID: a.accountID)), a.accountID)
    }

    private func count(_ lines: [String], _ name: String) -> Int? {
        lines.first { $0.contains(name) }.flatMap { $0.split(separator: " ").last }.flatMap { Int($0) }
    }

    @Test("the pane lists All, each folder with its feeds beneath, their unread counts; a mark in the list moves them")
    func countsFollowMarks() throws {
        let home = TestHome()
        let (browser, accountID) = try setUp(home)
        let store = try home.store()
        var pane = FeedPane(accountID: accountID, byAccount: false, showFolders: true, showCounts: true)
        try pane.load(store)
        var lines = pane.lines(width: 30, height: 20).lines
        #expect(lines.count == 7, "a heading, All, two folders, three feeds: \(lines)")
        #expect(count(lines, "All") == 6 && count(lines, "▸ Reading") == 5 && count(lines, "Feed A") == 3 && count(lines, "▸ Other") == 1,
                "the counts: \(lines)")
        let reading = try #require(lines.firstIndex { $0.contains("▸ Reading") })
        #expect(lines[reading + 1].contains("  Feed") && lines[reading + 2].contains("  Feed"), "its feeds beneath it, indented: \(lines)")
        #expect(!lines.joined().contains("\u{1b}"), "a feed's name passes the sanitiser: \(lines)")
        #expect(lines.allSatisfy { DisplayWidth.of($0) == 30 }, "every line is the pane's width: \(lines)")

        // The browser's first article is Feed A's (the newest): read, then its star (no count moves).
        let first = try #require(browser.current)
        try browser.toggleRead()
        try pane.load(store)
        lines = pane.lines(width: 30, height: 20).lines
        let feed = first.feedTitle.hasPrefix("Feed A") ? "Feed A" : first.feedTitle.hasPrefix("Feed B") ? "Feed B" : "Feed C"
        let before: [String: Int] = ["Feed A": 3, "Feed B": 2, "Feed C": 1]
        #expect(count(lines, "All") == 5 && count(lines, feed) == before[feed]! - 1, "one fewer unread after the mark: \(lines)")
        try browser.toggleRead()
        try pane.load(store)
        #expect(count(pane.lines(width: 30, height: 20).lines, "All") == 6, "and back after the mark is undone by hand")
    }

    @Test("over several accounts each account's name heads its folders and feeds, with its unread count")
    func accountHeadings() throws {
        let home = TestHome()
        let (_, accountID) = try setUp(home)
        let store = try home.store()
        try #require(Set(try store.feeds.list().map(\.feed.accountID)).count > 1, "the demo account is there beside Personal")
        var pane = FeedPane(accountID: nil, byAccount: true, showFolders: true, showCounts: true)
        try pane.load(store)
        let personal = try #require(pane.entries.firstIndex { $0.scope == .account(accountID) }, "Personal heads its entries: \(pane.entries)")
        #expect(pane.entries[personal].name == "Personal" && pane.entries[personal].unread == 6 && pane.entries[personal].depth == 0)
        let own = pane.entries.dropFirst(personal + 1).prefix { if case .account = $0.scope { false } else { true } }
        #expect(own.map(\.name).prefix(3) == ["Other", "Feed C", "Reading"] && own.allSatisfy { $0.depth >= 1 },
                "its folders and feeds beneath it, one step in: \(own)")
        let lines = pane.lines(width: 30, height: 40).lines
        #expect(lines.contains { $0.contains("■ Personal") }, "the account's line is marked: \(lines)")
    }

    @Test("the highlight moves with the keys, skips to entries with unread articles, and stays on its entry when the counts are read again")
    func highlightMoves() throws {
        let home = TestHome()
        let (_, accountID) = try setUp(home)
        let store = try home.store()
        var pane = FeedPane(accountID: accountID, byAccount: false, showFolders: true, showCounts: true)
        try pane.load(store)
        #expect(pane.highlighted?.scope == .all)
        pane.move(by: 1)
        #expect(pane.highlighted?.name == "Other", "folders by name: \(pane.entries.map(\.name))")
        pane.move(by: 100)
        #expect(pane.highlighted?.name.hasPrefix("Feed B") == true, "kept within the list")
        let after = pane.moveToUnread(forward: true)
        #expect(!after, "nothing after the last")
        let before = pane.moveToUnread(forward: false)
        #expect(before && pane.highlighted?.name == "Feed A")
        try pane.load(store)
        #expect(pane.highlighted?.name == "Feed A", "the highlight stays on its entry")
        let shown = pane.lines(width: 30, height: 3)
        #expect(shown.lines.count == 3 && shown.highlighted.map { shown.lines[$0].hasPrefix("> ") } == true,
                "a short pane scrolls so the highlight is shown: \(shown)")
    }

    @Test("the preview shows title, feed, date and address, then the text wrapped to its width; showing it marks nothing read")
    func previewWrapsAndMarksNothing() throws {
        let home = TestHome()
        let (browser, _) = try setUp(home)
        let store = try home.store()
        let article = try #require(browser.current)
        var preview = PreviewPane()
        let wide = preview.lines(article, accountName: nil, store: store, width: 60, height: 10)
        #expect(wide[0] == article.title && wide[1].hasPrefix(article.feedTitle.prefix(6)) && wide[1].contains("2023-")
                && wide[2] == article.url && wide[3].isEmpty, "title, feed and date, address: \(wide)")
        #expect(wide.count == 10 && wide[4].hasPrefix("word lorem ipsum"), "the text from its start: \(wide)")
        let narrow = preview.lines(article, accountName: nil, store: store, width: 25, height: 10)
        #expect(narrow.allSatisfy { DisplayWidth.of($0) <= 25 } && narrow[4] != wide[4], "wrapped anew to 25: \(narrow)")
        #expect(try store.articles.state(of: article.id)?.read == .unread, "the preview marked nothing read")
        #expect(PreviewPane.wrap("aa bb cc dd", width: 5) == ["aa bb", "cc dd"])
        #expect(PreviewPane.wrap("evil\u{1b}[2J text", width: 40).joined().contains("\u{1b}") == false, "outside text through the sanitiser")
    }
}
