import FoundationEssentials
import LectorBasics
import LectorFeeds
import LectorStore

/// A local account: no server, Lector fetches the feeds itself (`AccountService`). The store is
/// the whole record; its provider is this machine (`LocalProvider`).
public struct LocalService: AccountService {
    public init() {}

    public var kind: AccountKind { .local }
    public var summary: String { "no server: Lector fetches the feeds itself" }
    public var apiName: String { "local account" }

    public var capabilities: ServiceCapabilities {
        ServiceCapabilities(canEditStructure: true, entriesCarryState: true, foldersCanBeEmpty: true, deletingFolderDeletesFeeds: false,
                            stateBatchLimit: Int.max, contentsBatchLimit: Int.max, canChangeFeedAddress: true, needsUser: false,
                            takesLabels: true, importsEntries: true)
    }

    /// What Lector does itself when it fetches a local account's feeds.
    public var feedSettingKeys: Set<FeedSettingKey> { [.paused, .userAgent] }

    public func apiPaths(for path: String, typed: String, notes: inout [String]) throws(AccountEndpointError) -> [String] {
        throw .noServer
    }

    public func checkLogin(_ connection: ServiceConnection, user: String?, secret: String) throws(SyncError) -> ServerInfo {
        throw .unsupported("a local account has no server to log in to")
    }

    public func provider(_ context: ProviderContext) throws(SyncError) -> any SyncProvider {
        var local = LocalProvider(fetcher: FeedFetcher(http: context.http), credentials: context.feedCredentials)
        local.onlyFeedIDs = context.onlyFeedIDs
        return local
    }

    public func rulePlacement(of filter: FilterExpression, action: RuleAction) -> ServerRulePlacement {
        .local("Lector is this account's server")
    }
}
