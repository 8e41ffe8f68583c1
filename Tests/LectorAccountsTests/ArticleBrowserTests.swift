import Foundation
import LectorAccounts
import LectorStore
import Testing

@Suite("The browser: what a full-screen list shows and does")
struct ArticleBrowserTests {
    /// A local account with feeds "Alpha" and "Beta" (Beta in folder "News"), each with `perFeed`
    /// articles an hour apart, interleaved in time (Alpha's newest first), all read but the ones
    /// named unread (by title "Alpha 3", "Beta 7").
    final class Library {
        let home: AccountManagerTests.Home
        let account: Account
        var feeds: [String: Int64] = [:]
        var ids: [String: Int64] = [:]

        init(perFeed: Int = 5, unread: Set<String> = [], remote: Bool = false) throws {
            home = try AccountManagerTests.Home()
            let store = home.store
            account = remote ? try store.accounts.insert(kind: .freshrss, name: "Server", url: "http://127.0.0.1:9/api/greader.php", username: "me")
                : try store.accounts.insert(kind: .local, name: "Home")
            let folder = try store.folders.insert(accountID: account.id, serverID: "news", name: "News")
            for (index, title) in ["Alpha", "Beta"].enumerated() {
                let feed = try store.feeds.insert(accountID: account.id, folderID: index == 1 ? folder.id : nil, serverID: title,
                                                  title: title, url: "https://\(title.lowercased()).example/feed", siteURL: nil)
                feeds[title] = feed.id
                for number in 1...perFeed {
                    let name = "\(title) \(number)"
                    let published = 1_700_000_000.0 - Double(number * 7200 + index * 3600)
                    let article = IncomingArticle(serverID: name, url: "https://\(title.lowercased()).example/\(number)", title: name,
                                                  text: "text of \(name)", publishedAt: published)
                    ids[name] = try store.articles.upsert(accountID: account.id, feedID: feed.id, article,
                                                          read: unread.contains(name) ? .unread : .read).id
                }
            }
        }

        var store: Store { home.store }

        func browser(_ query: ArticleQuery = ArticleQuery(), pageSize: Int = 200, markReadOnScroll: Bool = false) throws -> ArticleBrowser {
            try ArticleBrowser(manager: home.manager(), query: query, pageSize: pageSize, markReadOnScroll: markReadOnScroll)
        }

        func read(_ name: String) throws -> ReadState? { try store.articles.state(of: ids[name]!)?.read }
    }

    @Test("the list is the scope's articles newest first, with the scope's counts, and moves within its ends")
    func listAndMoves() throws {
        let library = try Library(unread: ["Alpha 2", "Beta 4"])
        let browser = try library.browser()
        #expect(browser.rows.map(\.title).prefix(4) == ["Alpha 1", "Beta 1", "Alpha 2", "Beta 2"], "newest first across feeds: \(browser.rows.map(\.title))")
        #expect(browser.counts.unread == 2, "two unread in the library, not \(browser.counts.unread)")
        try browser.move(by: -3)
        #expect(browser.cursor == 0, "up from the first row stays there")
        try browser.move(by: 100)
        #expect(browser.cursor == 9, "down past the end stops at the last row")
        let feed = try library.browser(ArticleQuery(feedID: library.feeds["Beta"]))
        #expect(feed.rows.allSatisfy { $0.feedTitle == "Beta" } && feed.counts.unread == 1, "a feed's list and count are the feed's")
    }

    @Test("rows are loaded a page at a time as the cursor nears the end")
    func pages() throws {
        let library = try Library(perFeed: 30)
        let browser = try library.browser(pageSize: 20)
        #expect(browser.rows.count == 20 && !browser.isComplete, "the first page only: \(browser.rows.count)")
        try browser.move(by: 25)
        #expect(browser.cursor == 25 && browser.rows.count >= 26, "moving on loads more rows: cursor \(browser.cursor), \(browser.rows.count) rows")
        try browser.moveToBottom()
        #expect(browser.isComplete && browser.windowStart + browser.cursor == 59, "the bottom is the last row")
    }

    @Test("G goes to the true end of a long list in one press, reading one page; up from there loads the pages before; g is the top again")
    func bottomOfALongList() throws {
        let library = try Library(perFeed: 50)
        let browser = try library.browser(pageSize: 20)
        try browser.moveToBottom()
        #expect(browser.current?.title == "Beta 50", "one press lands on the oldest article, not on \(browser.current?.title ?? "nothing")")
        #expect(browser.rows.count == 20 && browser.windowStart == 80 && browser.total == 100,
                "only the last page is read: \(browser.rows.count) rows from \(browser.windowStart) of \(browser.total.map(String.init) ?? "?")")
        try browser.move(by: -25)
        #expect(browser.current?.title == "Alpha 38" && browser.windowStart + browser.cursor == 74,
                "25 up from the end is row 75, loaded from the page before: \(browser.current?.title ?? "nothing")")
        try browser.moveToTop()
        #expect(browser.current?.title == "Alpha 1" && browser.windowStart == 0 && browser.cursor == 0, "g is the first row again")
        try browser.move(by: 30)
        #expect(browser.current?.title == "Alpha 16", "and down from the top pages on as before: \(browser.current?.title ?? "nothing")")
    }

    /// `G` knows how many rows a whole scope has from the feeds' counters, not by counting the
    /// rows: the count must be the one a count of the rows gives, for every scope and state.
    @Test("G on a whole scope counts its rows from the feeds' counters, the same number as counting them")
    func bottomCountedFromCounters() throws {
        let library = try Library(perFeed: 30, unread: ["Alpha 2", "Alpha 29", "Beta 5"])
        let starring = try library.browser()
        for title in ["Alpha 2", "Alpha 3", "Beta 28"] {
            try starring.move(by: starring.rows.firstIndex { $0.title == title }! - starring.cursor)
            try starring.toggleStar()
        }
        let folder = try #require(try library.store.folders.list().first { $0.folder.name == "News" }?.folder.id)
        let scopes: [(String, ArticleQuery)] = [
            ("all", ArticleQuery()), ("account", ArticleQuery(accountID: library.account.id)),
            ("folder", ArticleQuery(folderID: folder)), ("feed", ArticleQuery(feedID: library.feeds["Alpha"])),
            ("unread", ArticleQuery(unreadOnly: true)), ("starred", ArticleQuery(starredOnly: true)),
            ("unread in the folder", ArticleQuery(folderID: folder, unreadOnly: true)),
            ("unread and starred", ArticleQuery(unreadOnly: true, starredOnly: true)),
        ]
        for (name, query) in scopes {
            var fromEnd = query
            fromEnd.fromEnd = true
            let counted = try library.store.articles.tally(query).total
            #expect(try library.store.articles.total(fromEnd) == counted, "\(name): \(counted) rows")
            let browser = try library.browser(query, pageSize: 2)
            try browser.moveToBottom()
            #expect(browser.total == counted && browser.windowStart + browser.cursor == counted - 1,
                    "\(name): G at row \(browser.windowStart + browser.cursor + 1) of \(browser.total.map(String.init) ?? "?"), not \(counted) of \(counted)")
        }
    }

    @Test("under a filter the counts are those of what it shows, and follow a star made in the view")
    func filteredCounts() throws {
        let library = try Library(unread: ["Alpha 2", "Alpha 4", "Beta 1"])
        let browser = try library.browser(ArticleQuery(filter: try FilterParser.parse("feed = Alpha")))
        #expect(browser.counts.unread == 2 && browser.counts.starred == 0, "Alpha's two unread, not the library's three: \(browser.counts)")
        #expect(browser.total == 5, "the filter's five articles counted: \(browser.total.map(String.init) ?? "not counted")")
        try browser.toggleStar()
        try browser.toggleRead()
        #expect(browser.counts.starred == 1 && browser.counts.unread == 3, "a star and an unread mark move the counts: \(browser.counts)")
    }

    /// A hide rule takes its articles out of the list; the counts beside it and the jump to its
    /// end count what the list shows (`ArticlesTable.tally`/`total` leave hidden articles out too),
    /// or G lands short of the end and the total names rows nobody can reach.
    @Test("a hide rule's articles are counted nowhere: not in the total, not in a filter's counts, not in the jump to the end")
    func hiddenArticlesUncounted() throws {
        let library = try Library(perFeed: 30, unread: ["Alpha 29", "Alpha 30", "Beta 3"])
        let store = library.store
        // Hides Alpha 2 and Alpha 30 ("contains" takes whole words): Alpha 30 is unread, Alpha 29 (unread) stays.
        let rule = try store.rules.add(name: "old alpha", expression: "title contains \"alpha 2\" or title contains \"alpha 30\"",
                                       action: .hide, scope: RuleScope(feedID: library.feeds["Alpha"]))
        _ = try store.ruleEngine.run(rule, dryRun: false, now: 1_700_000_100)
        let hidden = try store.articles.list(ArticleQuery(limit: 100, includeHidden: true)).count
            - store.articles.list(ArticleQuery(limit: 100)).count
        #expect(hidden == 2, "Alpha 2 and Alpha 30 are hidden: \(hidden)")

        let browser = try library.browser(pageSize: 20)
        try browser.moveToBottom()
        #expect(browser.total == 58 && browser.windowStart == 38 && browser.windowStart + browser.cursor == 57,
                "G: \(browser.total.map(String.init) ?? "?") rows, window from \(browser.windowStart), cursor \(browser.cursor)")
        #expect(browser.current?.title == "Beta 30", "the last row shown is the oldest visible article, not \(browser.current?.title ?? "nothing")")

        let filtered = try library.browser(ArticleQuery(filter: try FilterParser.parse("feed = Alpha")), pageSize: 5)
        #expect(filtered.total == 28 && filtered.counts.unread == 1,
                "the filter shows 28 of Alpha, one unread: \(filtered.total.map(String.init) ?? "?"), \(filtered.counts)")
        let tally = try store.articles.tally(ArticleQuery(feedID: library.feeds["Alpha"], limit: 5))
        #expect(tally.total == 28 && tally.unread == 1, "tally of Alpha: \(tally)")
        var fromEnd = ArticleQuery(limit: 5)
        fromEnd.fromEnd = true
        #expect(try store.articles.total(fromEnd) == 58, "total from the end")
    }

    @Test("n and p go to the next and previous unread article across feeds, also beyond the rows loaded")
    func nextUnreadAcrossFeeds() throws {
        let library = try Library(perFeed: 30, unread: ["Beta 2", "Alpha 28"])
        let browser = try library.browser(pageSize: 10)
        #expect(try browser.moveToUnread(forward: true) && browser.current?.title == "Beta 2", "the first unread is Beta's: \(browser.current?.title ?? "none")")
        #expect(try browser.moveToUnread(forward: true) && browser.current?.title == "Alpha 28",
                "the next one is beyond the first page, in the other feed: \(browser.current?.title ?? "none")")
        #expect(try !browser.moveToUnread(forward: true), "none after the last")
        #expect(try browser.moveToUnread(forward: false) && browser.current?.title == "Beta 2", "p goes back to the earlier one")
    }

    @Test("n at a feed's last unread article goes on to the next feed with unread articles")
    func nextUnreadInTheNextFeed() throws {
        let library = try Library(unread: ["Alpha 2", "Beta 4"])
        let browser = try library.browser(ArticleQuery(feedID: library.feeds["Alpha"]))
        #expect(try browser.moveToUnread(forward: true) && browser.current?.title == "Alpha 2", "first Alpha's own")
        #expect(try browser.moveToUnread(forward: true), "then the next feed's")
        #expect(browser.query.feedID == library.feeds["Beta"] && browser.current?.title == "Beta 4",
                "the list became Beta, at its unread article: \(browser.current?.title ?? "none")")
        #expect(browser.counts.unread == 1, "and the counts are Beta's")
    }

    @Test("r and s change the store as article mark does, and the row and counts follow")
    func toggles() throws {
        let library = try Library(unread: ["Alpha 1"])
        let browser = try library.browser()
        #expect(try browser.toggleRead() == .read && library.read("Alpha 1") == .read, "r marks the unread row read in the store")
        #expect(browser.current?.read == .read && browser.counts.unread == 0, "the row and the count show it")
        #expect(try browser.toggleRead() == .unread && library.read("Alpha 1") == .unread, "r again makes it unread")
        #expect(try browser.toggleStar() == true && library.store.articles.state(of: library.ids["Alpha 1"]!)?.starred == true, "s stars it")
        #expect(browser.counts.starred == 1 && browser.current?.starred == true, "the starred count and the row follow")
        #expect(try browser.toggleStar() == false && browser.counts.starred == 0, "s again takes the star away")
        #expect(try browser.flush() == nil, "a local account has no server to push to")
    }

    @Test("a mark on a server account is queued as an intent at once and pushed only by the flush")
    func remoteMarksQueueThenFlush() throws {
        let library = try Library(unread: ["Alpha 1"], remote: true)
        let browser = try library.browser()
        try browser.toggleStar()
        #expect(try library.store.intents.all(accountID: library.account.id).count == 1 && browser.unflushed == [library.account.id],
                "the star is queued and waits for the flush; nothing was pushed yet")
        try browser.toggleRead()
        let queued = try library.store.intents.all(accountID: library.account.id)
        #expect(queued.count == 2, "the star and the read are two queued intents before any push: \(queued)")
        #expect(browser.unflushed == [library.account.id], "the account waits for the flush")
        // No secret and nothing listening: the push fails, and the intents stay for the next sync.
        #expect(try browser.flush() == false, "an unreachable server leaves the marks queued")
        #expect(try library.store.intents.all(accountID: library.account.id).count == 2 && browser.unflushed.isEmpty,
                "still queued after the failed push; the browser does not push again on its own")
    }

    @Test("A marks what is shown read: the scope, as mark-all-read does, and with --unread the list empties")
    func markShownRead() throws {
        let library = try Library(unread: ["Alpha 1", "Alpha 3", "Beta 2"])
        let browser = try library.browser(ArticleQuery(feedID: library.feeds["Alpha"], unreadOnly: true))
        #expect(browser.rows.count == 2, "two unread Alpha articles shown")
        #expect(try browser.markShownRead() == 2, "both marked")
        #expect(try library.read("Alpha 1") == .read && library.read("Alpha 3") == .read && library.read("Beta 2") == .unread,
                "only the feed shown is read; Beta keeps its unread article")
        #expect(browser.rows.isEmpty && browser.counts.unread == 0, "the unread list is empty now")
    }

    @Test("with mark-read-on-scroll, the rows the cursor moves down past are marked read, not the one it lands on")
    func markReadOnScroll() throws {
        let library = try Library(unread: ["Alpha 1", "Beta 1", "Alpha 2"])
        let browser = try library.browser(markReadOnScroll: true)
        try browser.move(by: 2)
        #expect(try library.read("Alpha 1") == .read && library.read("Beta 1") == .read, "the two passed are read")
        #expect(try library.read("Alpha 2") == .unread, "the row under the cursor is not")
        try browser.move(by: -1)
        #expect(try library.read("Alpha 2") == .unread, "moving up marks nothing")
        let off = try Library(unread: ["Alpha 1"])
        let unmarking = try off.browser()
        try unmarking.move(by: 3)
        #expect(try off.read("Alpha 1") == .unread, "without the setting moving marks nothing")
    }

    @Test("a search shows the matches in the scope; A then marks just those; an empty search shows the list again")
    func search() throws {
        let library = try Library(unread: ["Alpha 1", "Alpha 3", "Beta 3"])
        let browser = try library.browser()
        try browser.search("Alpha 3")
        #expect(browser.rows.map(\.title).first == "Alpha 3", "the best match first: \(browser.rows.map(\.title))")
        let marked = try browser.markShownRead()
        let found = try library.read("Alpha 3")
        #expect(marked == browser.rows.count && found == .read, "the found rows are read")
        #expect(try library.read("Alpha 1") == .unread && library.read("Beta 3") == .unread, "nothing outside the matches is read")
        try browser.search(nil)
        #expect(browser.rows.count == 10 && browser.query.search == nil, "the whole list is back")
    }
}
