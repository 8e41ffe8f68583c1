import FoundationEssentials
import LectorBasics
import LectorStore

/// What the administrator and the sync ask of a provider beyond the wire calls, as a service's
/// provider answers: the engine drives the server, ids are the names the server is told.
/// `LocalProvider`, which pulls from no server, answers each of them its own way.
extension SyncProvider where Self: ServerPulling {
    public func subscribe(_ request: SubscriptionRequest, among folders: [RemoteFolder]) throws(SyncError) -> SubscribedFeed {
        SubscribedFeed(feed: try subscribe(feedURL: request.url.absoluteString, folder: request.folder, title: request.title))
    }

    public func reads(feedType type: String) -> Bool { true }

    public func folderServerID(named name: String) -> String { name }

    public func folderName(ofServerID id: String) -> String { id }

    public func refreshStructure(of account: Account, in store: Store) throws(SyncError) {
        _ = try SyncEngine(store: store, account: account, provider: self).refreshStructure()
    }

    public func push(_ account: Account, in store: Store, progress: @escaping (SyncProgress) -> Void) throws(SyncError) -> SyncReport? {
        try SyncEngine(store: store, account: account, provider: self, progress: progress).push()
    }

    public func sync(_ account: Account, in store: Store, manual: Bool, since: Date?,
                     progress: @escaping (SyncProgress) -> Void) throws(SyncError) -> AccountSyncResult {
        .pulled(try SyncEngine(store: store, account: account, provider: self, progress: progress).run(since: since))
    }
}

/// A service's starred archive is its `StarredArchiving` answer (every service has one).
extension SyncProvider where Self: StarredArchiving {
    public func starredArchive(of account: Account, in store: Store, page: ([ArchivedEntry]) throws -> Void) throws(SyncError) {
        try starredArchive(page: page)
    }
}

/// A subscription as the provider made it: the feed as the server knows it and, for a feed
/// Lector fetches itself, what the store keeps with it from the start.
public struct SubscribedFeed: Sendable {
    public var feed: RemoteFeed
    /// Lector made the title up (the host): the feed's first fetch names it.
    public var titleIsPlaceholder = false
    /// The feed as the caller fetched it: its articles and validators are stored with it.
    public var fetched: SubscriptionRequest.FetchedFeed?
    /// The user of the feed's login (its secret goes to the keyring).
    public var loginUser: String?

    public init(feed: RemoteFeed, titleIsPlaceholder: Bool = false, fetched: SubscriptionRequest.FetchedFeed? = nil,
                loginUser: String? = nil) {
        self.feed = feed
        self.titleIsPlaceholder = titleIsPlaceholder
        self.fetched = fetched
        self.loginUser = loginUser
    }
}

/// What one sync of an account did: a local account fetched its feeds, a remote one pushed to
/// its server and pulled from it.
public enum AccountSyncResult: Sendable, Equatable {
    case fetched(LocalFeedSync.Report)
    case pulled(SyncReport)
}
