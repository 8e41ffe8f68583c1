/// Which articles a list shows and in what order.
public struct ArticleQuery: Sendable, Equatable {
    public var accountID: Int64?
    public var feedID: Int64?
    public var folderID: Int64?
    public var unreadOnly = false
    public var starredOnly = false
    /// Only articles published at or after this time (seconds since 1970).
    public var since: Double?
    /// Full-text search over title and text: the user's words, all required, the last as a prefix.
    /// Results are ranked by relevance instead of date.
    public var search: String?
    public var newestFirst = true
    public var limit = 50

    /// True when anything beyond the words searched narrows the list.
    var hasFilters: Bool {
        accountID != nil || feedID != nil || folderID != nil || unreadOnly || starredOnly || since != nil
    }

    public init(accountID: Int64? = nil, feedID: Int64? = nil, folderID: Int64? = nil, unreadOnly: Bool = false,
                starredOnly: Bool = false, since: Double? = nil, search: String? = nil, newestFirst: Bool = true, limit: Int = 50) {
        self.accountID = accountID
        self.feedID = feedID
        self.folderID = folderID
        self.unreadOnly = unreadOnly
        self.starredOnly = starredOnly
        self.since = since
        self.search = search
        self.newestFirst = newestFirst
        self.limit = limit
    }
}
