import Testing
import LectorKeyring

extension KeyringTests {
    @Suite("store, look up, replace, remove")
    struct RoundTrip {
        let keyring = LibsecretKeyring()

        @Test("a stored secret comes back, a second store replaces it, and remove deletes it")
        func roundTrip() throws {
            let item = SecretItem.account(
                id: TestKeyring.uniqueID("acct"), kind: "freshrss", server: "https://rss.example.com", user: "alice")
            #expect(try keyring.secret(for: item) == nil, "a fresh item must not exist yet")

            try keyring.store("first-password", for: item)
            #expect(try keyring.secret(for: item) == "first-password", "lookup must return what was stored")

            try keyring.store("second-password", for: item)
            #expect(try keyring.secret(for: item) == "second-password", "storing again must replace the secret")

            #expect(try keyring.remove(item), "remove must report that it deleted the item")
            #expect(try keyring.secret(for: item) == nil, "a removed item must be gone")
            #expect(try keyring.remove(item) == false, "removing a missing item must report nothing deleted")
        }

        @Test("secrets keep non-ASCII text, spaces and an empty string intact")
        func unusualSecrets() throws {
            let item = SecretItem.feedLogin(
                feedID: TestKeyring.uniqueID("feed"), url: "https://blog.example.com/feed.xml", user: "bøb")
            defer { _ = try? keyring.remove(item) }
            for secret in ["pässwörd mit Leerzeichen ☂︎", "", String(repeating: "k", count: 4096)] {
                try keyring.store(secret, for: item)
                #expect(try keyring.secret(for: item) == secret, "secret of \(secret.count) characters changed in the keyring")
            }
        }

        @Test("removeAll(accountID:) deletes every item of that account and no other")
        func removeAllOfAccount() throws {
            let id = TestKeyring.uniqueID("acct"), otherID = TestKeyring.uniqueID("acct")
            let old = SecretItem.account(id: id, kind: "miniflux", server: "mf.example.com", user: "old-name")
            let new = SecretItem.account(id: id, kind: "miniflux", server: "mf.example.com", user: "new-name")
            let other = SecretItem.account(id: otherID, kind: "miniflux", server: "mf.example.com", user: "old-name")
            defer { _ = try? keyring.remove(other) }
            for item in [old, new, other] { try keyring.store("pw", for: item) }

            #expect(try keyring.removeAll(accountID: id), "removeAll must report deleting the account's items")
            #expect(try keyring.secret(for: old) == nil, "the account's first item must be gone")
            #expect(try keyring.secret(for: new) == nil, "the account's second item must be gone")
            #expect(try keyring.secret(for: other) == "pw", "another account's item must survive")
            #expect(try keyring.removeAll(accountID: id) == false, "a second removeAll finds nothing")
        }

        @Test("removeAll(feedID:url:) deletes the feed's logins and leaves accounts and another store's feed of that id alone")
        func removeAllOfFeed() throws {
            let feedID = TestKeyring.uniqueID("feed")
            let login = SecretItem.feedLogin(feedID: feedID, url: "https://private.example.com/rss", user: "carol")
            let account = SecretItem.account(id: feedID, kind: "local", server: "private.example.com", user: "carol")
            // The same feed id in another store (another LECTOR_HOME), for another address.
            let otherStore = SecretItem.feedLogin(feedID: feedID, url: "https://elsewhere.example.com/rss", user: "carol")
            defer {
                _ = try? keyring.remove(account)
                _ = try? keyring.remove(otherStore)
            }
            try keyring.store("feed-pw", for: login)
            try keyring.store("account-pw", for: account)
            try keyring.store("other-pw", for: otherStore)

            #expect(try keyring.removeAll(feedID: feedID, url: "https://private.example.com/rss"), "removeAll must delete the feed login")
            #expect(try keyring.secret(for: login) == nil, "the feed login must be gone")
            #expect(try keyring.secret(for: account) == "account-pw", "an account item must not be touched")
            #expect(try keyring.secret(for: otherStore) == "other-pw", "another store's feed with the same id must keep its login")
        }
    }
}
