extension Schema {
    /// v21: labels (a server's user labels; a local account's own), which articles
    /// carry which, and the label changes the server has not acknowledged yet. A label change is
    /// an intent like a read or a star (NetNewsWire's pending-status table): one row per (article,
    /// label), a newer wish replaces an older one and bumps its generation, so an acknowledgement
    /// removes only what was sent. A saved search may keep a label of its name on what it matches.
    static let labels = """
    CREATE TABLE labels (
        id         INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        name       TEXT    NOT NULL CHECK (length(trim(name)) > 0),
        UNIQUE (account_id, name)
    );
    CREATE TABLE article_labels (
        article_id INTEGER NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
        label_id   INTEGER NOT NULL REFERENCES labels (id) ON DELETE CASCADE,
        PRIMARY KEY (article_id, label_id)
    ) WITHOUT ROWID;
    CREATE INDEX article_labels_by_label ON article_labels (label_id);
    CREATE TABLE pending_labels (
        id         INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        article_id INTEGER NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
        label_id   INTEGER NOT NULL REFERENCES labels (id) ON DELETE CASCADE,
        desired    INTEGER NOT NULL CHECK (desired IN (0, 1)),
        created_at REAL    NOT NULL,
        attempts   INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        in_flight  INTEGER NOT NULL DEFAULT 0 CHECK (in_flight IN (0, 1)),
        generation INTEGER NOT NULL DEFAULT 0 CHECK (generation >= 0),
        UNIQUE (article_id, label_id)
    );
    CREATE INDEX pending_labels_by_account ON pending_labels (account_id);
    ALTER TABLE saved_searches ADD COLUMN label INTEGER NOT NULL DEFAULT 0 CHECK (label IN (0, 1));
    """
}
