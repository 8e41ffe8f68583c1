import FoundationEssentials
import LectorAccounts
import LectorKeyring
import LectorStore

/// Feeds an older Lector stored with `user:password@` in their address, a password in the
/// database. The first command that opens the store for writing moves each such password to the
/// keyring (where every other feed login lives) and keeps the address without it; when the
/// keyring cannot take it, the feed is left as it was and the note says why.
enum LegacyFeedLogins {
    /// What was done, as a note for the user; nil when there was nothing to move.
    static func moveToKeyring(_ store: Store, keyring: any SecretStore) -> String? {
        // The store answered when it was opened a moment ago: a failure here only postpones the
        // move to the next command.
        guard let candidates = try? store.feeds.addressesWithLogin(), !candidates.isEmpty else { return nil }
        var moved = 0, failure: String?
        for (id, address) in candidates {
            guard let (bare, user, password) = URL(string: address).flatMap(FeedAddress.loginWrittenIn),
                  let clean = bare?.absoluteString, !user.isEmpty, !password.isEmpty else { continue }
            do {
                try keyring.store(password, for: .feedLogin(feedID: String(id), url: clean, user: user))
            } catch {
                failure = error.message
                break
            }
            do {
                try store.feeds.takeLoginOutOfAddress(id, cleanURL: clean, user: user)
                moved += 1
            } catch {
                // The address keeps its login; the copy just made must not outlive it elsewhere.
                _ = try? keyring.remove(.feedLogin(feedID: String(id), url: clean, user: user))
                failure = error.description
            }
        }
        var notes: [String] = []
        if moved > 0 { notes.append("moved the login of \(moved) feed(s) out of their stored address into the keyring") }
        if let failure { notes.append("a feed keeps a password in its stored address (\(failure)); it is moved to the keyring once that works") }
        return notes.isEmpty ? nil : notes.joined(separator: "; ")
    }
}
