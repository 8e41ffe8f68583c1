import Foundation
import Testing
@testable import LectorCLI
@testable import LectorStore

/// A list that spans accounts says which account each row is from: copies made by
/// `account copy` are otherwise identical rows.
@Suite("Lists spanning accounts")
struct AccountSpanningListTests {
    /// The same feed with the same article in two accounts, as `account copy` leaves them.
    private func twoCopies(_ home: TestHome) throws {
        for name in ["Home", "Work"] {
            let feed = try home.addFeed(title: "Tide", folder: "News", account: name)
            _ = try home.store().articles.upsert(accountID: feed.accountID, feedID: feed.id,
                                                 IncomingArticle(serverID: "tide-1", url: "https://tide.example/1", title: "High water",
                                                                 text: "the tide"))
        }
    }

    @Test("article list shows an ACCOUNT column when its rows come from more than one account")
    func articleListAccountColumn() throws {
        let home = TestHome()
        try twoCopies(home)
        let plain = try home.run("article", "list", "--plain").split(separator: "\n").filter { $0.contains("High water") }
        #expect(plain.count == 2, "both copies are listed: \(plain)")
        #expect(plain.contains { $0.split(separator: "\t").contains("Home") } && plain.contains { $0.split(separator: "\t").contains("Work") },
                "each copy's row names its account: \(plain)")
        // The plain format has its ACCOUNT column whatever the rows (field 4), so a script's fields never move.
        let oneAccount = try home.run("article", "list", "--account", "Work", "--plain")
        #expect(oneAccount.split(separator: "\t", omittingEmptySubsequences: false).dropFirst(3).first == "Work", "one account's plain list keeps ACCOUNT: \(oneAccount)")
    }

    @Test("a laid-out article list spanning accounts has an ACCOUNT header")
    func laidOutHeader() throws {
        let home = TestHome()
        try twoCopies(home)
        let store = try home.store()
        let articles = try store.articles.list(ArticleQuery(accountID: nil)).filter { $0.title == "High water" }
        let names = Dictionary(uniqueKeysWithValues: try store.accounts.all().map { ($0.id, $0.name) })
        let view = ArticleListView(preferences: try home.session().preferences(), width: 120, palette: Palette(theme: .dark, color: false),
                                   accountNames: names)
        let text = view.render(articles, searching: false)
        #expect(text.split(separator: "\n").first?.contains("ACCOUNT") == true, "header: \(text)")
    }

    @Test("every article in article list --json and article read --json names its account")
    func articleJSONAccount() throws {
        let home = TestHome()
        try twoCopies(home)
        let listed = try home.run("article", "list", "--json")
        let articles = try #require(try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])
        #expect(!articles.isEmpty && articles.allSatisfy { $0["account"] is String }, "an account on every article: \(listed.prefix(400))")
        let accounts = Set(articles.filter { $0["title"] as? String == "High water" }.compactMap { $0["account"] as? String })
        #expect(accounts == ["Home", "Work"], "the two copies name their own accounts: \(accounts)")
        let read = try home.run("article", "read", "1", "--json", "--no-pager")
        let article = try #require(try JSONSerialization.jsonObject(with: Data(read.utf8)) as? [String: Any])
        #expect(article["account"] is String, "article read --json names the account: \(read.prefix(300))")
    }
}
