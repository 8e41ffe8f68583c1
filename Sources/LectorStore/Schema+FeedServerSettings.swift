extension Schema {
    /// v19: what a feed's server does with it, as the server last acknowledged it.
    ///
    /// `paused`: the feed is not fetched (a server's own pause, a local feed the sync skips); its
    /// articles and stars stay. `feed_server_settings`: one row per setting Lector knows the feed
    /// to have (`feed set`), by Lector's key name; secrets are never written here.
    static let feedServerSettings = """
    ALTER TABLE feeds ADD COLUMN paused INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1));
    CREATE TABLE feed_server_settings (
        feed_id INTEGER NOT NULL REFERENCES feeds (id) ON DELETE CASCADE,
        key     TEXT    NOT NULL,
        value   TEXT    NOT NULL,
        PRIMARY KEY (feed_id, key)
    ) WITHOUT ROWID;
    """
}
