import FoundationEssentials
import LectorBasics
import LectorFeeds
import LectorStore

/// The optional parts of a provider, each a wire capability some services have and others do not.
/// A provider plays a role by conforming to its protocol and handing itself out in `roles`; its
/// descriptor declares the same set (`AccountService.providerRoles`, held equal by
/// ProviderRoleTests), so a role is never a requirement every provider must answer with "does
/// nothing". Generic code takes the role from `provider.roles` (typed, no cast) or, with no
/// provider at hand, asks the descriptor's capabilities.
public enum ProviderRole: String, CaseIterable, Sendable {
    /// Pulls folders, feeds, entries and id sets from a server (`ServerPulling`): every service.
    case pull
    /// Lists one feed's entries (`FeedEntriesListing`).
    case feedListing
    /// Keeps per-feed settings on the server (`FeedSettingsKeeping`).
    case feedSettings
    /// Keeps the user's own entry filters (`UserFilterKeeping`).
    case userFilters
    /// Subscribes several feeds with one request (`BatchSubscribing`).
    case batchSubscribe
    /// Keeps labels on articles (`LabelKeeping`).
    case labels
    /// Fetches feeds now when asked (`ServerRefreshing`).
    case serverRefresh
    /// Looks for feeds at an address itself (`ServerDiscovering`).
    case discovery
    /// Changes a subscription's address in place (`FeedAddressChanging`).
    case addressChange
    /// Takes an entry in from outside, starred (`EntryImporting`).
    case entryImport
    /// Tells its fetcher's errors per feed (`FeedErrorReporting`).
    case feedErrors
}

/// The roles one provider plays, each the provider itself seen through the role's protocol; nil
/// where it plays none.
public struct ProviderRoles: Sendable {
    public var pull: (any ServerPulling)?
    public var feedListing: (any FeedEntriesListing)?
    public var feedSettings: (any FeedSettingsKeeping)?
    public var userFilters: (any UserFilterKeeping)?
    public var batchSubscribe: (any BatchSubscribing)?
    public var labels: (any LabelKeeping)?
    public var serverRefresh: (any ServerRefreshing)?
    public var discovery: (any ServerDiscovering)?
    public var addressChange: (any FeedAddressChanging)?
    public var entryImport: (any EntryImporting)?
    public var feedErrors: (any FeedErrorReporting)?

    public init(pull: (any ServerPulling)? = nil, feedListing: (any FeedEntriesListing)? = nil,
                feedSettings: (any FeedSettingsKeeping)? = nil, userFilters: (any UserFilterKeeping)? = nil,
                batchSubscribe: (any BatchSubscribing)? = nil, labels: (any LabelKeeping)? = nil,
                serverRefresh: (any ServerRefreshing)? = nil, discovery: (any ServerDiscovering)? = nil,
                addressChange: (any FeedAddressChanging)? = nil, entryImport: (any EntryImporting)? = nil,
                feedErrors: (any FeedErrorReporting)? = nil) {
        self.pull = pull
        self.feedListing = feedListing
        self.feedSettings = feedSettings
        self.userFilters = userFilters
        self.batchSubscribe = batchSubscribe
        self.labels = labels
        self.serverRefresh = serverRefresh
        self.discovery = discovery
        self.addressChange = addressChange
        self.entryImport = entryImport
        self.feedErrors = feedErrors
    }

    /// The roles played, as a descriptor declares them.
    public var played: Set<ProviderRole> {
        let present: [(ProviderRole, Bool)] = [
            (.pull, pull != nil), (.feedListing, feedListing != nil), (.feedSettings, feedSettings != nil),
            (.userFilters, userFilters != nil), (.batchSubscribe, batchSubscribe != nil), (.labels, labels != nil),
            (.serverRefresh, serverRefresh != nil), (.discovery, discovery != nil), (.addressChange, addressChange != nil),
            (.entryImport, entryImport != nil), (.feedErrors, feedErrors != nil),
        ]
        return Set(present.filter(\.1).map(\.0))
    }

    /// The role `path` names, or `refusal` when the provider plays none.
    public func required<Role>(_ path: KeyPath<ProviderRoles, Role?>, or refusal: SyncError) throws(SyncError) -> Role {
        guard let role = self[keyPath: path] else { throw refusal }
        return role
    }
}

extension SyncProvider {
    /// The provider as a server to pull from; refused for an account whose feeds are fetched here.
    public func serverPull() throws(SyncError) -> any ServerPulling {
        try roles.required(\.pull, or: .unsupported("a local account has no server to pull from: its feeds are fetched"))
    }

    /// The server's labels on articles; refused where the service keeps none.
    public func labelKeeping() throws(SyncError) -> any LabelKeeping {
        try roles.required(\.labels, or: .unsupported("this service keeps no labels on articles"))
    }
}

// MARK: The roles

/// A server's side of a sync: what the engine pulls (`SyncEngine`). Every service plays it; a
/// local account, whose feeds are fetched here, does not.
public protocol ServerPulling: SyncProvider {
    /// Folders and feeds as the server has them now.
    func structure() throws(SyncError) -> RemoteStructure
    /// Entries published or changed since `since` (nil: everything the server keeps), handed over
    /// page by page so memory stays bounded; `deliver` stores each page before the next is fetched.
    func entries(since: Date?, deliver: (RemoteEntryPage) throws -> Void) throws(SyncError)
    /// Like `entries(since:deliver:)`, but a service that lists ids before contents passes each
    /// page of ids through `unknown`, which keeps those the store lacks, and fetches content only
    /// for them; the others may ignore `unknown`. (A page at a time: the ids of a million-article
    /// account are never all held, on either side.)
    func entries(since: Date?, keepingUnknown unknown: ([String]) throws(SyncError) -> [String],
                 deliver: (RemoteEntryPage) throws -> Void) throws(SyncError)
    /// Entries the service has but this store lacks, by id (GReader-style "ids first, then contents").
    func entries(withIDs ids: [String]) throws(SyncError) -> [RemoteEntry]
    /// The ids of every unread entry. `.partial` when the list was capped or a page failed.
    func unreadIDs() throws(SyncError) -> RemoteIDSet
    /// The ids of every starred entry. `.partial` when the list was capped or a page failed.
    func starredIDs() throws(SyncError) -> RemoteIDSet
    /// `unreadIDs()` handed over a page at a time, so a million ids never sit in memory at once;
    /// returns whether the pages made the complete set. A page that fails throws.
    func unreadIDs(pages: ([String]) throws(SyncError) -> Void) throws(SyncError) -> Bool
    /// `starredIDs()` handed over a page at a time, as `unreadIDs(pages:)`.
    func starredIDs(pages: ([String]) throws(SyncError) -> Void) throws(SyncError) -> Bool
}

/// The paged and id-filtering forms built from the plain ones, for a service with no better call.
extension ServerPulling {
    public func unreadIDs(pages: ([String]) throws(SyncError) -> Void) throws(SyncError) -> Bool {
        try unreadIDs().deliver(to: pages)
    }

    public func starredIDs(pages: ([String]) throws(SyncError) -> Void) throws(SyncError) -> Bool {
        try starredIDs().deliver(to: pages)
    }

    public func entries(since: Date?, keepingUnknown unknown: ([String]) throws(SyncError) -> [String],
                        deliver: (RemoteEntryPage) throws -> Void) throws(SyncError) {
        try entries(since: since, deliver: deliver)
    }
}

/// One feed's entries, with the state each carries, as `entries(since:keepingUnknown:deliver:)`
/// hands them over: for a feed just subscribed, instead of a whole sync.
public protocol FeedEntriesListing: Sendable {
    /// True once the feed's entries were handed over (a service may still find it has no listing
    /// for this feed: false, and the caller syncs the account).
    func feedEntries(_ feedServerID: String, keepingUnknown unknown: ([String]) throws(SyncError) -> [String],
                     deliver: (RemoteEntryPage) throws -> Void) throws(SyncError) -> Bool
}

/// The feed as the server keeps it (see `AccountService.feedSettingFields`).
public protocol FeedSettingsKeeping: Sendable {
    /// The feed's server settings by Lector's key (flags `on`, a secret that is set `set`);
    /// keys at their default are left out.
    func feedSettings(_ feed: FeedSettingsTarget) throws(SyncError) -> [FeedSettingKey: String]
    /// Every feed's server settings with one call, by the feed's address, where the service has
    /// such a call (FreshRSS's export); nil where it lists them otherwise (Miniflux: with its feeds).
    func everyFeedSettings() throws(SyncError) -> [String: [FeedSettingKey: String]]?
    /// Changes the feed's server settings; only keys the kind's service keeps arrive.
    func changeFeedSettings(_ feed: FeedSettingsTarget, _ changes: [FeedSettingChange]) throws(SyncError)
}

/// The user's own entry filters for every feed (Miniflux's block and keep filters of the user).
public protocol UserFilterKeeping: Sendable {
    /// The filters, one `Field=regex` a line.
    func userFilters() throws(SyncError) -> [FeedSettingKey: String]
    /// Changes them (`.blockFilter`, `.keepFilter`).
    func changeUserFilters(_ changes: [FeedSettingKey: String]) throws(SyncError)
}

/// Several subscriptions with one request (`capabilities.subscribeBatchLimit`).
public protocol BatchSubscribing: Sendable {
    /// Subscribes several feeds filed in one folder. Some may not be subscribed without the call
    /// failing: the caller reads the structure back and subscribes the missing ones one by one.
    func subscribe(batch requests: [SubscriptionRequest], folder: String?) throws(SyncError)
}

/// Labels on articles, kept by the server (where `structure()` lists labels).
public protocol LabelKeeping: Sendable {
    /// The ids of every entry that carries `label`, a page at a time.
    func labelledIDs(_ label: String, pages: ([String]) throws(SyncError) -> Void) throws(SyncError)
    /// Puts `label` on entries or takes it off. At most `capabilities.stateBatchLimit` ids per call.
    func setLabel(_ label: String, on: Bool, _ entryIDs: [String]) throws(SyncError)
    /// Renames a label on the server, its entries keeping it.
    func renameLabel(_ label: String, to name: String) throws(SyncError)
    /// Deletes a label on the server, from every entry.
    func deleteLabel(_ label: String) throws(SyncError)
}

/// A server that fetches feeds now when asked.
public protocol ServerRefreshing: Sendable {
    /// Asks the server to fetch these feeds now (nil: all of them); false when it refused to.
    func refreshOnServer(_ feeds: [RemoteFeedReference]?) throws(SyncError) -> Bool
}

/// A server that looks for feeds at an address itself (Miniflux's `POST /v1/discover`).
public protocol ServerDiscovering: Sendable {
    /// The feeds the server finds at `url`; nil when it has no answer for it.
    func discoverOnServer(_ url: URL) throws(SyncError) -> [FeedCandidate]?
}

/// A subscription whose address changes in place, keeping its entries.
public protocol FeedAddressChanging: Sendable {
    /// Points the subscription at `url`; false when this feed could not be moved (the caller then
    /// subscribes anew and drops the old one).
    func changeFeedAddress(_ feed: RemoteFeedReference, to url: String) throws(SyncError) -> Bool
    /// The id `feed` has once its address changed in place to `url`.
    func feedServerID(_ feed: RemoteFeedReference, movedTo url: String) -> String
}

/// An entry taken in from outside, starred (`capabilities.importsEntries`).
public protocol EntryImporting: Sendable {
    /// Takes `entry` in: into the feed of its address, whose server id `feed` gives (subscribing
    /// it where the account has none) when the service needs one; false when the account had the
    /// entry already.
    func importStarred(_ entry: ArchivedEntry, into account: Account, in store: Store,
                       feed: () throws(SyncError) -> String) throws(SyncError) -> Bool
}

/// A server that tells its fetcher's errors (`capabilities.reportsFeedErrors`).
public protocol FeedErrorReporting: Sendable {
    /// The errors by server feed id.
    func feedErrors() throws(SyncError) -> [String: ServerFeedError]
}
