extension Schema {
    /// v2: the full-text index is fed in bulk instead of row by row.
    ///
    /// FTS5 flushes its pending terms at the end of every statement that writes it, so a trigger
    /// that indexes each new article writes one tiny segment per row and then spends its time
    /// merging them: measured on the benchmark corpus, indexing row by row costs about twice as
    /// much as one `INSERT … SELECT` over the same rows. New articles now wait in
    /// `search_backlog` (one cheap b-tree row each) until `SearchIndex.feedBacklog` indexes them
    /// together: when the backlog is large, at the end of each sync, and before any search.
    ///
    /// Deleting or editing an article that is still in the backlog must not touch the index,
    /// which has never seen it (an FTS5 'delete' of an unknown row corrupts an external-content
    /// index); the triggers below check the backlog first.
    static let version2 = """
    CREATE TABLE search_backlog (
        article_id INTEGER PRIMARY KEY
    );

    DROP TRIGGER articles_fts_insert;
    DROP TRIGGER articles_fts_delete;
    DROP TRIGGER articles_fts_update;

    CREATE TRIGGER search_backlog_insert AFTER INSERT ON articles BEGIN
        INSERT OR IGNORE INTO search_backlog (article_id) VALUES (new.id);
    END;
    CREATE TRIGGER articles_fts_delete AFTER DELETE ON articles BEGIN
        INSERT INTO articles_fts (articles_fts, rowid, title, text)
            SELECT 'delete', old.id, old.title, old.text
            WHERE NOT EXISTS (SELECT 1 FROM search_backlog WHERE article_id = old.id);
        DELETE FROM search_backlog WHERE article_id = old.id;
    END;
    CREATE TRIGGER articles_fts_update AFTER UPDATE OF title, text ON articles
    WHEN NOT EXISTS (SELECT 1 FROM search_backlog WHERE article_id = old.id) BEGIN
        INSERT INTO articles_fts (articles_fts, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);
        INSERT INTO articles_fts (rowid, title, text) VALUES (new.id, new.title, new.text);
    END;
    """
}
