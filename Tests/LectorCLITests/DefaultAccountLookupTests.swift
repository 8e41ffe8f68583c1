import Foundation
import Testing
@testable import LectorCLI
@testable import LectorStore

/// A name several accounts share is settled by the default account (the one the REPL prompt
/// shows), as kubectl's current context settles a name; a feed named by its URL is found by it.
@Suite("Names settled by the default account")
struct DefaultAccountLookupTests {
    /// "Tide" in Home (the default) and in Work, at the same address, as `account copy` leaves it.
    private func copies(_ home: TestHome) throws -> String {
        let store = try home.store()
        let url = "https://tide.example/feed.xml"
        for name in ["Home", "Work"] {
            let account = try store.accounts.insert(kind: .local, name: name)
            let folder = try store.folders.insert(accountID: account.id, serverID: "News", name: "News")
            _ = try store.feeds.insert(accountID: account.id, folderID: folder.id, serverID: url, title: "Tide", url: url, siteURL: nil)
        }
        _ = try home.run("account", "use", "Home")
        return url
    }

    @Test("a feed title two accounts share names the default account's feed, with a note saying so")
    func titleSettledByDefault() throws {
        let home = TestHome()
        _ = try copies(home)
        let shown = try home.binaryOK(["feed", "show", "Tide"], "feed show of a title in two accounts")
        #expect(shown.stdout.contains("account: Home"), "the default account's feed: \(shown.stdout)")
        #expect(shown.stderr.contains("note:") && shown.stderr.contains("Work") && shown.stderr.contains("--account"),
                "a note says the name was settled by the default and how to name the other: \(shown.stderr)")
        let work = try home.binaryOK(["feed", "show", "Tide", "--account", "Work"], "feed show --account Work")
        #expect(work.stdout.contains("account: Work") && !work.stderr.contains("note:"), "\(work.stdout)\(work.stderr)")
    }

    @Test("a folder name two accounts share lists the default account's folder")
    func folderSettledByDefault() throws {
        let home = TestHome()
        _ = try copies(home)
        let listed = try home.binaryOK(["feed", "list", "--folder", "News", "--json"], "feed list --folder in two accounts")
        let feeds = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(feeds.map { $0["account"] as? String } == ["Home"], "the default account's folder: \(listed.stdout)")
    }

    @Test("a feed named by its URL is found by it, however the URL is spelled, in the default account first")
    func foundByURL() throws {
        let home = TestHome()
        let url = try copies(home)
        let exact = try home.binaryOK(["feed", "show", url], "feed show URL")
        #expect(exact.stdout.contains("account: Home"), "\(exact.stdout)")
        let spelled = try home.binaryOK(["feed", "show", "http://Tide.example/feed.xml/", "--account", "Work"], "feed show URL spelled otherwise")
        #expect(spelled.stdout.contains("account: Work"), "\(spelled.stdout)")
    }

    @Test("a URL that is one feed's address finds that feed even when another feed is titled with it")
    func urlBeforeTitle() throws {
        let home = TestHome()
        let url = try copies(home)
        let store = try home.store()
        let home1 = try #require(try store.accounts.named("Home"))
        _ = try store.feeds.insert(accountID: home1.id, folderID: nil, serverID: "odd", title: url, url: "https://odd.example/rss", siteURL: nil)
        let shown = try home.binaryOK(["feed", "show", url, "--account", "Home"], "feed show URL with a feed titled like it")
        #expect(shown.stdout.contains("url: \(url)"), "the feed at that address: \(shown.stdout)")
    }
}
