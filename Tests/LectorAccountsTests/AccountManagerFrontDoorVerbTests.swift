import Foundation
import LectorAccounts
import LectorBasics
import LectorSettings
import LectorStore
import LectorTestSupport
import Testing

/// The verbs the front ends' last store writes moved behind (issue 40 item 4): rules added and
/// listed, the reading list, saved searches, extracted content and settings — against a real
/// store, and the FreshRSS emulator where a rule's placement on a server is asked.
@Suite("AccountManager's reading-list, saved-search, rule, content and settings verbs", .serialized)
struct AccountManagerFrontDoorVerbTests {
    typealias Library = ArticleBrowserTests.Library

    @Test("addRule keeps a rule the store runs; a taken name (any case) and a filter that does not parse are refused, nothing kept")
    func addRule() throws {
        let library = try Library(unread: ["Alpha 1"])
        let manager = library.home.manager()
        let rule = try manager.addRule(name: "tides", expression: "title contains alpha", action: .star, scope: RuleScope())
        #expect(rule.name == "tides" && rule.enabled && rule.action == .star)
        #expect(try library.store.rules.named("TIDES")?.id == rule.id, "the store does not hold the rule")
        #expect(throws: AccountsError.store(.conflict("a rule named 'Tides' exists already"))) {
            try manager.addRule(name: "Tides", expression: "title contains beta", action: .read, scope: RuleScope())
        }
        #expect(throws: AccountsError.self) { try manager.addRule(name: "broken", expression: "title contains (", action: .read, scope: RuleScope()) }
        #expect(try library.store.rules.all().map(\.name) == ["tides"], "a refused rule was kept")
    }

    @Test("ruleListings and ruleListing give each rule with its hits and where a server account would run it; an unknown name is not found")
    func ruleListings() throws {
        let world = try EmulatedServerHome(.freshrss)
        let manager = world.manager
        _ = try manager.addRule(name: "tides", expression: "title contains tide", action: .read, scope: RuleScope())
        _ = try manager.addRule(name: "boats", expression: "title contains boats", action: .star, scope: RuleScope())
        let applied = try manager.applyRule(try #require(try world.home.store.rules.named("tides")), dryRun: false)
        #expect(applied.outcome.changed == 1)
        let listings = try manager.ruleListings()
        #expect(listings.map(\.rule.name) == ["boats", "tides"], "\(listings.map(\.rule.name))")
        #expect(listings.map(\.hits) == [0, 1], "the hits: \(listings.map(\.hits))")
        let tides = try manager.ruleListing(named: "TIDES")
        #expect(tides.rule.name == "tides" && tides.hits == 1)
        #expect(tides.placements.map(\.account.name) == ["Server"])
        #expect(tides.placements.first?.placement == .freshRSSMarkRead(["intitle:\"tide\""]), "\(String(describing: tides.placements.first?.placement))")
        #expect(throws: AccountsError.store(.notFound(what: "rule", name: "nope"))) { try manager.ruleListing(named: "nope") }
    }

    @Test("addToReadingList saves articles by address, all or none; removeFromReadingList takes them off and counts those there")
    func readingList() throws {
        let library = try Library()
        let manager = library.home.manager()
        let alpha = library.ids["Alpha 1"]!, beta = library.ids["Beta 2"]!
        #expect(try manager.addToReadingList([alpha, beta]) == 2)
        #expect(try library.store.readingList.all().map(\.url).sorted() == ["https://alpha.example/1", "https://beta.example/2"])
        #expect(throws: AccountsError.unknownArticle(424_242)) { try manager.addToReadingList([library.ids["Alpha 3"]!, 424_242]) }
        #expect(try library.store.readingList.all().count == 2, "a refused batch saved part of itself")
        let removed = try manager.removeFromReadingList([(library.account.id, "https://alpha.example/1"), (library.account.id, "https://nowhere.example/")])
        #expect(removed == 1)
        #expect(try library.store.readingList.all().map(\.url) == ["https://beta.example/2"])
    }

    @Test("an article without an address is refused by addToReadingList with its title")
    func readingListNoAddress() throws {
        let library = try Library()
        let feed = library.feeds["Alpha"]!
        let bare = try library.store.articles.upsert(accountID: library.account.id, feedID: feed,
                                                     IncomingArticle(serverID: "bare", url: nil, title: "No link", text: "t", publishedAt: 1_700_000_000)).id
        #expect(throws: AccountsError.articleHasNoAddress(title: "No link")) { try library.home.manager().addToReadingList([bare]) }
        #expect(try library.store.readingList.all().isEmpty)
    }

    @Test("saveSearch keeps and replaces a filter under a name; removeSearch forgets it; a bad filter and an unknown name are refused")
    func savedSearches() throws {
        let library = try Library()
        let manager = library.home.manager()
        #expect(try manager.saveSearch(SavedSearch(name: "Alphas", expression: "title contains alpha", label: false)) == false)
        #expect(try manager.saveSearch(SavedSearch(name: "alphas", expression: "title contains beta", label: true)) == true, "saving again replaces")
        #expect(try library.store.savedSearches.all() == [SavedSearch(name: "Alphas", expression: "title contains beta", label: true)])
        #expect(throws: AccountsError.self) { try manager.saveSearch(SavedSearch(name: "bad", expression: "title contains (", label: false)) }
        try manager.removeSearch(named: "ALPHAS")
        #expect(try library.store.savedSearches.all().isEmpty)
        #expect(throws: AccountsError.store(.notFound(what: "saved search", name: "Alphas"))) { try manager.removeSearch(named: "Alphas") }
    }

    @Test("keepExtractedHTML keeps a page's content for the article; an unknown article is refused")
    func extractedContent() throws {
        let library = try Library()
        let manager = library.home.manager()
        let id = library.ids["Beta 1"]!
        try manager.keepExtractedHTML("<p>The whole story.</p>", for: id)
        #expect(try library.store.articles.extractedHTML(of: id) == "<p>The whole story.</p>")
        #expect(throws: AccountsError.unknownArticle(777_777)) { try manager.keepExtractedHTML("<p>x</p>", for: 777_777) }
    }

    @Test("settings reads and writes the store's settings through the settings editor")
    func settings() throws {
        let library = try Library()
        let manager = library.home.manager()
        _ = try manager.settings.set("list.hide-read", to: "true")
        #expect(try library.store.settings.all()["list.hide-read"] == "true", "the store does not hold the setting")
        #expect(try manager.settings.preferences().hideRead)
        #expect(try library.home.manager().settings.get("list.hide-read").displayText == "true", "a new door does not read it back")
    }
}
