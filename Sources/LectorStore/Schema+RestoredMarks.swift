extension Schema {
    /// v14: the stars and read marks a backup restored for a local feed's articles that are not
    /// stored yet (a new machine has fetched nothing), kept by feed and article identity until the
    /// feed's next fetch brings the articles; they are applied then, once, and forgotten.
    static let restoredMarks = """
    CREATE TABLE restored_marks (
        feed_id  INTEGER NOT NULL REFERENCES feeds (id) ON DELETE CASCADE,
        -- The article's identity within its feed: the part of a local article's server_id after 'FEED/'.
        identity TEXT    NOT NULL,
        read     INTEGER NOT NULL CHECK (read IN (0, 1)),
        starred  INTEGER NOT NULL CHECK (starred IN (0, 1)),
        PRIMARY KEY (feed_id, identity)
    ) WITHOUT ROWID;
    """
}
