extension Schema {
    /// Rules and saved searches (docs/rules.md). A rule is a filter's text, an action and a scope
    /// (an account, and in it a feed or a folder); its scope goes with what it names. `rule_hits`
    /// records each article a rule acted on, once: a rule never acts on an article twice, so it
    /// never undoes what the user did by hand afterwards, and a hit whose action is `hide` is what
    /// keeps the article out of lists. `action` is checked by the store (`RuleAction`), not by a
    /// constraint, so that later actions (`label:NAME`) need no table rebuild.
    static let rules = """
    CREATE TABLE rules (
        id         INTEGER PRIMARY KEY,
        name       TEXT    NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) > 0),
        expression TEXT    NOT NULL,
        action     TEXT    NOT NULL CHECK (length(action) > 0),
        account_id INTEGER REFERENCES accounts (id) ON DELETE CASCADE,
        feed_id    INTEGER REFERENCES feeds (id) ON DELETE CASCADE,
        folder_id  INTEGER REFERENCES folders (id) ON DELETE CASCADE,
        enabled    INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
        created_at REAL    NOT NULL,
        CHECK (feed_id IS NULL OR folder_id IS NULL)
    );
    CREATE TABLE rule_hits (
        article_id INTEGER NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
        rule_id    INTEGER NOT NULL REFERENCES rules (id) ON DELETE CASCADE,
        action     TEXT    NOT NULL,
        acted_at   REAL    NOT NULL,
        PRIMARY KEY (article_id, rule_id)
    ) WITHOUT ROWID;
    CREATE INDEX rule_hits_by_rule ON rule_hits (rule_id);
    CREATE INDEX rule_hits_hidden ON rule_hits (article_id) WHERE action = 'hide';
    CREATE TABLE saved_searches (
        id         INTEGER PRIMARY KEY,
        name       TEXT    NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) > 0),
        expression TEXT    NOT NULL,
        created_at REAL    NOT NULL
    );
    """
}
