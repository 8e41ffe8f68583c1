extension Schema {
    /// v4: every intent row carries a generation, bumped whenever the user changes the wish, so an
    /// acknowledgement deletes exactly the version that was sent (NetNewsWire's pending-status
    /// pattern); and one row per account records which process is syncing it, with a heartbeat,
    /// so two Lector processes never sync one account at once.
    static let version4 = """
    ALTER TABLE pending_intents ADD COLUMN generation INTEGER NOT NULL DEFAULT 0 CHECK (generation >= 0);

    CREATE TABLE sync_claims (
        account_id   INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
        pid          INTEGER NOT NULL,
        -- Tells apart two claims of one process (two connections in one test, or a reused pid).
        token        TEXT    NOT NULL,
        claimed_at   REAL    NOT NULL,
        heartbeat_at REAL    NOT NULL
    );
    """
}
