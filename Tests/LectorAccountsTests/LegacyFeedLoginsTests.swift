import Foundation
import LectorAccounts
import LectorKeyring
import LectorStore
import Testing

@Suite("Legacy feed logins move from the stored address into the keyring")
struct LegacyFeedLoginsTests {
    typealias Home = AccountManagerTests.Home

    @Test("a password written into a stored address goes to the keyring and the address keeps none")
    func loginMoves() throws {
        let home = try Home()
        let keyring = LibsecretKeyring()
        let account = try home.store.accounts.insert(kind: .local, name: "Home")
        let feed = try home.store.feeds.insert(accountID: account.id, folderID: nil, serverID: "1", title: "Private",
                                               url: "https://bob:pw-\(UUID().uuidString.prefix(6))@example.com/feed", siteURL: nil)
        let password = String(try #require(URLComponents(string: feed.url)?.password))
        let move = try #require(LegacyFeedLogins.moveToKeyring(home.store, keyring: keyring), "there was a login to move")
        #expect(move.moved == 1 && move.failure == nil, "one login moved, none failed")
        let clean = "https://example.com/feed"
        defer { _ = try? keyring.remove(.feedLogin(feedID: String(feed.id), url: clean, user: "bob")) }
        #expect(try keyring.secret(for: .feedLogin(feedID: String(feed.id), url: clean, user: "bob")) == password,
                "the password must be in the keyring under the clean address")
        #expect(try home.store.feeds.addressesWithLogin().isEmpty, "no stored address may keep a login")
        #expect(LegacyFeedLogins.moveToKeyring(home.store, keyring: keyring) == nil, "a second run has nothing to move")
    }
}
