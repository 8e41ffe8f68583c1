import Foundation
import Testing
@testable import LectorStore

/// The rule engine on a real store: each test fails if a rule's action is dropped, its scope
/// widened, or its once-only record ignored.
@Suite("Rule engine")
struct RuleEngineTests {
    /// Account Home: folder News with feed "Home Feed" and folder Sport with feed "Scores";
    /// account Other (folder News, feed "Other Feed"). Every feed has an article "Storm warning"
    /// and one "Calm seas".
    final class World {
        let temporary: TemporaryStore
        let home: Account, other: Account
        let news: Folder, sport: Folder
        let homeFeed: Feed, scores: Feed, otherFeed: Feed
        var store: Store { temporary.store }

        init() throws {
            temporary = try TemporaryStore()
            let seeded = try temporary.seedAccount(name: "Home", articles: 0)
            (home, news, homeFeed) = (seeded.0, seeded.1, seeded.2)
            sport = try temporary.store.folders.insert(accountID: home.id, serverID: "sport", name: "Sport")
            scores = try temporary.store.feeds.insert(accountID: home.id, folderID: sport.id, serverID: "scores", title: "Scores",
                                                      url: "https://example.org/scores.xml", siteURL: nil)
            let seededOther = try temporary.seedAccount(name: "Other", articles: 0)
            (other, otherFeed) = (seededOther.0, seededOther.2)
            for feed in [homeFeed, scores, otherFeed] {
                for (index, title) in ["Storm warning", "Calm seas"].enumerated() {
                    let article = IncomingArticle(serverID: "\(feed.id)-\(index)", url: "https://example.org/\(feed.id)/\(index)",
                                                  title: title, text: "text of \(title)", publishedAt: 1_700_000_000)
                    _ = try temporary.store.articles.upsert(accountID: feed.accountID, feedID: feed.id, article, read: .unread)
                }
            }
        }

        func rule(_ name: String, _ expression: String, _ action: RuleAction, _ scope: RuleScope = RuleScope()) throws -> Rule {
            try store.rules.add(name: name, expression: expression, action: action, scope: scope)
        }

        /// "Feed title/article title" of every article the test holds for.
        func articles(where test: (ArticleRow) -> Bool) throws -> Set<String> {
            Set(try store.articles.list(ArticleQuery(limit: 100, includeHidden: true)).filter(test).map { "\($0.feedTitle)/\($0.title)" })
        }

        func run(_ rule: Rule) throws -> RuleOutcome {
            try store.ruleEngine.run(rule, dryRun: false, now: 1_700_000_100)
        }
    }

    @Test("a star rule stars what it matches and only that; a read rule reads; a hide rule hides")
    func actionsAct() throws {
        let world = try World()
        _ = try world.run(try world.rule("stars", "title contains storm", .star, RuleScope(accountID: world.other.id)))
        #expect(try world.articles { $0.starred } == ["Other Feed/Storm warning"], "the star rule must star its match, and only it")
        _ = try world.run(try world.rule("reads", "title contains calm", .read, RuleScope(accountID: world.other.id)))
        #expect(try world.articles { $0.read == .read } == ["Other Feed/Calm seas"], "the read rule must read its match, and only it")
        _ = try world.run(try world.rule("hides", "title contains storm", .hide, RuleScope(feedID: world.scores.id)))
        let listed = Set(try world.store.articles.list(ArticleQuery(limit: 100)).map { "\($0.feedTitle)/\($0.title)" })
        #expect(!listed.contains("Scores/Storm warning") && listed.count == 5, "the hide rule must take its match, and only it, out of lists: \(listed)")
    }

    @Test("a rule scoped to a feed, a folder or an account touches nothing outside it")
    func scopesHold() throws {
        let world = try World()
        _ = try world.run(try world.rule("feed", "title contains storm", .star, RuleScope(accountID: world.home.id, feedID: world.homeFeed.id)))
        #expect(try world.articles { $0.starred } == ["Home Feed/Storm warning"], "a feed's rule reached another feed")
        _ = try world.run(try world.rule("folder", "title contains calm", .star, RuleScope(accountID: world.home.id, folderID: world.sport.id)))
        #expect(try world.articles { $0.starred } == ["Home Feed/Storm warning", "Scores/Calm seas"], "a folder's rule reached another folder")
        _ = try world.run(try world.rule("account", "title contains storm", .read, RuleScope(accountID: world.home.id)))
        #expect(try world.articles { $0.read == .read } == ["Home Feed/Storm warning", "Scores/Storm warning"], "an account's rule reached another account")
        let synced = try world.store.ruleEngine.runNewArticles(accountID: world.other.id, now: 1_700_000_200)
        #expect(synced.allSatisfy { $0.matched.isEmpty }, "a sync of Other ran Home's rules: \(synced.map(\.rule.name))")
    }

    @Test("a rule never undoes: it never unstars, never touches what was changed by hand after it ran, and twice changes nothing")
    func onceOnly() throws {
        let world = try World()
        let all = try world.articles { _ in true }
        let ids = try world.store.articles.list(ArticleQuery(limit: 100)).filter { $0.feedTitle == "Other Feed" }.map(\.id)
        _ = try world.store.states.setStarred(ids, to: true)
        let reads = try world.rule("reads", "title contains storm", .read, RuleScope(accountID: world.other.id))
        let stars = try world.rule("stars", "title contains storm", .star, RuleScope(accountID: world.other.id))
        _ = try world.run(reads)
        #expect(try world.articles { $0.starred }.count == 2, "a read rule took a star away")
        let first = try world.run(stars)
        #expect(first.matched.count == 1 && first.changed == 0, "starring a starred article changes nothing: \(first)")
        // By hand, after the rules ran: unstar and mark unread.
        let storm = try #require(ids.first { id in try world.store.articles.article(id)?.title == "Storm warning" })
        _ = try world.store.states.setStarred([storm], to: false)
        _ = try world.store.states.setRead([storm], to: .unread)
        let again = [try world.run(reads), try world.run(stars)]
        #expect(again.allSatisfy { $0.matched.isEmpty && $0.changed == 0 }, "running the rules again acted: \(again)")
        let article = try #require(try world.store.articles.article(storm))
        #expect(article.read == .unread && !article.starred, "the hand-made unread and unstar did not stay: \(article)")
        #expect(all.count == 6, "the world holds six articles: \(all)")
    }
}
