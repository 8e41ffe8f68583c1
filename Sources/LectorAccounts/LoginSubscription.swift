import FoundationEssentials
import LectorKeyring
import LectorStore
import LectorSync

/// A local feed's login as it is subscribed: the secret goes to the keyring under the item the
/// new feed names, and the user's plain-http consent, if any, with the feed.
public struct NewFeedLogin {
    public let secret: String
    public let item: (Feed) -> SecretItem
    public let plainHTTPHost: String?

    public init(secret: String, item: @escaping (Feed) -> SecretItem, plainHTTPHost: String?) {
        self.secret = secret
        self.item = item
        self.plainHTTPHost = plainHTTPHost
    }
}

extension AccountManager {
    /// Subscribes the account to a feed, on its server first (`AccountAdministrator.subscription`);
    /// a local feed's login then goes to the keyring. No
    /// keyring, no feed: a login is never kept anywhere else, so when the keyring (or the
    /// consent's store write) fails the new feed is removed again and that failure is the answer.
    public func subscribe(_ request: SubscriptionRequest, in account: Account, login: NewFeedLogin?) throws(AccountsError) -> Subscription {
        let administrator = try administrator(for: account)
        let subscription: Subscription
        do { subscription = try administrator.subscription(request) } catch { throw .administration(error) }
        defer {
            // A feed Lector fetches itself arrives with its articles: the rules act on them now, as
            // they would had a sync brought them — once the feed is kept, login included. A sweep
            // that fails (a full disk) leaves them in the durable backlog for the next sweep; the
            // subscription stands either way, so its failure is not this command's.
            _ = try? sweepRules(administrator.account, provider: administrator.provider, now: Date())
        }
        guard let login, !administrator.account.kind.hasServer else { return subscription }
        let feed = subscription.feed
        do throws(AccountsError) {
            do { try keyring.store(login.secret, for: login.item(feed)) } catch { throw .keyring(error) }
            if let host = login.plainHTTPHost { try storing { try store.feeds.setPlainHTTPHost(feed.id, host) } }
        } catch {
            // The feed left behind would have no secret anywhere: it goes; the first failure is the one to report.
            try? store.feeds.remove(feed.id)
            throw error
        }
        return subscription
    }
}
