extension Schema {
    /// v10: what `feed check` remembers of a feed (kept in `app_meta` under `feed-check.ID`) goes
    /// with the feed, however it goes (a command, a sync, its account removed).
    ///
    /// It stayed behind before: a feed later given the same id and address would have inherited
    /// the old one's failures, and called gone after fewer checks. Records already orphaned are
    /// removed on the way.
    static let feedCheckRecordCleanup = """
    DELETE FROM app_meta WHERE key LIKE 'feed-check.%'
        AND CAST(substr(key, length('feed-check.') + 1) AS INTEGER) NOT IN (SELECT id FROM feeds);
    CREATE TRIGGER feed_check_record_delete AFTER DELETE ON feeds BEGIN
        DELETE FROM app_meta WHERE key = 'feed-check.' || old.id;
    END;
    """
}
