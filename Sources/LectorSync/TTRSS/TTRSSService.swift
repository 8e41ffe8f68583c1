import FoundationEssentials
import LectorBasics
import LectorStore

/// Tiny Tiny RSS through its JSON API (and its web backend for what the API cannot do): what it
/// is and can do (`AccountService`).
public struct TTRSSService: AccountService {
    public init() {}

    public var kind: AccountKind { .ttrss }
    public var summary: String { "Tiny Tiny RSS JSON API (user and password; 'Enable API' on)" }
    public var apiName: String { "Tiny Tiny RSS API" }

    /// Labels live on the server (setArticleLabel); categories can be empty (getCategories with
    /// include_empty); removing a category keeps its feeds, uncategorized (160, 161); getFeeds
    /// gives each feed's `last_error`; subscribeToFeed discovers, by subscribing (TTRSSDiscovery.swift).
    public var capabilities: ServiceCapabilities {
        ServiceCapabilities(canEditStructure: true, entriesCarryState: true, foldersCanBeEmpty: true, deletingFolderDeletesFeeds: false,
                            stateBatchLimit: 500, contentsBatchLimit: 200, keepsLabelsOnServer: true, discoversOnServer: true,
                            reportsFeedErrors: true, refreshesOnServer: true)
    }

    /// The API lives at `/api/` and the web backend at the root: the root is the base.
    public func apiPaths(for path: String, typed: String, notes: inout [String]) throws(AccountEndpointError) -> [String] {
        guard path.hasSuffix("/api") else { return [path] }
        notes.append("dropped /api: TT-RSS's API and web backend are found from its root")
        return [String(path.dropLast(4))]
    }

    public func checkLogin(_ connection: ServiceConnection, user: String?, secret: String) throws(SyncError) -> ServerInfo {
        try TTRSSProvider(connection: connection, user: user ?? "", password: secret).login()
    }

    public func provider(_ context: ProviderContext) throws(SyncError) -> any SyncProvider {
        TTRSSProvider(connection: try context.connection(), user: context.account.username ?? "", password: context.secret ?? "")
    }

    /// TT-RSS's own filters are not reachable through its API: rules run here.
    public func rulePlacement(of filter: FilterExpression, action: RuleAction) -> ServerRulePlacement {
        .local("TT-RSS's own filters are not reachable through its API: the rule runs here")
    }
}
