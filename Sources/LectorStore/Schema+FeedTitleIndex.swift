extension Schema {
    /// v7: feed titles are read in completion order from an index.
    ///
    /// `__complete feed move ''` lists every feed title, case-insensitively sorted: without an
    /// index SQLite read the whole feeds table (thirty pages for 1,000 feeds) and sorted it with
    /// the NOCASE collation on every run, a tenth of a shell completion. Covering the account
    /// too, the titles come from this index alone, already in order.
    static let feedTitleIndex = """
    CREATE INDEX feeds_by_title ON feeds (title COLLATE NOCASE, account_id);
    """
}
