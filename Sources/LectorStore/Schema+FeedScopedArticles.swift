extension Schema {
    /// Local accounts' article ids become feed-scoped (`LocalArticleID`): before, two feeds with
    /// the same guids shared one row, the later fetch overwriting the other's content and link.
    /// Existing rows cannot collide (the old key was unique per account), so one update does it.
    static let feedScopedLocalArticles = """
    UPDATE articles SET server_id = CAST(feed_id AS TEXT) || '/' || server_id
    WHERE account_id IN (SELECT id FROM accounts WHERE kind = 'local');
    """
}
