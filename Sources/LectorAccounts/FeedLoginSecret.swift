import LectorKeyring
import LectorStore

extension AccountManager {
    /// Keeps a feed's login once the feed accepted it (`feed password`): the secret in the keyring
    /// first, then the feed's user and plain-http consent in one transaction, then the secret kept
    /// under a former user deleted.
    public func saveFeedLogin(_ feed: Feed, user: String, secret: String, plainHTTPHost: String?) throws(AccountsError) {
        do {
            try keyring.store(secret, for: .feedLogin(feedID: String(feed.id), url: feed.url, user: user))
        } catch {
            throw .keyring(error)
        }
        try storing {
            try store.write { db in
                try db.feeds.setLogin(feed.id, user: user)
                try db.feeds.setPlainHTTPHost(feed.id, plainHTTPHost)
            }
        }
        if let former = feed.loginUser, former != user {
            // No longer the one sent: one the keyring cannot delete right now only lingers unused.
            _ = try? keyring.remove(.feedLogin(feedID: String(feed.id), url: feed.url, user: former))
        }
    }
}
