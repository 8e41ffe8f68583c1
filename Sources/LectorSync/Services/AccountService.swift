import FoundationEssentials
import LectorBasics
import LectorFeeds
import LectorHTTP
import LectorStore

/// What one kind of account is: a service Lector syncs with, or a local account (whose server is
/// this machine). One descriptor per kind, in the service's own folder (`Miniflux/MinifluxService`,
/// `GReader/FreshRSSService`, …), reached through `AccountServices.service(for:)`. Generic code
/// asks the descriptor, never the kind by name: a new service is its folder plus one registry line.
public protocol AccountService: Sendable {
    /// The kind it serves (its raw value is the stored one).
    var kind: AccountKind { get }
    /// What the service is, in the words `account add --help` and the completions show for KIND.
    var summary: String { get }
    /// The API's name in a sentence ("a Fever API", "a Google Reader API").
    var apiName: String { get }
    /// The secret as the service calls it, for its prompt ("Password", "API token").
    func secretName(user: String?) -> String
    /// What an account of this kind can do: the one set generic code asks.
    var capabilities: ServiceCapabilities { get }
    /// Lector's feed-setting keys the service keeps, by the service's own field names.
    var feedSettingFields: [FeedSettingKey: String] { get }
    /// The keys `feed set` takes for this kind: the fields', and what Lector keeps itself.
    var feedSettingKeys: Set<FeedSettingKey> { get }
    /// The settings an OPML outline carries in the service's own attributes (an export of it read
    /// by `feed apply`); none by default.
    func feedSettings(fromOPML extensions: [String: [String: String]]) -> [FeedSettingKey: String]

    /// The API's base address when none is typed (hosted Feedbin's); nil: `--url` is needed.
    var defaultAddress: URL? { get }
    /// The API paths to try, in order, for the path of the typed address (no trailing slash),
    /// each guess said in `notes`; throws when the address is another service's or this kind has
    /// no server.
    func apiPaths(for path: String, typed: String, notes: inout [String]) throws(AccountEndpointError) -> [String]
    /// Checks a login at one candidate base address, as the service's own clients do: what the
    /// server says of itself.
    func checkLogin(_ connection: ServiceConnection, user: String?, secret: String) throws(SyncError) -> ServerInfo
    /// The provider of an account of this kind.
    func provider(_ context: ProviderContext) throws(SyncError) -> any SyncProvider
    /// Where a rule can run besides here: the form the service's own filters give it, or why it
    /// stays local (the rule dialect; none: `.local` with the reason).
    func rulePlacement(of filter: FilterExpression, action: RuleAction) -> ServerRulePlacement
}

extension AccountService {
    /// The provider roles an account of this kind plays, as the descriptor declares them: its
    /// provider's `roles` hand out exactly these (ProviderRoleTests).
    public var providerRoles: Set<ProviderRole> {
        let can = capabilities
        let declared: [(ProviderRole, Bool)] = [
            (.pull, kind.hasServer), (.feedListing, can.listsFeedEntries), (.feedSettings, !feedSettingFields.isEmpty),
            (.userFilters, can.keepsUserFilters), (.batchSubscribe, can.subscribeBatchLimit > 1), (.labels, can.keepsLabelsOnServer),
            (.serverRefresh, can.refreshesOnServer), (.discovery, can.discoversOnServer), (.addressChange, can.canChangeFeedAddress),
            (.entryImport, can.importsEntries), (.feedErrors, can.reportsFeedErrors),
        ]
        return Set(declared.filter(\.1).map(\.0))
    }

    public var feedSettingKeys: Set<FeedSettingKey> { Set(feedSettingFields.keys) }
    public var feedSettingFields: [FeedSettingKey: String] { [:] }
    public var defaultAddress: URL? { nil }
    public func secretName(user: String?) -> String { "Password" }
    public func feedSettings(fromOPML extensions: [String: [String: String]]) -> [FeedSettingKey: String] { [:] }
}

/// What a provider is made from: the account, its secret from the keyring (a server's), the HTTP
/// client, and for a local account the feeds' logins and the feeds to fetch.
public struct ProviderContext: Sendable {
    public var account: Account
    public var secret: String?
    public var http: HTTPClient
    /// The login of a feed behind one, from the keyring (a local account fetches its feeds).
    public var feedCredentials: @Sendable (Feed) -> FeedCredentials?
    /// Fetch only these feeds (`feed refresh FEED`); nil: every feed. A server fetches on its own.
    public var onlyFeedIDs: Set<Int64>?

    public init(account: Account, secret: String?, http: HTTPClient,
                feedCredentials: @escaping @Sendable (Feed) -> FeedCredentials? = { _ in nil }, onlyFeedIDs: Set<Int64>? = nil) {
        self.account = account
        self.secret = secret
        self.http = http
        self.feedCredentials = feedCredentials
        self.onlyFeedIDs = onlyFeedIDs
    }

    /// The account's server, with the plain-http consent it holds.
    public func connection() throws(SyncError) -> ServiceConnection {
        guard let url = account.url.flatMap(URL.init(string:)) else {
            // The store's record is incomplete: nothing the server said.
            throw .store(.failed("account '\(account.name)' has no server address: remove it and add it again"))
        }
        return ServiceConnection(base: url, http: http, plainHTTPConsented: account.consentsToPlainHTTP(url))
    }
}

/// What an account's service can do, declared once by its descriptor; the engine, the
/// administrator, the account core and the CLI ask it before acting. (Whether the account has a
/// server at all is asked one way: `AccountKind.hasServer`.)
public struct ServiceCapabilities: Sendable, Equatable {
    // MARK: The wire
    /// Feeds and folders can be added, renamed, moved and removed through the API (not Fever).
    public var canEditStructure: Bool
    /// Entries arrive with their read and starred state (not Feedbin).
    public var entriesCarryState: Bool
    /// A folder can exist with no feed in it (not GReader).
    public var foldersCanBeEmpty: Bool
    /// Deleting a folder also deletes its feeds (Miniflux categories).
    public var deletingFolderDeletesFeeds: Bool
    /// Most ids per state-changing call.
    public var stateBatchLimit: Int
    /// Most ids per "entries with ids" call.
    public var contentsBatchLimit: Int
    /// A subscription's address can be changed in place, keeping its entries (Miniflux, a local
    /// account); the others can only subscribe anew (see `changeFeedAddress`).
    public var canChangeFeedAddress: Bool
    /// Most feeds one request subscribes (`subscribe(batch:folder:)`); 1: one at a time.
    public var subscribeBatchLimit: Int

    // MARK: The account
    /// Logging in needs a user name (all but Miniflux, whose API token stands alone).
    public var needsUser: Bool
    /// The server keeps labels on articles that a client can change (FreshRSS's user labels).
    public var keepsLabelsOnServer: Bool
    /// Labels travel into an account of this kind (`account copy`, a restore's starred
    /// articles): where the server keeps them, and a local account, whose labels are its own.
    public var takesLabels: Bool
    /// The server looks for feeds at an address itself (Miniflux's `POST /v1/discover`).
    public var discoversOnServer: Bool
    /// A sync reads the feeds' server settings (Miniflux lists them with its feeds).
    public var readsFeedSettingsInSync: Bool
    /// The user's own entry filters hold for every feed (Miniflux's block and keep filters).
    public var keepsUserFilters: Bool
    /// An entry can be taken in from outside, starred (Miniflux ≥ 2.2.16, a local account).
    public var importsEntries: Bool
    /// The server tells its fetcher's errors per feed (Miniflux's parsing_error_count).
    public var reportsFeedErrors: Bool
    /// The server fetches feeds now when asked (Miniflux's and TT-RSS's refresh calls).
    public var refreshesOnServer: Bool
    /// One feed's entries can be listed alone, for a feed just subscribed (Miniflux, GReader).
    public var listsFeedEntries: Bool

    public init(canEditStructure: Bool, entriesCarryState: Bool, foldersCanBeEmpty: Bool, deletingFolderDeletesFeeds: Bool,
                stateBatchLimit: Int, contentsBatchLimit: Int, canChangeFeedAddress: Bool = false, subscribeBatchLimit: Int = 1,
                needsUser: Bool = true, keepsLabelsOnServer: Bool = false, takesLabels: Bool? = nil, discoversOnServer: Bool = false,
                readsFeedSettingsInSync: Bool = false, keepsUserFilters: Bool = false, importsEntries: Bool = false,
                reportsFeedErrors: Bool = false, refreshesOnServer: Bool = false, listsFeedEntries: Bool = false) {
        self.canEditStructure = canEditStructure
        self.entriesCarryState = entriesCarryState
        self.foldersCanBeEmpty = foldersCanBeEmpty
        self.deletingFolderDeletesFeeds = deletingFolderDeletesFeeds
        self.stateBatchLimit = stateBatchLimit
        self.contentsBatchLimit = contentsBatchLimit
        self.canChangeFeedAddress = canChangeFeedAddress
        self.subscribeBatchLimit = subscribeBatchLimit
        self.needsUser = needsUser
        self.keepsLabelsOnServer = keepsLabelsOnServer
        self.takesLabels = takesLabels ?? keepsLabelsOnServer
        self.discoversOnServer = discoversOnServer
        self.readsFeedSettingsInSync = readsFeedSettingsInSync
        self.keepsUserFilters = keepsUserFilters
        self.importsEntries = importsEntries
        self.reportsFeedErrors = reportsFeedErrors
        self.refreshesOnServer = refreshesOnServer
        self.listsFeedEntries = listsFeedEntries
    }
}
