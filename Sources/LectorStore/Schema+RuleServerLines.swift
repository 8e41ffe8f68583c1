extension Schema {
    /// The lines `rule push` added to a server's filters, so that removing the rule, turning it
    /// off or `rule unpush` takes off its own lines and nothing else: not a line the filter had
    /// before the push, nor one another pushed rule holds too (a push records a line it found
    /// there when another rule's record holds it). `feed_id` NULL: the user's own filters (of
    /// a server that keeps them, for every feed). `rules.on_servers` remembers that the rule was pushed,
    /// so `rule enable` pushes it again after `rule disable` took its lines off.
    static let ruleServerLines = """
    CREATE TABLE rule_server_lines (
        rule_id    INTEGER NOT NULL REFERENCES rules (id) ON DELETE CASCADE,
        account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        feed_id    INTEGER REFERENCES feeds (id) ON DELETE CASCADE,
        setting    TEXT    NOT NULL,
        line       TEXT    NOT NULL
    );
    CREATE UNIQUE INDEX rule_server_lines_once ON rule_server_lines (rule_id, account_id, coalesce(feed_id, 0), setting, line);
    CREATE INDEX rule_server_lines_by_place ON rule_server_lines (account_id, feed_id, setting);
    ALTER TABLE rules ADD COLUMN on_servers INTEGER NOT NULL DEFAULT 0 CHECK (on_servers IN (0, 1));
    """
}
