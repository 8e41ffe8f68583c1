extension Schema {
    /// The articles the rules have not swept yet, kept in the store rather than in the memory of
    /// the command that stored them: a sync killed (or stopped by a full disk) after storing
    /// articles and before its rules ran leaves them here, and the next run that sweeps the
    /// account acts on them (`RuleEngine.runNewArticles`). Every path that inserts an article
    /// puts it here by the trigger, whichever command it is; the sweep takes an account's rows
    /// out in the transaction that applies the rules' actions. A row whose article was deleted
    /// is taken out with the account's next sweep (an id SQLite hands out again replaces it).
    ///
    /// `rule_sweep_old`: accounts whose next sweep treats what it finds as old, arrived before the
    /// rules did — an account a backup restore created on this machine: its first sync brings the
    /// server's whole history, which the rules must not change (they act on what arrives after
    /// them). That sweep hides what `hide` rules match and changes nothing else.
    ///
    /// `rules_waiting`: a restored rule whose feed or folder only the account's first sync brings
    /// (a remote account's), as the backup has it (JSON); that sync puts it in and forgets it.
    ///
    /// What is stored already when this step runs counts as swept.
    static let ruleBacklog = """
    CREATE TABLE rule_backlog (
        article_id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE
    );
    CREATE INDEX rule_backlog_by_account ON rule_backlog (account_id);
    CREATE TRIGGER rule_backlog_insert AFTER INSERT ON articles BEGIN
        INSERT OR REPLACE INTO rule_backlog (article_id, account_id) VALUES (new.id, new.account_id);
    END;
    CREATE TABLE rule_sweep_old (
        account_id INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE
    );
    CREATE TABLE rules_waiting (
        name       TEXT    NOT NULL PRIMARY KEY COLLATE NOCASE,
        account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        rule       TEXT    NOT NULL
    );
    """
}
