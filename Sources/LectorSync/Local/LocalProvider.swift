import FoundationEssentials
import LectorBasics
import LectorFeeds
import LectorStore

/// The provider of a local account, whose server is this machine: the store is the only record
/// of its feeds and folders, so an administration call has nothing to send (the administrator's
/// store bookkeeping after it is the change), and a sync fetches the feeds (`LocalFeedSync`).
/// Nothing is pulled from it: it plays no `ServerPulling` role, so the engine never drives it.
public struct LocalProvider: SyncProvider, FeedAddressChanging, EntryImporting {
    public var capabilities: ServiceCapabilities { LocalService().capabilities }
    /// A feed's address changes in place, and the store takes articles in.
    public var roles: ProviderRoles { ProviderRoles(addressChange: self, entryImport: self) }
    let fetcher: FeedFetcher
    /// The login of a feed behind one, from the keyring.
    let credentials: @Sendable (Feed) -> FeedCredentials?
    /// Fetch only these feeds (`feed refresh FEED`); nil: every feed of the account.
    public var onlyFeedIDs: Set<Int64>?

    public init(fetcher: FeedFetcher, credentials: @escaping @Sendable (Feed) -> FeedCredentials? = { _ in nil }) {
        self.fetcher = fetcher
        self.credentials = credentials
    }

    public func login() throws(SyncError) -> ServerInfo { ServerInfo(name: "Lector (local)", user: nil) }

    // MARK: State: the store's state is the only truth, there is nowhere to send it.

    public func setRead(_ entryIDs: [String], read: Bool) throws(SyncError) {}
    public func setStarred(_ entryIDs: [String], starred: Bool) throws(SyncError) {}
    public func markAllRead(_ scope: RemoteReadScope, before: Date, stored: StoredScopeIDs) throws(SyncError) {}

    // MARK: Administration: the store is the server, so there is nothing to send.

    /// The feed under its address (a local feed's id), titled as asked, else by the fetched
    /// feed, else by its host until its first fetch; filed in the folder of that name.
    public func subscribe(feedURL: String, folder: String?, title: String?) throws(SyncError) -> RemoteFeed {
        RemoteFeed(serverID: feedURL, title: title ?? URL(string: feedURL)?.host ?? feedURL, url: feedURL, siteURL: nil, folderServerID: folder.map(folderServerID))
    }

    /// As `subscribe(feedURL:folder:title:)`, the folder found by name (any case) among the
    /// store's, and what was fetched and the login kept with the feed.
    public func subscribe(_ request: SubscriptionRequest, among folders: [RemoteFolder]) throws(SyncError) -> SubscribedFeed {
        let title = request.localTitle
        var feed = try subscribe(feedURL: request.url.absoluteString, folder: request.folder, title: title.title)
        if let name = request.folder, let existing = folders.first(where: { $0.name.equalsIgnoringCase(name) }) {
            feed.folderServerID = existing.serverID
        }
        feed.siteURL = request.knownSiteURL
        return SubscribedFeed(feed: feed, titleIsPlaceholder: title.isPlaceholder, fetched: request.fetched, loginUser: request.loginUser)
    }

    /// Any feed: Lector fetches it, whatever it turns out to be.
    public func reads(feedType type: String) -> Bool { true }

    /// A folder is known by its name: nothing outside the store names it.
    public func folderServerID(named name: String) -> String { name }

    public func folderName(ofServerID id: String) -> String { id }

    public func renameFeed(_ feed: RemoteFeedReference, to title: String) throws(SyncError) {}
    public func moveFeed(_ feed: RemoteFeedReference, to folder: String) throws(SyncError) {}
    public func unsubscribe(_ feed: RemoteFeedReference) throws(SyncError) {}

    /// Always in place: the feed, its articles and their state stay.
    public func changeFeedAddress(_ feed: RemoteFeedReference, to url: String) throws(SyncError) -> Bool { true }

    /// A local feed's id is its address.
    public func feedServerID(_ feed: RemoteFeedReference, movedTo url: String) -> String { url }

    public func createFolder(named name: String) throws(SyncError) -> RemoteFolder {
        RemoteFolder(serverID: folderServerID(named: name), name: name)
    }

    /// The id stays what it was: nothing outside the store knows the folder.
    public func renameFolder(_ folder: RemoteFolder, to name: String) throws(SyncError) -> RemoteFolder {
        RemoteFolder(serverID: folder.serverID, name: name)
    }

    public func deleteFolder(_ folder: RemoteFolder) throws(SyncError) {}

    // MARK: The account as a whole

    /// The store is the structure: there is nothing to bring in.
    public func refreshStructure(of account: Account, in store: Store) throws(SyncError) {}

    /// Reads and stars are the store's alone.
    public func push(_ account: Account, in store: Store, progress: @escaping (SyncProgress) -> Void) throws(SyncError) -> SyncReport? {
        nil
    }

    /// The account's starred articles as the store holds them: the store is the archive.
    public func starredArchive(of account: Account, in store: Store, page: ([ArchivedEntry]) throws -> Void) throws(SyncError) {
        try StoredStarredArchive(store: store, account: account).starredArchive(page: page)
    }

    /// Re-creates the entry in the store, in the feed of its address (made when the account has
    /// none; nothing to subscribe anywhere, so `feed` is not asked).
    public func importStarred(_ entry: ArchivedEntry, into account: Account, in store: Store,
                              feed: () throws(SyncError) -> String) throws(SyncError) -> Bool {
        guard try StoredStarredArchive(store: store, account: account).recreate(entry) else {
            throw .rejected("its feed has no address")
        }
        return true
    }

    /// Fetches every feed of the account; no age limit applies (`since` is a pull's).
    public func sync(_ account: Account, in store: Store, manual: Bool, since: Date?,
                     progress: @escaping (SyncProgress) -> Void) throws(SyncError) -> AccountSyncResult {
        var run = LocalFeedSync(store: store, account: account, fetcher: fetcher, credentials: credentials, progress: progress)
        run.onlyFeedIDs = onlyFeedIDs
        return .fetched(try run.run(manual: manual))
    }
}
