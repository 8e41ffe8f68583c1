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
    /// A search's matches in the order they were stored, the last stored first, instead of best
    /// match first: FTS5 hands them out in that order, so a page costs its own rows, where
    /// ranking scores every match first (a search typed a letter at a time in `browse`).
    public var searchByArrival = false
    /// A filter (`--where`, a rule, a saved search): only articles it holds for.
    public var filter: FilterExpression?
    /// The moment a filter's ages are measured from (seconds since 1970).
    public var now: Double = 0
    public var newestFirst = true
    public var limit = 50
    /// How many of the list's rows come before the first one read (a window further down).
    public var offset = 0
    /// Reads the list from its end: the same rows in the opposite order, so a window at the
    /// bottom of a long list costs what one at the top does.
    public var fromEnd = false
    /// Lists the articles a rule hid too (`--all`).
    public var includeHidden = false
    /// Set by the store when some article is hidden and the list must leave it out.
    var excludesHidden = false
    /// Leaves out the later copies of a story stored more than once (`--collapse-duplicates`):
    /// each story is listed once, as its first copy.
    public var collapseDuplicates = false
    /// Set by `SearchPrefixNarrowing` for the rows it checks: the search's last word is matched
    /// whole rather than as a prefix, and without a search the articles are read in the order
    /// they were stored (the last first), as a search by arrival reads its hits.
    var lastWordWhole = false
    var byArrival = false

    /// True when anything beyond the words searched narrows the list.
    var hasFilters: Bool {
        accountID != nil || feedID != nil || folderID != nil || unreadOnly || starredOnly || since != nil || filter != nil || excludesHidden || collapseDuplicates
    }

    public init(accountID: Int64? = nil, feedID: Int64? = nil, folderID: Int64? = nil, unreadOnly: Bool = false,
                starredOnly: Bool = false, since: Double? = nil, search: String? = nil, filter: FilterExpression? = nil, now: Double = 0,
                newestFirst: Bool = true, limit: Int = 50, includeHidden: Bool = false) {
        self.accountID = accountID
        self.feedID = feedID
        self.folderID = folderID
        self.unreadOnly = unreadOnly
        self.starredOnly = starredOnly
        self.since = since
        self.search = search
        self.filter = filter
        self.now = now
        self.newestFirst = newestFirst
        self.limit = limit
        self.includeHidden = includeHidden
    }
}
