extension Schema {
    /// v18: a local account made for one command (when only the demo was there to take what the
    /// user adds) records the process it was made for, `provisional_for`, in the transaction that
    /// makes it. The command's first feed or folder in it settles it, in that write's own
    /// transaction (the triggers); one still provisional when its process is gone was left by a
    /// command killed before it added anything, and the next run drops it (see
    /// `AccountsTable.dropAbandonedProvisional`). Triggers, not a column the tables' writers set:
    /// every path that files a feed or a folder is covered, including ones written later.
    static let provisionalAccounts = """
    ALTER TABLE accounts ADD COLUMN provisional_for INTEGER;
    CREATE TRIGGER feeds_settle_provisional_account AFTER INSERT ON feeds
    BEGIN
        UPDATE accounts SET provisional_for = NULL WHERE id = NEW.account_id AND provisional_for IS NOT NULL;
    END;
    CREATE TRIGGER folders_settle_provisional_account AFTER INSERT ON folders
    BEGIN
        UPDATE accounts SET provisional_for = NULL WHERE id = NEW.account_id AND provisional_for IS NOT NULL;
    END;
    """
}
