import FoundationEssentials
import LectorKeyring
import LectorStore
import LectorSync

/// Feed logins kept in the system keyring as their feeds go and move.
public struct KeyringFeedLogins: FeedLoginKeeper {
    let keyring: any SecretStore

    public init(keyring: any SecretStore) { self.keyring = keyring }

    public func forget(_ feed: Feed) {
        // The feed is gone either way: its removal must not fail because the keyring cannot
        // delete the secret right now (the secret may then stay behind).
        _ = try? keyring.removeAll(feedID: String(feed.id), url: feed.url)
    }

    public func copy(_ feed: Feed, to url: URL) throws(AdministrationError) {
        guard let user = feed.loginUser else { return }
        do {
            // No secret kept (the keyring was reset): nothing to carry; the next fetch asks for a login.
            guard let secret = try keyring.secret(for: .feedLogin(feedID: String(feed.id), url: feed.url, user: user)) else { return }
            try keyring.store(secret, for: .feedLogin(feedID: String(feed.id), url: url.absoluteString, user: user))
        } catch {
            throw .keyring(error.message)
        }
    }
}
