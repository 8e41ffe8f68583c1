import Foundation
import Testing
@testable import LectorStore

/// The rules after a sync run in one pass (`RuleSweep`); these tests hold it to what the rules
/// do one query each (`RuleEngine.run`), so a pass that drops a rule's action, widens its scope,
/// reads the state before an earlier rule changed it, or reaches articles older than the sync
/// fails here.
@Suite("Rules after a sync, in one pass")
struct RuleSweepTests {
    /// An account with two folders and three feeds, and 60 articles of varied titles, texts,
    /// authors (some none), addresses (some none), dates, states and labels.
    final class World {
        let temporary: TemporaryStore
        var store: Store { temporary.store }
        let account: Account
        let feeds: [Feed]
        let sport: Folder

        init(articles: Range<Int> = 0..<60) throws {
            temporary = try TemporaryStore()
            let seeded = try temporary.seedAccount(name: "Home", articles: 0)
            account = seeded.0
            sport = try temporary.store.folders.insert(accountID: account.id, serverID: "sport", name: "Sport")
            let scores = try temporary.store.feeds.insert(accountID: account.id, folderID: sport.id, serverID: "scores", title: "Scores",
                                                          url: "https://example.org/scores.xml", siteURL: nil)
            let loose = try temporary.store.feeds.insert(accountID: account.id, folderID: nil, serverID: "loose", title: "Loose Ends",
                                                         url: "https://example.org/loose.xml", siteURL: nil)
            feeds = [seeded.2, scores, loose]
            try add(articles)
        }

        func add(_ range: Range<Int>) throws {
            let words = ["storm", "calm", "river", "solar power", "Éclair", "match", "goal"]
            for index in range {
                let feed = feeds[index % feeds.count]
                let article = IncomingArticle(
                    serverID: "item-\(index)", url: index % 7 == 0 ? nil : "https://example.org/\(index % 4)/\(index)",
                    title: "\(words[index % words.count].capitalized) report \(index)", author: index % 5 == 0 ? nil : "Author \(index % 3)",
                    text: "Text about \(words[(index * 3) % words.count]) and \(words[(index + 2) % words.count]) number \(index)",
                    publishedAt: Double(1_700_000_000 + index * 86_400))
                let id = try store.articles.upsert(accountID: account.id, feedID: feed.id, article, read: index % 4 == 0 ? .read : .unread,
                                                   starred: index % 6 == 0).id
                if index % 9 == 0 { try store.labels.set("later", on: true, articleIDs: [id]) }
            }
        }

        /// The rules, each an action and a filter that the ones before it may change the answer of.
        func addRules() throws {
            let rules: [(String, RuleAction, RuleScope)] = [
                ("title contains storm", .read, RuleScope()),
                ("unread and content contains river", .star, RuleScope()),
                ("starred and not unread", .label("kept"), RuleScope()),
                ("label = kept or label = later", .hide, RuleScope()),
                ("title matches \"^(Calm|Goal) \" and author != 'Author 1'", .read, RuleScope(folderID: sport.id)),
                ("url matches \"/2/\" or author contains \"author 0\"", .star, RuleScope(feedID: feeds[2].id)),
                ("not (url matches \"/1/\") and unread", .read, RuleScope()),
                ("feed = 'scores' and age > 30d and not starred", .label("old"), RuleScope()),
                ("folder = 'News' and published < 2023-11-26", .star, RuleScope()),
                ("account = 'home' and content contains \"solar power\" and not label = old", .read, RuleScope()),
                ("label contains old and starred = false", .star, RuleScope()),
                ("author = 'Author 2' or url matches \"9$\"", .hide, RuleScope(accountID: account.id)),
                ("content matches \"number 1[0-9]$\" or title = 'CALM report 8' or content = 'x'", .read, RuleScope()),
            ]
            for (index, rule) in rules.enumerated() {
                _ = try store.rules.add(name: "rule " + (index < 10 ? "0" : "") + "\(index)", expression: rule.0, action: rule.1, scope: rule.2)
            }
        }

        /// Every article's id, read state, star, labels and whether a rule hid it.
        func states() throws -> [String] {
            try store.database.query("""
                SELECT a.id, s.read, s.starred,
                       (SELECT group_concat(n.name) FROM article_labels l JOIN labels n ON n.id = l.label_id WHERE l.article_id = a.id),
                       EXISTS (SELECT 1 FROM rule_hits h WHERE h.article_id = a.id AND h.action = 'hide')
                FROM articles a JOIN article_state s ON s.article_id = a.id ORDER BY a.id
                """) { "\($0.int64(0)) \($0.string(1)) starred=\($0.int(2)) labels=\($0.optionalString(3) ?? "") hidden=\($0.int(4))" }
        }
    }

    static let now = 1_720_000_000.0

    @Test("rules after a sync match and change exactly what they do one query after another")
    func onePassEqualsRuleByRule() throws {
        let swept = try World(), oneByOne = try World()
        try swept.addRules()
        try oneByOne.addRules()
        let outcomes = try swept.store.ruleEngine.runNewArticles(accountID: swept.account.id, now: Self.now)
        let expected = try oneByOne.store.rules.all().map { try oneByOne.store.ruleEngine.run($0, dryRun: false, now: Self.now) }
        #expect(outcomes.count == expected.count, "the pass ran \(outcomes.count) rules, not all \(expected.count)")
        for (got, wanted) in zip(outcomes, expected) {
            #expect(got.matched == wanted.matched, "\(got.rule.name) '\(got.rule.expression)' matched \(got.matched), one query gives \(wanted.matched)")
            #expect(got.changed == wanted.changed, "\(got.rule.name) changed \(got.changed) articles, one query changes \(wanted.changed)")
        }
        #expect(expected.filter { !$0.matched.isEmpty }.count >= 10, "the world should give most rules something to match: \(expected.map(\.matched.count))")
        #expect(try swept.states() == oneByOne.states(), "the articles' states after the pass differ from those after one query per rule")
    }

    @Test("rules after a sync reach only the articles it brought in, the full-text tests too")
    func onlyNewArticles() throws {
        let world = try World(articles: 0..<30)
        let newerThan = Int64(try world.store.database.scalarInt("SELECT max(id) FROM articles WHERE account_id = ?", world.account.id))
        // Swept without rules: the first thirty are old to the rules added after them.
        #expect(try world.store.ruleEngine.runNewArticles(accountID: world.account.id, now: Self.now).isEmpty)
        try world.add(30..<60)
        try world.addRules()
        let outcomes = try world.store.ruleEngine.runNewArticles(accountID: world.account.id, now: Self.now)
        let reached = outcomes.flatMap(\.matched)
        #expect(!reached.isEmpty, "the rules matched none of the new articles")
        #expect(reached.allSatisfy { $0 > newerThan }, "a rule after a sync acted on an article stored before it: \(reached.filter { $0 <= newerThan })")
        let storm = try #require(outcomes.first { $0.rule.name == "rule 00" })
        let newStorms = try world.store.database.query("SELECT id FROM articles WHERE id > ? AND title LIKE 'Storm%' ORDER BY id", newerThan) { $0.int64(0) }
        #expect(storm.matched == newStorms, "the full-text rule matched \(storm.matched), the new storm articles are \(newStorms)")
    }

    @Test("a rule testing labels after one that gives a label starts a second pass; the others share one")
    func passesSplitAtLabels() throws {
        let world = try World(articles: 0..<0)
        try world.addRules()
        let rules = try world.store.rules.all().map { ($0, try RuleEngine.filter(of: $0)) }
        let passes = RuleSweep.passes(rules).map { $0.map(\.0.name) }
        #expect(passes == [["rule 00", "rule 01", "rule 02"], ["rule 03", "rule 04", "rule 05", "rule 06", "rule 07", "rule 08"],
                           ["rule 09", "rule 10", "rule 11", "rule 12"]], "passes: \(passes)")
    }
}
