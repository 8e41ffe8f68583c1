import FoundationEssentials
import LectorBasics
import LectorFeeds
import LectorStore

/// One sync service (GReader, Miniflux, Fever, Feedbin) seen through one model, and a local
/// account's own provider, whose server is this machine (`LocalProvider`). Providers translate;
/// the engine decides. Calls block until the server answers: the CLI is a sequential program
/// and the store belongs to one thread.
public protocol SyncProvider: Sendable {
    /// What this service can and cannot do (its descriptor's, `AccountService.capabilities`);
    /// the engine and the CLI consult it before acting.
    var capabilities: ServiceCapabilities { get }
    /// The optional wire roles it plays (pulling from a server, labels, feed settings, …), as its
    /// descriptor declares them (`AccountService.providerRoles`; see `ProviderRoles`).
    var roles: ProviderRoles { get }

    /// Logs in (or checks the credential) and reports what the server says about itself.
    func login() throws(SyncError) -> ServerInfo

    // MARK: State

    /// Marks entries read or unread. At most `capabilities.stateBatchLimit` ids per call.
    func setRead(_ entryIDs: [String], read: Bool) throws(SyncError)
    /// Stars or unstars entries. At most `capabilities.stateBatchLimit` ids per call. Providers
    /// whose star call is a toggle must read the current state first so a retry cannot undo it.
    func setStarred(_ entryIDs: [String], starred: Bool) throws(SyncError)
    /// Marks read every unread entry of `scope` that reached the server before `before`, those
    /// the store never held included; what arrived later stays unread. One call where the
    /// service has one for the scope; a service that marks by id asks `stored` which of its
    /// unread ids the store holds in the scope from before then, and which it does not hold.
    func markAllRead(_ scope: RemoteReadScope, before: Date, stored: StoredScopeIDs) throws(SyncError)

    // MARK: Subscriptions and folders (only when capabilities.canEditStructure)

    /// Subscribes to a feed URL, filed in `folder` (created when new) with an optional title.
    func subscribe(feedURL: String, folder: String?, title: String?) throws(SyncError) -> RemoteFeed
    func renameFeed(_ feed: RemoteFeedReference, to title: String) throws(SyncError)
    func moveFeed(_ feed: RemoteFeedReference, to folder: String) throws(SyncError)
    /// Files several feeds in one folder, with one request where the service takes several
    /// (FreshRSS: one `ac=edit` with an `s` per feed); default: `moveFeed` for each.
    func moveFeeds(_ feeds: [RemoteFeedReference], to folder: String) throws(SyncError)
    func unsubscribe(_ feed: RemoteFeedReference) throws(SyncError)
    /// Creates a folder and returns it as the server knows it. Where a folder only exists once a
    /// feed is in it (`capabilities.foldersCanBeEmpty` false: GReader, Feedbin) nothing is sent:
    /// the folder comes back with the id it will have, and the caller keeps it locally until then.
    func createFolder(named name: String) throws(SyncError) -> RemoteFolder
    /// Renames a folder on the server and returns it as the server now knows it (some services
    /// name folders by their name, so the id changes too).
    func renameFolder(_ folder: RemoteFolder, to name: String) throws(SyncError) -> RemoteFolder
    func deleteFolder(_ folder: RemoteFolder) throws(SyncError)

    // MARK: The administrator's requests (a server's: SyncProvider+Account.swift)

    /// Whether the service can read a feed of this kind (a MIME type or a `FeedFormat` name).
    func reads(feedType type: String) -> Bool
    /// Subscribes as `request` asks, `folders` being the account's folders as the store has them:
    /// the server's answer, and for a feed Lector fetches itself what the store keeps with it.
    func subscribe(_ request: SubscriptionRequest, among folders: [RemoteFolder]) throws(SyncError) -> SubscribedFeed
    /// The id a new folder named `name` will have on the server, for a folder kept in the store
    /// before the server has it (or while a plan runs): the server's own naming rule.
    func folderServerID(named name: String) -> String
    /// The name to show for a folder the server knows only by `id`, until it says more.
    func folderName(ofServerID id: String) -> String

    // MARK: The account as a whole (a server's: the engine's; a local account fetches its feeds)

    /// Brings the server's folders and feeds into the store.
    func refreshStructure(of account: Account, in store: Store) throws(SyncError)
    /// Sends the account's queued reads and stars, nothing else; nil when there is nowhere to send them.
    func push(_ account: Account, in store: Store, progress: @escaping (SyncProgress) -> Void) throws(SyncError) -> SyncReport?
    /// One sync of the account: `manual` runs ignore backoff and the polling floor, `since` is the
    /// article-age limit of a pull (nil: what the server keeps).
    func sync(_ account: Account, in store: Store, manual: Bool, since: Date?,
              progress: @escaping (SyncProgress) -> Void) throws(SyncError) -> AccountSyncResult
    /// Every starred article of the account with its content, a page at a time, each page handed
    /// over before the next is asked for (a server's from the server, a local account's from the store).
    func starredArchive(of account: Account, in store: Store, page: ([ArchivedEntry]) throws -> Void) throws(SyncError)
}

extension SyncProvider {
    public func moveFeeds(_ feeds: [RemoteFeedReference], to folder: String) throws(SyncError) {
        for feed in feeds { try moveFeed(feed, to: folder) }
    }
}

/// What the server told about itself on login.
public struct ServerInfo: Sendable, Equatable {
    /// e.g. "FreshRSS", "Miniflux 2.1.3", "Feedbin".
    public var name: String
    /// The user as the server knows them, when it says.
    public var user: String?

    public init(name: String, user: String?) {
        self.name = name
        self.user = user
    }
}

/// A folder on the server. For GReader the name is the identity.
public struct RemoteFolder: Sendable, Equatable, Hashable {
    public var serverID: String
    public var name: String

    public init(serverID: String, name: String) {
        self.serverID = serverID
        self.name = name
    }
}

/// Sorts server ids as `PendingScopeReadsTable.sort` does: (in the scope, unknown to the store).
public typealias StoredScopeIDs = ([String]) throws(SyncError) -> (covered: [String], unknown: [String])

/// What a mark-all-read covers, as the server names it.
public enum RemoteReadScope: Sendable, Equatable {
    case feed(serverID: String)
    /// The folder's feeds too, for a service that marks by feed or by id (Feedbin).
    case folder(RemoteFolder, feedServerIDs: [String])
    case account
}

/// A subscription on the server.
public struct RemoteFeed: Sendable, Equatable {
    public var serverID: String
    public var title: String
    public var url: String
    public var siteURL: String?
    /// The folder it is filed in (services with several per feed: the first), nil at root level.
    public var folderServerID: String?
    /// Its server settings, when the service lists them with the feeds (Miniflux: `disabled`,
    /// `hide_globally`, …; secrets as the marker `set`); nil when it does not.
    public var settings: [FeedSettingKey: String]?
    /// Where a FreshRSS that says so shows the feed's articles (`frss:priority` in
    /// `subscription/list`: `important`, `main`, `category`, `feed`); nil where the server does not
    /// say (FreshRSS 1.24.3 and the other services).
    public var serverPriority: String?

    public init(serverID: String, title: String, url: String, siteURL: String?, folderServerID: String?,
                settings: [FeedSettingKey: String]? = nil, serverPriority: String? = nil) {
        self.serverID = serverID
        self.title = title
        self.url = url
        self.siteURL = siteURL
        self.folderServerID = folderServerID
        self.settings = settings
        self.serverPriority = serverPriority
    }
}

/// How administration commands name a feed to a provider: its server id plus what some
/// services also need (the current folder for a GReader move, the URL for Feedbin taggings).
public struct RemoteFeedReference: Sendable, Equatable {
    public var serverID: String
    public var url: String
    public var folder: RemoteFolder?

    public init(serverID: String, url: String, folder: RemoteFolder?) {
        self.serverID = serverID
        self.url = url
        self.folder = folder
    }
}

/// Folders and feeds together, as one snapshot, and the server's labels where it keeps them.
public struct RemoteStructure: Sendable, Equatable {
    public var folders: [RemoteFolder]
    public var feeds: [RemoteFeed]
    /// The labels articles can carry on the server (FreshRSS); nil where it keeps none.
    public var labels: [String]?

    /// Whether the server's feed list leaves out feeds hidden there: a FreshRSS that gives each
    /// feed's `frss:priority` lists only the visible ones (its hidden priority is never listed), so
    /// a feed missing from its list may be hidden rather than unsubscribed.
    public var omitsHiddenFeeds: Bool { feeds.contains { $0.serverPriority != nil } }

    public init(folders: [RemoteFolder], feeds: [RemoteFeed], labels: [String]? = nil) {
        self.folders = folders
        self.feeds = feeds
        self.labels = labels
    }
}

/// One entry as the server sends it. `read` and `starred` are nil where the payload carries no
/// state (Feedbin): such entries stay "unknown" until the id sets arrive.
public struct RemoteEntry: Sendable, Equatable {
    public var serverID: String
    public var feedServerID: String
    public var url: String?
    public var title: String
    public var author: String?
    public let summary: String?
    public let contentHTML: String?
    /// The body as plain text for the search index, made where the entry is decoded: for a
    /// provider that downloads ahead (GReader) that is off the thread that writes the store.
    public let text: String
    public var publishedAt: Date?
    public var updatedAt: Date?
    public var read: Bool?
    public var starred: Bool?

    public init(serverID: String, feedServerID: String, url: String?, title: String, author: String?, summary: String?,
                contentHTML: String?, publishedAt: Date?, updatedAt: Date?, read: Bool?, starred: Bool?) {
        self.serverID = serverID
        self.feedServerID = feedServerID
        self.url = url
        self.title = title
        self.author = author
        self.summary = summary
        self.contentHTML = contentHTML
        self.text = PlainText.from(html: contentHTML ?? summary ?? "")
        self.publishedAt = publishedAt
        self.updatedAt = updatedAt
        self.read = read
        self.starred = starred
    }
}

/// One page of entries and, when the API streams per folder, which folder it belongs to.
public struct RemoteEntryPage: Sendable, Equatable {
    public var entries: [RemoteEntry]
    public var folder: String?

    public init(entries: [RemoteEntry], folder: String? = nil) {
        self.entries = entries
        self.folder = folder
    }
}

/// A set of entry ids from the server. Only a complete set may mark non-members read.
public enum RemoteIDSet: Sendable, Equatable {
    case complete(Set<String>)
    case partial(Set<String>)

    /// Hands the whole set to `page` as one page; whether it is complete.
    func deliver(to page: ([String]) throws(SyncError) -> Void) throws(SyncError) -> Bool {
        switch self {
        case .complete(let ids): try page(Array(ids)); return true
        case .partial(let ids): try page(Array(ids)); return false
        }
    }
}
