extension Schema {
    /// v12: "everything in this scope that arrived before T is read" as one queued intent, so a
    /// mark-all-read reaches the server with its own call (and the entries the article-age limit
    /// kept out of the store), instead of one intent per stored article. The scope is a feed, a
    /// folder, or (both NULL) the whole account; `before` is T, seconds since 1970. Columns
    /// `attempts`, `in_flight` and `generation` work as in `pending_intents`.
    static let scopeReads = """
    CREATE TABLE pending_scope_reads (
        id         INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        feed_id    INTEGER REFERENCES feeds (id) ON DELETE CASCADE,
        folder_id  INTEGER REFERENCES folders (id) ON DELETE CASCADE,
        before     REAL    NOT NULL,
        created_at REAL    NOT NULL,
        attempts   INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        in_flight  INTEGER NOT NULL DEFAULT 0 CHECK (in_flight IN (0, 1)),
        generation INTEGER NOT NULL DEFAULT 0 CHECK (generation >= 0),
        CHECK (feed_id IS NULL OR folder_id IS NULL)
    );
    CREATE UNIQUE INDEX pending_scope_reads_per_scope ON pending_scope_reads (account_id, ifnull(feed_id, 0), ifnull(folder_id, 0));
    """
}
