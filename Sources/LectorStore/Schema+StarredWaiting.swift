extension Schema {
    /// `starred_waiting`: a restored backup's starred articles of an account that arrived without
    /// its secret (the restore could not reach its server), one row per article in the backup's
    /// order, as the backup has it (JSON). The account's first sync after its secret is given
    /// puts them back (starred again, or re-created where the server takes entries) and takes
    /// them out page by page; they go with the account.
    static let starredWaiting = """
    CREATE TABLE starred_waiting (
        account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        position   INTEGER NOT NULL,
        entry      TEXT    NOT NULL,
        PRIMARY KEY (account_id, position)
    );
    """
}
