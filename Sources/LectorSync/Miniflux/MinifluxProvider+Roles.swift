import LectorBasics
import LectorStore

/// The roles Miniflux's API plays beyond the account's verbs, as `MinifluxService` declares them.
extension MinifluxProvider: ServerPulling, FeedEntriesListing, FeedSettingsKeeping, UserFilterKeeping, ServerRefreshing,
                            ServerDiscovering, FeedAddressChanging, EntryImporting, FeedErrorReporting {
    public var roles: ProviderRoles {
        ProviderRoles(pull: self, feedListing: self, feedSettings: self, userFilters: self, serverRefresh: self, discovery: self,
                      addressChange: self, entryImport: self, feedErrors: self)
    }

    /// Miniflux lists each feed's settings with its feeds (a sync reads them): there is no export.
    public func everyFeedSettings() throws(SyncError) -> [String: [FeedSettingKey: String]]? { nil }

    /// A feed keeps its id when its address changes.
    public func feedServerID(_ feed: RemoteFeedReference, movedTo url: String) -> String { feed.serverID }

    /// Into the feed of its address, subscribed where the account has none (`POST .../entries/import`).
    public func importStarred(_ entry: ArchivedEntry, into account: Account, in store: Store,
                              feed: () throws(SyncError) -> String) throws(SyncError) -> Bool {
        try importStarred(entry, intoFeed: try feed())
    }
}
