import FoundationEssentials
import LectorBasics
import LectorFeeds
import LectorStore

/// FreshRSS, or another server with the Google Reader API: what it is and can do (`AccountService`).
public struct FreshRSSService: AccountService {
    public init() {}

    public var kind: AccountKind { .freshrss }
    public var summary: String { "FreshRSS or another Google Reader API server (also Miniflux's GReader endpoint)" }
    public var apiName: String { "Google Reader API" }

    public var capabilities: ServiceCapabilities {
        ServiceCapabilities(canEditStructure: true, entriesCarryState: true, foldersCanBeEmpty: false, deletingFolderDeletesFeeds: false,
                            stateBatchLimit: 1_000, contentsBatchLimit: 250, subscribeBatchLimit: 50, keepsLabelsOnServer: true,
                            listsFeedEntries: true)
    }

    /// FreshRSS's `frss:` attributes of `subscription/export`/`import` (freshrss-admin 05–14).
    public var feedSettingFields: [FeedSettingKey: String] { Self.fields }
    static let fields: [FeedSettingKey: String] = [
        .contentSelector: "cssFullContent", .contentRemove: "cssFullContentFilter", .markReadFilters: "filtersActionRead",
        .userAgent: "CURLOPT_USERAGENT", .cookie: "CURLOPT_COOKIE", .proxy: "CURLOPT_PROXY", .httpHeaders: "CURLOPT_HTTPHEADER",
    ]

    /// FreshRSS's Google Reader API takes the API password of the user's profile, not the
    /// password of its web page.
    public func secretName(user: String?) -> String { "API password" }

    /// FreshRSS's per-feed settings in OPML (`frss:`; its importer reads them by that prefix).
    static let opmlNamespace = "https://freshrss.org/opml"

    /// FreshRSS's `frss:` attributes of its `subscription/export`, by their Lector names (its
    /// `CURLOPT_COOKIE` too: it is the file's own).
    public func feedSettings(fromOPML extensions: [String: [String: String]]) -> [FeedSettingKey: String] {
        var settings: [FeedSettingKey: String] = [:]
        for (name, value) in extensions[Self.opmlNamespace] ?? [:] {
            if let key = Self.fields.first(where: { $0.value == name })?.key { settings[key] = value }
        }
        return settings
    }

    public func apiPaths(for path: String, typed: String, notes: inout [String]) throws(AccountEndpointError) -> [String] {
        var path = path
        if path.hasSuffix("/i") {
            // The FreshRSS web interface lives under /i/; its APIs under /api/ beside it.
            path.removeLast(2)
            notes.append("\(typed) is FreshRSS's web address: using its API beside it")
        }
        // FreshRSS serves both APIs: an address of the other one is the wrong kind, not a guess to make.
        if path.hasSuffix("/fever.php") { throw .otherService(typed: typed, kind: FeverService().kind) }
        if path.hasSuffix("/greader.php") { return [path] }
        if path.hasSuffix("/api") {
            notes.append("added greader.php to the /api path")
            return [path + "/greader.php"]
        }
        // FreshRSS answers under /api/greader.php; Miniflux's GReader API sits at its root.
        notes.append("trying \(path)/api/greader.php (FreshRSS), then \(path.isEmpty ? "/" : path) (Miniflux and others)")
        return [path + "/api/greader.php", path]
    }

    public func checkLogin(_ connection: ServiceConnection, user: String?, secret: String) throws(SyncError) -> ServerInfo {
        try GReaderSession.login(connection, user: user ?? "", password: secret).info
    }

    public func provider(_ context: ProviderContext) throws(SyncError) -> any SyncProvider {
        GReaderProvider(connection: try context.connection(), user: context.account.username ?? "", password: context.secret ?? "")
    }

    public func rulePlacement(of filter: FilterExpression, action: RuleAction) -> ServerRulePlacement {
        FreshRSSRuleDialect.placement(filter, action: action)
    }
}
