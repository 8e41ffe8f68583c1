import FoundationEssentials
import LectorFeeds
import LectorKeyring
import LectorStore
import LectorSync

/// Feed logins kept in the system keyring as their feeds go and move.
public struct KeyringFeedLogins: FeedLoginKeeper {
    let keyring: any SecretStore

    /// The user stored for a feed whose login is a bearer token, not a user and password.
    public static let tokenUser = "(token)"

    public init(keyring: any SecretStore) { self.keyring = keyring }

    /// The credentials of a stored feed, looked up in the keyring when a fetch needs them. A keyring
    /// that cannot answer means no credentials: the fetch then fails with the feed's own 401,
    /// reported per feed, and no secret is sent anywhere (hence try?).
    public func credentials(for feed: Feed) -> FeedCredentials? {
        guard let user = feed.loginUser,
              let secret = try? keyring.secret(for: .feedLogin(feedID: String(feed.id), url: feed.url, user: user)) else { return nil }
        // The consent to plain http was given for the host the feed is at, and holds only there.
        let consented = feed.plainHTTPHost != nil && feed.plainHTTPHost == URL(string: feed.url)?.host?.lowercased()
        return user == Self.tokenUser ? .bearer(secret, plainHTTPConsented: consented)
            : .basic(user: user, password: secret, plainHTTPConsented: consented)
    }

    public func forget(_ feed: Feed) {
        // The feed is gone either way: its removal must not fail because the keyring cannot
        // delete the secret right now (the secret may then stay behind).
        _ = try? keyring.removeAll(feedID: String(feed.id), url: feed.url)
    }

    public func copy(_ feed: Feed, to url: URL) throws(AdministrationError) {
        var moved = feed
        moved.url = url.absoluteString
        for key in FeedSettingKey.keptInKeyring {
            if let secret = settingSecret(key, of: feed) { try keepSetting(secret, key, of: moved) }
        }
        guard let user = feed.loginUser else { return }
        do {
            // No secret kept (the keyring was reset): nothing to carry; the next fetch asks for a login.
            guard let secret = try keyring.secret(for: .feedLogin(feedID: String(feed.id), url: feed.url, user: user)) else { return }
            try keyring.store(secret, for: .feedLogin(feedID: String(feed.id), url: url.absoluteString, user: user))
        } catch {
            throw .keyring(error.message)
        }
    }

    public func keepSetting(_ secret: String?, _ key: FeedSettingKey, of feed: Feed) throws(AdministrationError) {
        let item = SecretItem.feedSetting(feedID: String(feed.id), url: feed.url, key: key.rawValue)
        do {
            if let secret { try keyring.store(secret, for: item) } else { try keyring.remove(item) }
        } catch {
            throw .keyring(error.message)
        }
    }

    public func settingSecret(_ key: FeedSettingKey, of feed: Feed) -> String? {
        // A keyring that cannot answer keeps nothing to carry; the caller names the key it left out.
        try? keyring.secret(for: .feedSetting(feedID: String(feed.id), url: feed.url, key: key.rawValue))
    }
}
