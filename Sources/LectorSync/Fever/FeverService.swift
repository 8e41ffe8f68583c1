import FoundationEssentials
import LectorBasics
import LectorStore

/// A Fever API server: what it is and can do (`AccountService`).
public struct FeverService: AccountService {
    public init() {}

    public var kind: AccountKind { .fever }
    public var summary: String { "a Fever API server (FreshRSS, Miniflux)" }
    public var apiName: String { "Fever API" }

    public var capabilities: ServiceCapabilities {
        ServiceCapabilities(canEditStructure: false, entriesCarryState: true, foldersCanBeEmpty: false, deletingFolderDeletesFeeds: false,
                            stateBatchLimit: 1, contentsBatchLimit: 50)
    }

    public func apiPaths(for path: String, typed: String, notes: inout [String]) throws(AccountEndpointError) -> [String] {
        var path = path
        if path.hasSuffix("/i") {
            // The FreshRSS web interface lives under /i/; its APIs under /api/ beside it.
            path.removeLast(2)
            notes.append("\(typed) is FreshRSS's web address: using its API beside it")
        }
        // FreshRSS serves both APIs: an address of the other one is the wrong kind, not a guess to make.
        if path.hasSuffix("/greader.php") { throw .otherService(typed: typed, kind: FreshRSSService().kind) }
        if path.hasSuffix("/fever.php") || path.hasSuffix("/fever") { return [path] }
        notes.append("trying \(path)/api/fever.php (FreshRSS), then \(path)/fever/ (Miniflux)")
        return [path + "/api/fever.php", path + "/fever"]
    }

    public func checkLogin(_ connection: ServiceConnection, user: String?, secret: String) throws(SyncError) -> ServerInfo {
        try FeverClient(connection, user: user ?? "", password: secret).checkAuth()
    }

    public func provider(_ context: ProviderContext) throws(SyncError) -> any SyncProvider {
        FeverProvider(connection: try context.connection(), user: context.account.username ?? "", password: context.secret ?? "")
    }

    public func rulePlacement(of filter: FilterExpression, action: RuleAction) -> ServerRulePlacement {
        .local("fever's API has no filters")
    }
}
