import LectorBasics

/// An account as stored locally. Secrets are never here: they live in the keyring.
public struct Account: Sendable, Equatable, Codable {
    public var id: Int64
    public var kind: AccountKind
    public var name: String
    public var url: String?
    public var username: String?
    public var isDefault: Bool
    public var isDemo: Bool
    public var needsPassword: Bool
    /// The host the user consented to send the secret to over plain http (--allow-insecure); nil: none.
    public var plainHTTPHost: String? = nil
}

/// A folder (a server's label, category, tag or group) within one account.
public struct Folder: Sendable, Equatable, Codable {
    public var id: Int64
    public var accountID: Int64
    public var serverID: String
    public var name: String
}

/// A subscription within one account.
public struct Feed: Sendable, Equatable, Codable {
    public var id: Int64
    public var accountID: Int64
    public var folderID: Int64?
    public var serverID: String
    public var title: String
    public var url: String
    public var siteURL: String?
    /// The user of a feed behind a login (its secret is in the keyring).
    public var loginUser: String? = nil
    /// The host the user consented to send the login to over plain http (--allow-insecure); nil: none.
    public var plainHTTPHost: String? = nil
    /// Whether `title` is one Lector made up (the host of a feed listed without a title): the
    /// feed's own title replaces it at the first fetch, and it is never sent to a server.
    public var titleIsPlaceholder: Bool = false
}

/// Whether an article has been read. `unknown` is real: some services send entries without state.
public enum ReadState: String, Sendable, Codable, CaseIterable {
    case read, unread, unknown
}

/// An article as shown in lists: enough to print a row, not the whole body. (A row, not a
/// "summary": in Lector a summary is the one an AI endpoint writes, `SummaryRequest`.)
public struct ArticleRow: Sendable, Equatable {
    public var id: Int64
    public var accountID: Int64
    public var feedID: Int64
    public var feedTitle: String
    public var serverID: String
    public var title: String
    public var url: String?
    public var author: String?
    public var publishedAt: Double?
    public var read: ReadState
    public var starred: Bool
    public var summary: String?
    /// The start of the article's plain text, for the preview of an article without a summary
    /// (of a server that sends the body alone); nil when it has one.
    public var opening: String?
    /// Words in the article's text, for reading time.
    public var wordCount: Int = 0
    /// For search results: the matching passage, with matches between \u{1} and \u{2}.
    public var snippet: String?
}

/// An article as a sync page or a feed fetch delivers it, before it has a local id.
public struct IncomingArticle: Sendable, Equatable {
    public var serverID: String
    public var url: String?
    public var title: String
    public var author: String?
    public var summary: String?
    public var contentHTML: String?
    /// Plain text of the body, for full-text search.
    public var text: String
    public var publishedAt: Double?
    public var updatedAt: Double?

    public init(serverID: String, url: String?, title: String, author: String? = nil, summary: String? = nil,
                contentHTML: String? = nil, text: String, publishedAt: Double? = nil, updatedAt: Double? = nil) {
        self.serverID = serverID
        self.url = url
        self.title = title
        self.author = author
        self.summary = summary
        self.contentHTML = contentHTML
        self.text = text
        self.publishedAt = publishedAt
        self.updatedAt = updatedAt
    }
}
