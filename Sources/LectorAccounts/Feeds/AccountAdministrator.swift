import FoundationEssentials
import LectorBasics
import LectorFeeds
import LectorHTTP
import LectorStore
import LectorSync

/// Administers one account's subscriptions and folders: the server first, then the store
/// follows once the server acknowledged (offline nothing changes). A local account's server is
/// this machine (`LocalProvider`): nothing is sent, and the store's part is the change. The one
/// path the feed and folder commands, `feed apply` and `account copy` share; the CLI only
/// parses, prompts and prints. (NetNewsWire's Account → AccountDelegate.)
public struct AccountAdministrator {
    public let store: Store
    public let account: Account
    /// The account's service, or for a local account `LocalProvider`.
    public let provider: any SyncProvider
    /// Keeps the secrets of feeds behind a login in step with the feeds: gone with a feed, moved
    /// with it. Nil where no feed has a login (services fetch through their server).
    public var logins: (any FeedLoginKeeper)?
    /// The origins (`HTTPOrigin.name`) a feed's login may be carried to when its feed moves there
    /// (a person said yes to that very move): to any other origin a login never moves.
    public var loginMovesConsented: Set<String> = []
    /// How the stars the administrator makes (a copy's, a restore's, a resubscribed feed's) are
    /// made: the account core's `mark`, the one door every mark goes through, handed here by the
    /// core (`AccountManager.administrator(for:)`).
    public var marks: (any ArticleStarring)?

    public init(store: Store, account: Account, provider: any SyncProvider, logins: (any FeedLoginKeeper)? = nil) {
        self.store = store
        self.account = account
        self.provider = provider
        self.logins = logins
    }

    /// True when feeds and folders can be changed (local accounts always; services by their API).
    public var canEditStructure: Bool { provider.capabilities.canEditStructure }

    /// True when deleting a non-empty folder on the server deletes its feeds too (Miniflux).
    public var deletingFolderDeletesFeeds: Bool { provider.capabilities.deletingFolderDeletesFeeds }

    /// Whether the service can subscribe to a feed of this kind (a MIME type or a `FeedFormat`
    /// name): a kind it cannot read is no candidate there.
    public func canSubscribe(toFeedType type: String) -> Bool { provider.reads(feedType: type) }

    /// Refuses early, before anything is fetched or sent, what the service cannot do.
    public func requireEditing(_ verb: String) throws(AdministrationError) {
        guard canEditStructure else { throw .unsupported(kind: account.kind, verb: verb) }
    }

    /// Brings the server's folders and feeds into the store before a plan is made, so the plan
    /// starts from what the server has now: a subscription whose answer was lost last time is
    /// known, not tried again. Nothing for a local account, whose store is the structure.
    public func refreshFromServer() throws(AdministrationError) {
        do { try provider.refreshStructure(of: account, in: store) } catch { throw .server(error) }
    }

    // MARK: Feeds

    /// Refuses a second subscription to the same feed, naming where the first one is.
    public func refuseDuplicate(_ url: URL) throws(AdministrationError) {
        let key = canonicalFeedKey(url)
        let feeds = try storing { try store.feeds.list(accountID: account.id) }
        // A feed kept after it left the server's list is not a subscription there any more.
        let departed = try storing { try store.feeds.leftServer(accountID: account.id) }
        if let twin = feeds.first(where: { !departed.contains($0.feed.id) && URL(string: $0.feed.url).map(canonicalFeedKey) == key }) {
            throw .alreadySubscribed(title: twin.feed.title, folder: twin.folderName, account: account.name)
        }
    }

    /// Subscribes and returns the feed as stored. `checkedForDuplicates`: the caller already
    /// compared against every feed of the account (a plan did), so the store is not read again.
    @discardableResult
    public func subscribe(_ request: SubscriptionRequest, checkedForDuplicates: Bool = false) throws(AdministrationError) -> Feed {
        try subscription(request, checkedForDuplicates: checkedForDuplicates).feed
    }

    /// `subscribe`, saying too whether the server had the subscription already (a retry).
    public func subscription(_ request: SubscriptionRequest, checkedForDuplicates: Bool = false) throws(AdministrationError) -> Subscription {
        try requireEditing("add feeds")
        // Every way in (typed, imported, copied from another account, planned) meets the one rule.
        if let problem = WebAddressRule.problem(request.url.absoluteString) {
            throw .notAWebAddress(feed: request.title ?? request.url.host ?? "the feed", problem: problem)
        }
        if !checkedForDuplicates { try refuseDuplicate(request.url) }
        let key = canonicalFeedKey(request.url)
        let subscribed = { () throws -> FeedListing? in
            try store.feeds.list(accountID: account.id).first { URL(string: $0.feed.url).map(canonicalFeedKey) == key }
        }
        let folders = try storing { try store.folders.list(accountID: account.id).map { RemoteFolder(serverID: $0.folder.serverID, name: $0.folder.name) } }
        guard let subscribedFeed = try change({ () throws(SyncError) in try provider.subscribe(request, among: folders) },
                                              isDone: { try subscribed() != nil }) else {
            return Subscription(feed: try finishSubscription(request, listing: try storing { try subscribed() }), change: .alreadyMade)
        }
        // The server's answer is held to the rule the typed address met: it is never stored otherwise.
        if let problem = WebAddressRule.problem(subscribedFeed.feed.url) {
            throw .notAWebAddress(feed: subscribedFeed.feed.title, problem: problem + "; the server answered with it, and nothing was stored")
        }
        return Subscription(feed: try storing { try storeAcknowledged(subscribedFeed, folderName: request.folder, siteURL: request.knownSiteURL) },
                            change: .made)
    }

    /// A subscription the server had already: the answer to the first try may have been lost
    /// before the folder and title were set, so they are set now.
    private func finishSubscription(_ request: SubscriptionRequest, listing: FeedListing?) throws(AdministrationError) -> Feed {
        guard var feed = listing?.feed else { throw .store(.failed("the subscription the server reports is not in the store")) }
        if let folder = request.folder, listing?.folderName?.equalsIgnoringCase(folder) != true {
            feed.folderID = try move(feed, toFolder: folder).folder.id
        }
        if let title = request.title, title != feed.title {
            try rename(feed, to: title)
            feed.title = title
        }
        return feed
    }

    @discardableResult
    public func rename(_ feed: Feed, to title: String) throws(AdministrationError) -> ServerChange {
        guard !title.trimmingBlanks.isEmpty else { throw .emptyName(what: "new title") }
        try requireEditing("rename feeds")
        var outcome = ServerChange.made
        let reference = try reference(feed)
        if try change({ () throws(SyncError) in try provider.renameFeed(reference, to: title) },
                      isDone: { try listing(of: feed)?.feed.title == title }) == nil {
            outcome = .alreadyMade
        }
        try storing { try store.feeds.update(feed.id, title: title, siteURL: feed.siteURL) }
        return outcome
    }

    /// Files a feed in the folder of that name, created when missing.
    @discardableResult
    public func move(_ feed: Feed, toFolder name: String) throws(AdministrationError) -> FolderPlacement {
        guard !name.trimmingBlanks.isEmpty else { throw .emptyName(what: "folder name") }
        try requireEditing("move feeds")
        var outcome = ServerChange.made
        let reference = try reference(feed)
        if try change({ () throws(SyncError) in try provider.moveFeed(reference, to: name) },
                      isDone: { try listing(of: feed)?.folderName?.equalsIgnoringCase(name) == true }) == nil {
            outcome = .alreadyMade
        }
        var placement = try storing {
            try store.write { db in
                let placement = try folderInStore(named: name)
                try db.feeds.move(feed.id, toFolder: placement.folder.id)
                return placement
            }
        }
        placement.change = outcome
        return placement
    }

    /// Points a feed at its new address. A local account, and a service that can change an
    /// address in place (Miniflux), keep the feed, its articles and their state; the others
    /// subscribe to the new address (same folder and title), star there again what was starred,
    /// and only then drop the old one (see `resubscribe`).
    public func changeAddress(_ feed: Feed, to address: URL) throws(AdministrationError) {
        try requireEditing("change feed addresses")
        // A login in the new address is someone else's (a redirect's Location): never stored.
        let url = HTTPOrigin.withoutUserInfo(address)
        let current = try reference(feed)
        let key = canonicalFeedKey(url)
        // A service keeps one subscription per address: one there already is the one to keep.
        // Feeds Lector fetches itself may share an address, so the store is not asked.
        let existing = try !account.kind.hasServer ? false
            : storing { try store.feeds.list(accountID: account.id) }.contains { URL(string: $0.feed.url).map(canonicalFeedKey) == key }
        if !existing, let mover = provider.roles.addressChange {
            let changedInPlace = try server { () throws(SyncError) in try mover.changeFeedAddress(current, to: url.absoluteString) }
            if changedInPlace {
                return try changeInPlace(feed, to: url, serverID: mover.feedServerID(current, movedTo: url.absoluteString))
            }
        }
        try resubscribe(feed, at: url, folder: current.folder?.name, alreadySubscribed: existing)
    }

    /// Unsubscribes; the feed's articles and its login's secret go with it.
    @discardableResult
    public func unsubscribe(_ feed: Feed) throws(AdministrationError) -> ServerChange {
        try requireEditing("remove feeds")
        var outcome = ServerChange.made
        let reference = try reference(feed)
        do {
            if try change({ () throws(SyncError) in try provider.unsubscribe(reference) }, isDone: { try listing(of: feed) == nil }) == nil {
                outcome = .alreadyMade
            }
        } catch {
            // A feed kept after it left the server's list: a server without it refuses (FreshRSS
            // answers 400), and there is nothing left to take off there.
            guard try storing({ try store.feeds.leftServer(accountID: account.id) }).contains(feed.id) else { throw error }
            outcome = .alreadyMade
        }
        let holders = withSecrets([feed])
        try storing { try store.feeds.remove(feed.id) }
        forgetSecrets(holders)
        return outcome
    }

    /// The feeds whose secrets the keyring may hold (a login, a secret among its server
    /// settings), asked while they are still in the store.
    func withSecrets(_ feeds: [Feed]) -> [Feed] {
        feeds.filter { feed in
            // A store that cannot say: ask the keyring to forget anyway, which is harmless.
            feed.loginUser != nil || ((try? store.feedSettings.settings(feedID: feed.id))?.contains { name, value in
                FeedSettingKey(rawValue: name).map { $0.holdsSecret || $0.carriesSecret(value) } == true
            } ?? true)
        }
    }

    /// Forgets the secrets of feeds that are gone.
    func forgetSecrets(_ feeds: [Feed]) {
        for feed in feeds { logins?.forget(feed) }
    }

    /// Where moving `feed` to `url` would carry its login, when that is another origin (scheme,
    /// host, port) than the one the login was given for; nil when no login leaves its origin.
    public func loginOriginChange(_ feed: Feed, to url: URL) -> LoginOriginChange? {
        guard !account.kind.hasServer, feed.loginUser != nil, let current = URL(string: feed.url), !HTTPOrigin.same(current, url) else { return nil }
        return LoginOriginChange(from: HTTPOrigin.name(current), to: HTTPOrigin.name(url))
    }

    /// The store's part of an address changed in place: a feed Lector fetches itself behind a
    /// login moves with its secret (`moveWithLogin`), any other feed just takes its new address.
    private func changeInPlace(_ feed: Feed, to url: URL, serverID: String) throws(AdministrationError) {
        guard !account.kind.hasServer, feed.loginUser != nil else {
            return try storing { try store.feeds.changeAddress(feed.id, to: url.absoluteString, serverID: serverID) }
        }
        try moveWithLogin(feed, to: url, serverID: serverID)
    }

    /// A local feed behind a login moves with its secret: kept for the new address first (the
    /// feed stays put if it cannot be), dropped for the old one once the store has moved. Never
    /// to plain http on another machine, where the login would cross the network in clear —
    /// unless the user consented to plain http for that very host when adding the feed — and
    /// never to another origin nobody consented to (a redirect alone is no one's consent).
    private func moveWithLogin(_ feed: Feed, to url: URL, serverID: String) throws(AdministrationError) {
        if PlainHTTPRule.wouldExpose(url, consentedHost: feed.plainHTTPHost) {
            throw .loginInClear(feed: feed.title, url: url.absoluteString)
        }
        if let change = loginOriginChange(feed, to: url), !loginMovesConsented.contains(change.to) {
            throw .loginToAnotherOrigin(feed: feed.title, from: change.from, to: change.to)
        }
        try logins?.copy(feed, to: url)
        var moved = feed
        moved.url = url.absoluteString
        do {
            try storing { try store.feeds.changeAddress(feed.id, to: url.absoluteString, serverID: serverID) }
        } catch {
            logins?.forget(moved)
            throw error
        }
        logins?.forget(feed)
    }

    // MARK: Store bookkeeping

    /// The folder of that name in the store, inserted (under the id the service will give it) when missing.
    func folderInStore(named name: String) throws -> FolderPlacement {
        if let existing = try existingFolder(named: name) { return FolderPlacement(folder: existing, created: false, keptLocally: false) }
        let serverID = provider.folderServerID(named: name)
        return FolderPlacement(folder: try store.folders.insert(accountID: account.id, serverID: serverID, name: name), created: true,
                               keptLocally: false)
    }

    /// How the provider names a stored feed: its server id, URL and current folder. The folder
    /// tells the server which label to take off (GReader): a store that cannot say stops the
    /// change rather than sending it without (the feed would keep both labels).
    func reference(_ feed: Feed) throws(AdministrationError) -> RemoteFeedReference {
        let folder = try storing { try store.folders.list(accountID: feed.accountID).first { $0.folder.id == feed.folderID }?.folder }
        return RemoteFeedReference(serverID: feed.serverID, url: feed.url,
                                   folder: folder.map { RemoteFolder(serverID: $0.serverID, name: $0.name) })
    }

    /// Stores a feed the server just acknowledged, with its folder, without waiting for a sync.
    /// A folder new to the store takes the name asked for: services that name folders by a
    /// number (Miniflux categories) would otherwise show the number until the next sync.
    /// `siteURL` stands in for a site address the server did not give. A feed Lector fetches
    /// itself comes with what the caller fetched (its articles, and validators so the first sync
    /// asks conditionally) and its login's user.
    func storeAcknowledged(_ subscribed: SubscribedFeed, folderName: String?, siteURL: String?) throws -> Feed {
        let remote = subscribed.feed
        return try store.write { db in
            var folderID: Int64?
            if let folderServerID = remote.folderServerID {
                // Without a folder asked for, the server filed the feed in one of its own (FreshRSS's default).
                folderID = try db.folders.folder(accountID: account.id, serverID: folderServerID)?.id
                    ?? db.folders.insert(accountID: account.id, serverID: folderServerID,
                                            name: folderName ?? provider.folderName(ofServerID: folderServerID),
                                            fromServer: folderName == nil).id
            }
            var feed = try db.feeds.insert(accountID: account.id, folderID: folderID, serverID: remote.serverID, title: remote.title,
                                              url: remote.url, siteURL: remote.siteURL ?? siteURL,
                                              titleIsPlaceholder: subscribed.titleIsPlaceholder)
            if let fetched = subscribed.fetched {
                try db.sync.applyEntries(accountID: account.id,
                                            fetched.feed.items.map { (feed.id, LocalFeedSync.article($0, feedID: feed.id), false, false) },
                                            protected: [], stateUpdatesExisting: false)
                if let state = fetched.state {
                    try db.fetchMeta.save(StoredFetchMeta(etag: state.etag, lastModified: state.lastModified, bodyHash: state.bodyHash,
                                                             nextFetchAt: state.nextFetchAt, lastFetchedAt: Date().timeIntervalSince1970),
                                             feedID: feed.id)
                }
            }
            if let user = subscribed.loginUser {
                try db.feeds.setLogin(feed.id, user: user)
                feed.loginUser = user
            }
            return feed
        }
    }

    func server<T>(_ body: () throws(SyncError) -> T) throws(AdministrationError) -> T {
        do { return try body() } catch { throw .server(error) }
    }

    /// Sends a change to the server; nil when the server turns out to be in the wanted state
    /// already. Two failures can hide a change the server made: a refusal (the answer to an
    /// earlier try was lost after the server applied it, and a repeat is refused) and an answer
    /// lost or garbled on the way back (the server may have applied this very try). After
    /// either, the server's folders and feeds are read into the store and `isDone` judges; when
    /// it says no, or the structure cannot be read, the failure is the answer.
    func change<T>(_ send: () throws(SyncError) -> T, isDone: () throws -> Bool) throws(AdministrationError) -> T? {
        do { return try send() } catch {
            let failure = error
            guard failure.mayHideAnAppliedChange else { throw .server(failure) }
            do { try refreshFromServer() } catch { throw .server(failure) }
            guard try storing({ try isDone() }) else { throw .server(failure) }
            return nil
        }
    }

    /// The feed as the store has it now (after a refresh from the server), nil once it is gone.
    func listing(of feed: Feed) throws -> FeedListing? {
        try store.feeds.list(accountID: account.id).first { $0.feed.id == feed.id }
    }

    func storing<T>(_ body: () throws -> T) throws(AdministrationError) -> T {
        do { return try body() } catch { throw AdministrationError.storing(error) }
    }
}

/// A feed's login leaving the origin it was given for, as `feed check --fix` asks about it.
public struct LoginOriginChange: Sendable, Equatable {
    public var from: String
    public var to: String

    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }
}

/// Whether the server made a change just now, or was found with it made: the answer to this try
/// or an earlier one was lost after the server applied it, and reading the server back showed it.
public enum ServerChange: Sendable, Equatable {
    case made
    case alreadyMade
}

/// A feed subscribed, and whether the server had it already.
public struct Subscription: Sendable, Equatable {
    public let feed: Feed
    public let change: ServerChange
}
