import FoundationEssentials
import LectorKeyring
import LectorStore

/// Feeds an older Lector stored with `user:password@` in their address, a password in the
/// database. The first command that opens the store for writing moves each such password to the
/// keyring (where every other feed login lives) and keeps the address without it; when the
/// keyring cannot take it, the feed is left as it was and the move is tried again next time.
public enum LegacyFeedLogins {
    /// What a move did: how many logins moved, and why one could not (nil: none failed).
    public struct Move: Sendable, Equatable {
        public let moved: Int
        public let failure: AccountsError?
    }

    /// Moves every login written in a stored address; nil when there was nothing to move.
    public static func moveToKeyring(_ store: Store, keyring: any SecretStore) -> Move? {
        // The store answered when it was opened a moment ago: a failure here only postpones the
        // move to the next command.
        guard let candidates = try? store.feeds.addressesWithLogin(), !candidates.isEmpty else { return nil }
        var moved = 0, failure: AccountsError?
        for (id, address) in candidates {
            guard let (bare, user, password) = URL(string: address).flatMap(AddressLogin.takenOut),
                  let clean = bare?.absoluteString, !user.isEmpty, !password.isEmpty else { continue }
            do {
                try keyring.store(password, for: .feedLogin(feedID: String(id), url: clean, user: user))
            } catch {
                failure = .keyring(error)
                break
            }
            do {
                try store.feeds.takeLoginOutOfAddress(id, cleanURL: clean, user: user)
                moved += 1
            } catch {
                // The address keeps its login; the copy just made must not outlive it elsewhere.
                _ = try? keyring.remove(.feedLogin(feedID: String(id), url: clean, user: user))
                failure = .store(error)
            }
        }
        return moved == 0 && failure == nil ? nil : Move(moved: moved, failure: failure)
    }
}
