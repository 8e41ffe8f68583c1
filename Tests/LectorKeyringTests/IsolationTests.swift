import Testing
import LectorKeyring

extension KeyringTests {
    @Suite("items never collide")
    struct Isolation {
        let keyring = LibsecretKeyring()

        @Test("two users of one server keep separate secrets, and removing one leaves the other")
        func twoUsersOneServer() throws {
            let server = "https://rss.example.com"
            let alice = SecretItem.account(id: TestKeyring.uniqueID("acct"), kind: "freshrss", server: server, user: "alice")
            let bob = SecretItem.account(id: TestKeyring.uniqueID("acct"), kind: "freshrss", server: server, user: "bob")
            defer { _ = try? keyring.remove(bob) }
            try keyring.store("alice-pw", for: alice)
            try keyring.store("bob-pw", for: bob)

            #expect(try keyring.secret(for: alice) == "alice-pw", "alice's secret must be her own")
            #expect(try keyring.secret(for: bob) == "bob-pw", "bob's secret must be his own")
            #expect(try keyring.remove(alice), "alice's item must be removable")
            #expect(try keyring.secret(for: bob) == "bob-pw", "removing alice must not remove bob")
        }

        @Test("the same account id with another user is a different item")
        func sameIDOtherUser() throws {
            let id = TestKeyring.uniqueID("acct")
            let alice = SecretItem.account(id: id, kind: "fever", server: "fever.example.com", user: "alice")
            let bob = SecretItem.account(id: id, kind: "fever", server: "fever.example.com", user: "bob")
            defer { _ = try? keyring.removeAll(accountID: id) }
            try keyring.store("alice-pw", for: alice)
            try keyring.store("bob-pw", for: bob)
            #expect(try keyring.secret(for: alice) == "alice-pw", "storing bob must not overwrite alice")
            #expect(try keyring.remove(bob), "bob's item must be removable on its own")
            #expect(try keyring.secret(for: alice) == "alice-pw", "removing bob must leave alice")
        }

        @Test("a feed login and an account with the same id, user and address stay apart")
        func feedLoginVersusAccount() throws {
            let id = TestKeyring.uniqueID("shared")
            let account = SecretItem.account(id: id, kind: "local", server: "https://example.com/feed", user: "dave")
            let login = SecretItem.feedLogin(feedID: id, url: "https://example.com/feed", user: "dave")
            defer { _ = try? keyring.remove(login) }
            try keyring.store("account-pw", for: account)
            #expect(try keyring.secret(for: login) == nil, "an account item must not answer a feed-login lookup")
            try keyring.store("feed-pw", for: login)
            #expect(try keyring.secret(for: account) == "account-pw", "the feed login must not replace the account item")
            #expect(try keyring.remove(account), "the account item must be removable")
            #expect(try keyring.secret(for: login) == "feed-pw", "removing the account item must leave the feed login")
        }
    }
}
