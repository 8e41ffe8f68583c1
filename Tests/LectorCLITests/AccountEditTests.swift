import LectorAccounts
import Foundation
import Testing
import LectorKeyring
import LectorTestSupport
@testable import LectorCLI
@testable import LectorStore

/// `account edit`: a server moved to a new host keeps its account, its data and its secret.
@Suite("account edit", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct AccountEditTests {
    /// The same library served by two FreshRSS emulators: the old host and the new one.
    private func library() -> FeedStore {
        let feeds = FeedStore()
        let news = feeds.addFeed(title: "Harbour News", feedURL: "https://harbour.example/feed.xml", siteURL: "https://harbour.example/", folder: "News")
        feeds.addItem(feed: news, title: "Tide table", url: "https://harbour.example/1", content: "<p>High water</p>",
                      published: Int64(Date().timeIntervalSince1970) - 3_600)
        return feeds
    }

    @Test("--url moves the account to a new host: the login is checked there, data and secret stay, the next sync goes to the new host")
    func moveToNewHost() throws {
        let feeds = library()
        let old = try ServiceUnderTest.start("freshrss", feeds: feeds)
        let moved = try ServiceUnderTest.start("freshrss", feeds: feeds)
        let home = TestHome()
        try home.binaryOK(old.addArguments(name: "Server"), stdin: old.secret + "\n", "account add")
        try home.binaryOK(["sync"], "first sync")
        let before = try #require(try home.store().accounts.named("Server"))
        let articles = try home.store().articles.count(accountID: before.id)
        try #require(articles > 0, "the first sync stored articles")

        let edited = try home.binaryOK(["account", "edit", "Server", "--url", moved.server.baseURL.absoluteString], "account edit --url")
        #expect(edited.stdout.contains(moved.server.baseURL.host ?? "127.0.0.1"), "says where the account is now: \(edited.stdout)")
        let after = try #require(try home.store().accounts.named("Server"))
        #expect(after.id == before.id && after.url != before.url && after.url?.hasPrefix(moved.server.baseURL.absoluteString) == true,
                "the same account, at the new address: \(after.url ?? "nil")")
        #expect(try home.store().articles.count(accountID: after.id) == articles, "the account's articles stay")
        #expect(try LibsecretKeyring().secret(for: AccountSecret.item(for: after)) == old.secret, "the secret is kept under the new address")
        #expect(try LibsecretKeyring().secret(for: AccountSecret.item(for: before)) == nil, "nothing is left under the old address")
        let requestsBefore = moved.server.requests.count
        try home.binaryOK(["sync"], "sync after the move")
        #expect(moved.server.requests.count > requestsBefore, "the sync went to the new host")
    }

    @Test("--name renames; a local account takes no --url or --user; a new host nobody answers at changes nothing")
    func nameAndRefusals() throws {
        let service = try ServiceUnderTest.start("freshrss", feeds: library())
        let home = TestHome()
        try home.binaryOK(service.addArguments(name: "Server"), stdin: service.secret + "\n", "account add")
        try home.binaryOK(["account", "edit", "Server", "--name", "Home"], "account edit --name")
        #expect(try home.store().accounts.named("Home") != nil && home.store().accounts.named("Server") == nil, "renamed")
        _ = try home.run("account", "add", "local", "--name", "Shelf")
        let local = try home.binary(["account", "edit", "Shelf", "--url", "https://example.org/"])
        #expect(local.status == 2, "a local account has no server: \(local.stderr)")
        let before = try #require(try home.store().accounts.named("Home"))
        let down = try home.binary(["account", "edit", "Home", "--url", "http://127.0.0.1:9/"])
        #expect(down.status == 6, "nobody answers there: a network failure: \(down.status) \(down.stderr)")
        #expect(try home.store().accounts.named("Home")?.url == before.url, "the address is unchanged")
        #expect(try LibsecretKeyring().secret(for: AccountSecret.item(for: before)) == service.secret, "the secret is where it was")
        let nothing = try home.binary(["account", "edit", "Home"])
        #expect(nothing.status == 2, "an edit that names nothing to change is a usage error: \(nothing.stderr)")
    }
}
