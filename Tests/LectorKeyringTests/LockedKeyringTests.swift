import Foundation
import Testing
import LectorKeyring

extension KeyringTests {
    /// Locking pulls the keyring from under every other test that uses it, so this runs on its own:
    /// scripts/test.sh runs it last with LECTOR_KEYRING_LOCK_TESTS=1.
    @Suite("a locked keyring", .enabled(if: Command.exists("gdbus"), "gdbus is not installed (Debian: libglib2.0-bin)"),
           .enabled(if: ProcessInfo.processInfo.environment["LECTOR_KEYRING_LOCK_TESTS"] == "1",
                    "locks the keyring: runs on its own, last, in scripts/test.sh"))
    struct Locked {
        let keyring = LibsecretKeyring()

        @Test("store, lookup and remove report .locked (never 'not found'), and all works again once unlocked")
        func lockedThenUnlocked() throws {
            let item = SecretItem.account(id: TestKeyring.uniqueID("acct"), kind: "feedbin", server: "api.feedbin.com", user: "gina")
            let neverStored = SecretItem.feedLogin(feedID: TestKeyring.uniqueID("feed"), url: "https://x.example/feed", user: "gina")
            try keyring.store("stored-before-lock", for: item)
            defer {
                if keyring.status() != .available { try? TestKeyring.unlock() }
                _ = try? keyring.remove(item)
            }

            try TestKeyring.lock()
            #expect(keyring.status() == .unavailable(.locked), "status must say locked")
            #expect(throws: KeyringError.locked, "a lookup of an existing item must report locked") {
                try keyring.secret(for: item)
            }
            #expect(throws: KeyringError.locked, "a lookup of a missing item must report locked, not nil") {
                try keyring.secret(for: neverStored)
            }
            #expect(throws: KeyringError.locked, "remove must report locked, not 'nothing deleted'") {
                try keyring.remove(item)
            }
            #expect(throws: KeyringError.locked, "removeAll must report locked") {
                try keyring.removeAll(accountID: "anything")
            }
            let secret = "while-locked-SENTINEL-7c1e"
            do {
                try keyring.store(secret, for: neverStored)
                Issue.record("storing into a locked keyring must fail")
            } catch {
                #expect(error == .locked, "store must report locked, got \(error)")
                #expect(!error.message.contains(secret), "the error message must not contain the secret")
            }

            try TestKeyring.unlock()
            #expect(keyring.status() == .available, "status must say available after unlocking")
            #expect(try keyring.secret(for: item) == "stored-before-lock",
                    "the item must have survived the remove attempted while locked")
            try keyring.store("after-unlock", for: neverStored)
            #expect(try keyring.secret(for: neverStored) == "after-unlock", "store must work again in the same process")
            #expect(try keyring.remove(neverStored), "remove must work again in the same process")
        }
    }
}
