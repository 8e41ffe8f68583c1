import FoundationEssentials
import LectorBasics
import LectorStore

/// Miniflux through its REST API: what it is and can do (`AccountService`).
public struct MinifluxService: AccountService {
    public init() {}

    public var kind: AccountKind { .miniflux }
    public var summary: String { "Miniflux REST API (API token, or user and password)" }
    public var apiName: String { "Miniflux API" }

    public var capabilities: ServiceCapabilities {
        ServiceCapabilities(canEditStructure: true, entriesCarryState: true, foldersCanBeEmpty: true, deletingFolderDeletesFeeds: true,
                            stateBatchLimit: 1_000, contentsBatchLimit: 100, canChangeFeedAddress: true, needsUser: false,
                            discoversOnServer: true, readsFeedSettingsInSync: true, keepsUserFilters: true, importsEntries: true,
                            reportsFeedErrors: true, refreshesOnServer: true, listsFeedEntries: true)
    }

    /// Miniflux's `PUT /v1/feeds/{id}` fields (miniflux 044–088).
    public var feedSettingFields: [FeedSettingKey: String] { Self.fields }
    static let fields: [FeedSettingKey: String] = [
        .paused: "disabled", .hideGlobally: "hide_globally", .fullContent: "crawler", .contentSelector: "scraper_rules",
        .rewriteRules: "rewrite_rules", .urlRewriteRules: "urlrewrite_rules", .blockRules: "blocklist_rules",
        .keepRules: "keeplist_rules", .blockFilter: "block_filter_entry_rules", .keepFilter: "keep_filter_entry_rules",
        .userAgent: "user_agent", .cookie: "cookie", .proxy: "proxy_url", .fetchViaProxy: "fetch_via_proxy",
        .ignoreHTTPCache: "ignore_http_cache", .ignoreEntryUpdates: "ignore_entry_updates", .noMediaPlayer: "no_media_player",
        .allowSelfSigned: "allow_self_signed_certificates", .disableHTTP2: "disable_http2",
    ]
    /// Its login (`username`/`password` of the feed) is two fields, one Lector key.
    public var feedSettingKeys: Set<FeedSettingKey> { Set(Self.fields.keys).union([.serverLogin]) }

    public func secretName(user: String?) -> String { user == nil ? "API token" : "Password" }

    public func apiPaths(for path: String, typed: String, notes: inout [String]) throws(AccountEndpointError) -> [String] {
        guard path.hasSuffix("/v1") else { return [path] }
        notes.append("dropped /v1: the API version is added per request")
        return [String(path.dropLast(3))]
    }

    public func checkLogin(_ connection: ServiceConnection, user: String?, secret: String) throws(SyncError) -> ServerInfo {
        try MinifluxClient(connection, user: user, secret: secret).me()
    }

    public func provider(_ context: ProviderContext) throws(SyncError) -> any SyncProvider {
        MinifluxProvider(connection: try context.connection(), user: context.account.username, secret: context.secret ?? "")
    }

    public func rulePlacement(of filter: FilterExpression, action: RuleAction) -> ServerRulePlacement {
        MinifluxRuleDialect.placement(filter, action: action)
    }
}
