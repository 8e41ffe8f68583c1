import LectorBasics

/// A Lector backup: the account list (never a secret), every preference group, and optionally
/// subscriptions and the reading list. Field names are the JSON names in snake_case.
public struct BackupDocument: Codable, Equatable, Sendable {
    /// Always "lector-backup".
    public var format: String
    /// `major.minor` of the backup format that wrote the file.
    public var version: String
    /// The Lector version that wrote the file (informational).
    public var toolVersion: String
    /// When the file was written, ISO-8601 in UTC ("2026-11-29T16:40:00Z").
    public var createdAt: String
    /// The accounts, without secrets.
    public var accounts: [BackupAccount]
    /// Every setting as `{group: {name: value}}`.
    public var settings: [String: [String: JSONValue]]
    /// Feeds and folders per account name, when exported.
    public var subscriptions: [String: BackupSubscriptions]?
    /// Saved-for-later articles, when exported.
    public var readingList: [ReadingListEntry]?
    /// The user's saved settings profiles, when exported.
    public var profiles: [Profile]?
    /// Every starred article of each account, whole, by account name, when exported (format 1.3):
    /// in a document read from a file, a handle on the checked section that reads it again a page
    /// at a time; the exporter writes it as the articles arrive. Not part of the Codable model.
    public var starred: StarredSection?
    /// The rules, by name, when exported (format 1.4).
    public var rules: [BackupRule]?
    /// The saved searches, by name, when exported (format 1.4).
    public var savedSearches: [SavedSearch]?

    /// Assembles a document in the current format.
    public init(toolVersion: String, createdAt: String, accounts: [BackupAccount],
                settings: [String: [String: JSONValue]],
                subscriptions: [String: BackupSubscriptions]? = nil, readingList: [ReadingListEntry]? = nil,
                profiles: [Profile]? = nil, starred: StarredSection? = nil,
                rules: [BackupRule]? = nil, savedSearches: [SavedSearch]? = nil) {
        self.format = BackupFormat.name
        self.version = BackupFormat.current.description
        self.toolVersion = toolVersion
        self.createdAt = createdAt
        self.accounts = accounts
        self.settings = settings
        self.subscriptions = subscriptions
        self.readingList = readingList
        self.profiles = profiles
        self.starred = starred
        self.rules = rules
        self.savedSearches = savedSearches
    }

    enum CodingKeys: String, CodingKey {
        case format, version, accounts, settings, subscriptions, profiles, rules
        case toolVersion = "tool_version", createdAt = "created_at", readingList = "reading_list", savedSearches = "saved_searches"
    }
}

/// An account as a backup records it; there is deliberately no field for a password or token.
public struct BackupAccount: Codable, Equatable, Sendable {
    /// The service kind.
    public var kind: AccountKind
    /// The unique account name.
    public var name: String
    /// Server URL; nil for local accounts and hosted services with a fixed URL.
    public var url: String?
    /// Login name; nil where the service has none.
    public var user: String?
    /// Whether this is the default account (at most one is).
    public var isDefault: Bool
    /// The host of `url` the user consented to send the secret to over plain http
    /// (--allow-insecure); nil: no consent. Format 1.1; absent in older files.
    public var plainHTTPHost: String?

    /// Describes one account.
    public init(kind: AccountKind, name: String, url: String?, user: String?, isDefault: Bool, plainHTTPHost: String? = nil) {
        self.kind = kind
        self.name = name
        self.url = url
        self.user = user
        self.isDefault = isDefault
        self.plainHTTPHost = plainHTTPHost
    }

    enum CodingKeys: String, CodingKey {
        case kind, name, url, user
        case isDefault = "default"
        case plainHTTPHost = "plain_http_host"
    }

    // Written by hand so that absent values are written as null: the schema requires every field.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(name, forKey: .name)
        try container.encode(url, forKey: .url)
        try container.encode(user, forKey: .user)
        try container.encode(isDefault, forKey: .isDefault)
        try container.encode(plainHTTPHost, forKey: .plainHTTPHost)
    }
}

/// One account's folders and feeds.
public struct BackupSubscriptions: Codable, Equatable, Sendable {
    /// Folder names.
    public var folders: [String]
    /// Feeds, each in at most one folder.
    public var feeds: [BackupFeed]

    /// Describes one account's subscriptions.
    public init(folders: [String], feeds: [BackupFeed]) {
        self.folders = folders
        self.feeds = feeds
    }
}

/// A subscribed feed.
public struct BackupFeed: Codable, Equatable, Sendable {
    /// Display title.
    public var title: String
    /// Feed URL (the identity of the subscription).
    public var url: String
    /// Web site URL, if known.
    public var siteURL: String?
    /// Folder name, or nil for top level.
    public var folder: String?
    /// The user of a local feed behind a login (`(token)` for a bearer token); its secret is
    /// never in a backup: after a restore, `lector feed password FEED` stores it again.
    public var loginUser: String?
    /// The feed's own plain-http host the user consented to send its login to, if any.
    public var plainHTTPHost: String?
    /// Whether `title` is one Lector made up (format 1.2): the feed's own replaces it at its first
    /// fetch, and it is never sent to a server.
    public var titleIsPlaceholder: Bool
    /// A local feed's read articles by identity (format 1.2): the feed's guid, else `sha256:` and
    /// the hash of the article's link (see docs/backup.md). Empty for remote accounts' feeds.
    public var readArticles: [String]
    /// A local feed's starred articles by identity (format 1.2).
    public var starredArticles: [String]
    /// The feed's server settings by Lector's key names, as the server last acknowledged them
    /// (format 1.4; docs/feed-settings.md). Never a secret: keys holding one are left out.
    public var serverSettings: [String: String]

    /// Describes one feed.
    public init(title: String, url: String, siteURL: String?, folder: String?, loginUser: String? = nil, plainHTTPHost: String? = nil,
                titleIsPlaceholder: Bool = false, readArticles: [String] = [], starredArticles: [String] = [],
                serverSettings: [String: String] = [:]) {
        self.title = title
        self.url = url
        self.siteURL = siteURL
        self.folder = folder
        self.loginUser = loginUser
        self.plainHTTPHost = plainHTTPHost
        self.titleIsPlaceholder = titleIsPlaceholder
        self.readArticles = readArticles
        self.starredArticles = starredArticles
        self.serverSettings = serverSettings
    }

    enum CodingKeys: String, CodingKey {
        case title, url, folder
        case siteURL = "site_url"
        case loginUser = "login_user"
        case plainHTTPHost = "plain_http_host"
        case titleIsPlaceholder = "title_placeholder"
        case readArticles = "read_articles", starredArticles = "starred_articles"
        case serverSettings = "server_settings"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(title: try container.decode(String.self, forKey: .title), url: try container.decode(String.self, forKey: .url),
                  siteURL: try container.decodeIfPresent(String.self, forKey: .siteURL),
                  folder: try container.decodeIfPresent(String.self, forKey: .folder),
                  loginUser: try container.decodeIfPresent(String.self, forKey: .loginUser),
                  plainHTTPHost: try container.decodeIfPresent(String.self, forKey: .plainHTTPHost),
                  titleIsPlaceholder: try container.decodeIfPresent(Bool.self, forKey: .titleIsPlaceholder) ?? false,
                  readArticles: try container.decodeIfPresent([String].self, forKey: .readArticles) ?? [],
                  starredArticles: try container.decodeIfPresent([String].self, forKey: .starredArticles) ?? [],
                  serverSettings: try container.decodeIfPresent([String: String].self, forKey: .serverSettings) ?? [:])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(url, forKey: .url)
        try container.encode(siteURL, forKey: .siteURL)
        try container.encode(folder, forKey: .folder)
        // Only for a feed behind a login: the others look as they did in format 1.0.
        try container.encodeIfPresent(loginUser, forKey: .loginUser)
        try container.encodeIfPresent(plainHTTPHost, forKey: .plainHTTPHost)
        if titleIsPlaceholder { try container.encode(true, forKey: .titleIsPlaceholder) }
        if !readArticles.isEmpty { try container.encode(readArticles, forKey: .readArticles) }
        if !starredArticles.isEmpty { try container.encode(starredArticles, forKey: .starredArticles) }
        if !serverSettings.isEmpty { try container.encode(serverSettings, forKey: .serverSettings) }
    }
}

/// An article saved to the reading list.
public struct ReadingListEntry: Codable, Equatable, Sendable {
    /// Account name.
    public var account: String
    /// The article's web URL (its identity across machines).
    public var articleURL: String
    /// Title, for people reading the file.
    public var title: String

    /// Describes one saved article.
    public init(account: String, articleURL: String, title: String) {
        self.account = account
        self.articleURL = articleURL
        self.title = title
    }

    enum CodingKeys: String, CodingKey {
        case account, title
        case articleURL = "article_url"
    }
}
