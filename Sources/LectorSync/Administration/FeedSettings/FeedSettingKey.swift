import LectorBasics

/// One name for each thing a feed's server can be told to do with it, the same for every kind
/// of account; each kind's service maps the names it has onto its own fields (`AccountService.feedSettingFields`).
public enum FeedSettingKey: String, Sendable, CaseIterable, Comparable {
    case paused
    case hideGlobally = "hide-globally"
    case fullContent = "full-content"
    case contentSelector = "content-selector"
    case contentRemove = "content-remove"
    case rewriteRules = "rewrite-rules"
    case urlRewriteRules = "url-rewrite-rules"
    case blockRules = "block-rules"
    case keepRules = "keep-rules"
    case blockFilter = "block-filter"
    case keepFilter = "keep-filter"
    case markReadFilters = "mark-read-filters"
    case userAgent = "user-agent"
    case cookie
    case httpHeaders = "http-headers"
    case proxy
    case fetchViaProxy = "fetch-via-proxy"
    case serverLogin = "server-login"
    case ignoreHTTPCache = "ignore-http-cache"
    case ignoreEntryUpdates = "ignore-entry-updates"
    case noMediaPlayer = "no-media-player"
    case allowSelfSigned = "allow-self-signed"
    case disableHTTP2 = "disable-http2"

    /// What a value looks like.
    public enum Shape: Sendable, Equatable {
        /// `on` or `off`.
        case flag
        /// One line of text.
        case text
        /// One line per VALUE given.
        case lines
        /// A secret: read from stdin (`--value-stdin`) or asked for without echo, never an argument.
        case secret
        /// A user given as VALUE, its password a secret read as `secret` is.
        case login
    }

    public var shape: Shape {
        switch self {
        case .paused, .hideGlobally, .fullContent, .fetchViaProxy, .ignoreHTTPCache, .ignoreEntryUpdates, .noMediaPlayer,
             .allowSelfSigned, .disableHTTP2: .flag
        case .markReadFilters, .httpHeaders, .blockFilter, .keepFilter: .lines
        case .cookie: .secret
        case .serverLogin: .login
        default: .text
        }
    }

    /// The keys that hold a secret (`cookie`; `server-login`'s password): kept in the keyring,
    /// only a marker (`set`) in the store.
    public static let withSecrets: [FeedSettingKey] = allCases.filter(\.holdsSecret)

    /// What the store, `feed show` and exports say of a secret that is set.
    public static let secretMarker = "set"

    public var holdsSecret: Bool { shape == .secret || shape == .login }

    /// One line for help and completion.
    public var summary: String {
        switch self {
        case .paused: "the server does not fetch the feed (on|off; feed pause/resume)"
        case .hideGlobally: "the feed's articles stay out of the server's unread list (on|off)"
        case .fullContent: "the server fetches each article's page for its full text (on|off)"
        case .contentSelector: "CSS selector of the article text on its page (scraper rules)"
        case .contentRemove: "CSS selector of parts to drop from that text"
        case .rewriteRules: "the server's content rewrite rules"
        case .urlRewriteRules: "the server's article-address rewrite rules"
        case .blockRules: "regular expression: entries matching it are not kept"
        case .keepRules: "regular expression: only entries matching it are kept"
        case .blockFilter: "Field=regex rules: entries matching one are not kept (one rule per VALUE)"
        case .keepFilter: "Field=regex rules: only entries matching one are kept (one rule per VALUE)"
        case .markReadFilters: "searches whose matches are marked read on arrival (one per VALUE)"
        case .userAgent: "the User-Agent the feed is fetched with"
        case .cookie: "the Cookie header sent with the fetch (a secret: --value-stdin)"
        case .httpHeaders: "extra request headers, `Name: value`, one per VALUE"
        case .proxy: "the proxy the feed is fetched through (an absolute URL)"
        case .fetchViaProxy: "fetch through the server's configured proxy (on|off)"
        case .serverLogin: "the user the server logs in to the feed with; its password by --value-stdin"
        case .ignoreHTTPCache: "fetch even when the feed says it has not changed (on|off)"
        case .ignoreEntryUpdates: "keep entries as first fetched (on|off)"
        case .noMediaPlayer: "show no media player for enclosures (on|off)"
        case .allowSelfSigned: "accept the feed's self-signed certificate (on|off)"
        case .disableHTTP2: "fetch over HTTP/1.1 (on|off)"
        }
    }

    /// The values completion offers.
    public var suggestedValues: [String] { shape == .flag ? ["on", "off"] : [] }

    /// `on`/`off` (and true/false, yes/no, 1/0) as a flag; nil for anything else.
    public static func flag(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "on", "true", "yes", "1": true
        case "off", "false", "no", "0": false
        default: nil
        }
    }

    /// The kinds whose server (or, for a local account, Lector itself) can keep this key.
    public var kinds: [AccountKind] { AccountKind.allCases.filter { $0.service.feedSettingKeys.contains(self) } }

    public static func < (lhs: FeedSettingKey, rhs: FeedSettingKey) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
