import LectorStore
import LectorSync

extension AccountManager {
    /// The feed setting keys the account's kind keeps.
    public func feedSettingKeys(of account: Account) -> Set<FeedSettingKey> {
        account.kind.service.feedSettingKeys
    }

    /// Changes a feed's server settings: the server first, the store follows.
    public func changeFeedSettings(of feed: Feed, _ changes: [FeedSettingChange], in account: Account) throws(AccountsError) {
        let administrator = try administrator(for: account)
        try administering { () throws(AdministrationError) in try administrator.changeSettings(of: feed, changes) }
    }

    /// Pauses a feed, or fetches a paused one again (`feed pause`, `feed resume`).
    public func setFeedPaused(_ feed: Feed, _ paused: Bool, in account: Account) throws(AccountsError) {
        let administrator = try administrator(for: account)
        try administering { () throws(AdministrationError) in try administrator.setPaused(feed, paused) }
    }

    /// A feed's server settings as the server has them now.
    public func serverFeedSettings(of feed: Feed, in account: Account) throws(AccountsError) -> [FeedSettingKey: String] {
        let administrator = try administrator(for: account)
        return try administering { () throws(AdministrationError) in try administrator.serverSettings(of: feed) }
    }

    /// A feed's server settings as the server last acknowledged them (the store's copy).
    public func storedFeedSettings(of feed: Feed, in account: Account) throws(AccountsError) -> [FeedSettingKey: String] {
        let administrator = try administrator(for: account)
        return try administering { () throws(AdministrationError) in try administrator.storedSettings(of: feed) }
    }

    /// Reads every feed's settings from the server into the store, for a kind whose sync does
    /// not; false when its server keeps none Lector can read.
    public func refreshEveryFeedSettings(of account: Account) throws(AccountsError) -> Bool {
        let administrator = try administrator(for: account)
        return try administering { () throws(AdministrationError) in try administrator.refreshEveryFeedSettings() }
    }
}
