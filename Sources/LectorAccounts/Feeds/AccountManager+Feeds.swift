import FoundationEssentials
import LectorFeeds
import LectorStore
import LectorSync

extension AccountManager {
    /// Refuses a new subscription before anything is fetched: a service that cannot add feeds,
    /// an address the account is subscribed to already.
    public func checkNewSubscription(to url: URL, in account: Account) throws(AccountsError) {
        let administrator = try administrator(for: account)
        try administering { () throws(AdministrationError) in
            try administrator.requireEditing("add feeds")
            try administrator.refuseDuplicate(url)
        }
    }

    /// The candidates the account's service can subscribe to: a kind of feed it cannot read (a
    /// MIME type or a `FeedFormat` name) is no candidate there.
    public func subscribable(_ found: [FeedFinder.Found], in account: Account) throws(AccountsError) -> [FeedFinder.Found] {
        let administrator = try administrator(for: account)
        return found.filter { administrator.canSubscribe(toFeedType: $0.candidate.type) }
    }

    /// The feeds at `url` for a new subscription, and whether the account's server found them
    /// (`AccountAdministrator.feedCandidates`).
    public func feedCandidates(at url: URL, in account: Account, finder: FeedFinder, credentials: FeedCredentials?,
                               onServer: Bool) throws(FeedLookupError) -> (found: [FeedFinder.Found], byServer: Bool) {
        let administrator: AccountAdministrator
        do throws(AccountsError) { administrator = try self.administrator(for: account) } catch { throw .server(error) }
        return try administrator.feedCandidates(at: url, finder: finder, credentials: credentials, onServer: onServer)
    }

    /// Gives a feed another title, on the server first.
    public func renameFeed(_ feed: Feed, to title: String, in account: Account) throws(AccountsError) -> ServerChange {
        let administrator = try administrator(for: account)
        return try administering { () throws(AdministrationError) in try administrator.rename(feed, to: title) }
    }

    /// Files a feed in the folder of that name (created when missing), on the server first.
    public func moveFeed(_ feed: Feed, toFolder name: String, in account: Account) throws(AccountsError) -> FolderPlacement {
        let administrator = try administrator(for: account)
        return try administering { () throws(AdministrationError) in try administrator.move(feed, toFolder: name) }
    }

    /// Unsubscribes from a feed; its articles and its login's secret go with it.
    public func unsubscribe(_ feed: Feed, in account: Account) throws(AccountsError) -> ServerChange {
        let administrator = try administrator(for: account)
        return try administering { () throws(AdministrationError) in try administrator.unsubscribe(feed) }
    }
}
