import FoundationEssentials
import LectorBasics
import LectorStore

/// Feedbin (hosted, or at another address): what it is and can do (`AccountService`).
public struct FeedbinService: AccountService {
    public init() {}

    public var kind: AccountKind { .feedbin }
    public var summary: String { "Feedbin" }
    public var apiName: String { "Feedbin API" }

    public var capabilities: ServiceCapabilities {
        ServiceCapabilities(canEditStructure: true, entriesCarryState: false, foldersCanBeEmpty: false, deletingFolderDeletesFeeds: false,
                            stateBatchLimit: 1_000, contentsBatchLimit: 100)
    }

    /// Hosted Feedbin's API root.
    public var defaultAddress: URL? { URL(string: "https://api.feedbin.com/v2/")! }

    public func apiPaths(for path: String, typed: String, notes: inout [String]) throws(AccountEndpointError) -> [String] {
        [path.hasSuffix("/v2") ? path : path + "/v2"]
    }

    public func checkLogin(_ connection: ServiceConnection, user: String?, secret: String) throws(SyncError) -> ServerInfo {
        try FeedbinClient(connection, user: user ?? "", password: secret).checkAuth()
    }

    public func provider(_ context: ProviderContext) throws(SyncError) -> any SyncProvider {
        FeedbinProvider(connection: try context.connection(), user: context.account.username ?? "", password: context.secret ?? "")
    }

    public func rulePlacement(of filter: FilterExpression, action: RuleAction) -> ServerRulePlacement {
        .local("feedbin's API has no filters")
    }
}
