import Foundation
import LectorAccounts
import LectorFeeds
import LectorStore
import Testing

@Suite("Importing a list of feeds")
struct FeedImportTests {
    @Test("each feed is subscribed in its folder; a repeat (across http/https) is skipped; a login in an address and a non-web address fail alone")
    func importIntoALocalAccount() throws {
        let home = try AccountManagerTests.Home()
        let account = try home.store.accounts.insert(kind: .local, name: "Mine")
        let entries = [
            OPMLDocument.Feed(title: "One", xmlURL: "https://one.example/feed.xml", folder: "News"),
            OPMLDocument.Feed(title: "One again", xmlURL: "http://one.example/feed.xml"),
            OPMLDocument.Feed(title: "Secret", xmlURL: "https://alice:pw@two.example/feed.xml"),
            OPMLDocument.Feed(title: "Mail", xmlURL: "mailto:someone@example.com"),
        ]
        let result = try home.manager().importFeeds(entries, into: account)
        #expect(result.added == 1 && result.skipped == 1, "one added, its repeat skipped: added \(result.added), skipped \(result.skipped)")
        let causes = result.failures.map { "\($0.entry.title): \($0.cause)" }
        #expect(causes == ["Secret: loginInAddress", "Mail: notAWebAddress"], "the failures: \(causes)")
        let stored = try home.store.feeds.list(accountID: account.id)
        #expect(stored.map { "\($0.feed.url) \($0.folderName ?? "-")" } == ["https://one.example/feed.xml News"], "the store holds \(stored.map(\.feed.url))")
        #expect(!stored.contains { $0.feed.url.contains("pw") }, "a login in an address never reaches the store")
    }
}
