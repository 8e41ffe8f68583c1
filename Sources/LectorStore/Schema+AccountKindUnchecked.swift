extension Schema {
    /// v17: `accounts.kind` loses its CHECK constraint, so adding a sixth service is one case of
    /// `AccountKind` and no schema step. The kind is validated in one place, the `AccountKind`
    /// type: `AccountsTable.insert` writes only its cases, and reading a kind it lacks (written
    /// by a newer Lector) is an error, never taken for another kind. A trigger would have listed
    /// the kinds a second time, and a new service would have needed a step to replace it.
    ///
    /// SQLite cannot drop a constraint: the table is rebuilt (create new, copy, drop old, rename),
    /// with foreign keys off so that dropping the old table does not cascade to everything that
    /// refers to an account. The columns keep their order (v11's `plain_http_host` last).
    static let accountKindUnchecked = """
    CREATE TABLE accounts_rebuilt (
        id              INTEGER PRIMARY KEY,
        kind            TEXT    NOT NULL,
        name            TEXT    NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) > 0),
        url             TEXT,
        username        TEXT,
        is_default      INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
        is_demo         INTEGER NOT NULL DEFAULT 0 CHECK (is_demo IN (0, 1)),
        needs_password  INTEGER NOT NULL DEFAULT 0 CHECK (needs_password IN (0, 1)),
        created_at      REAL    NOT NULL,
        plain_http_host TEXT
    );
    INSERT INTO accounts_rebuilt (id, kind, name, url, username, is_default, is_demo, needs_password, created_at, plain_http_host)
        SELECT id, kind, name, url, username, is_default, is_demo, needs_password, created_at, plain_http_host FROM accounts;
    DROP TABLE accounts;
    ALTER TABLE accounts_rebuilt RENAME TO accounts;
    -- At most one default account.
    CREATE UNIQUE INDEX accounts_single_default ON accounts (is_default) WHERE is_default = 1;
    """
}
