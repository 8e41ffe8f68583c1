extension Schema {
    /// The undo journal: each change a person or a rule makes to read, starred and labels is one
    /// step (`undo_steps`) with the state each article had before it (`undo_changes`), so that
    /// `lector undo` can put it back (`UndoJournal`).
    ///
    /// The journal is written by triggers, in the transaction of the change itself, whenever a
    /// step is open: `undo_open` holds the open step's id for the length of that transaction only
    /// (it is emptied before the commit, and a rollback takes the row with it), so no other
    /// connection ever sees a row there, and what a sync pulls from a server (no step open)
    /// is never journaled. Which route made the change does not matter: every update of
    /// `article_state.read`/`starred` and every link added to or taken from `article_labels`
    /// while a step is open is recorded.
    ///
    /// `was` is the value before the step's first change of that article and field, `became` after
    /// its last: read as 'read'/'unread'/'unknown', starred and a label as 0/1. `server_scope`
    /// says that a mark-all-read of the step reached a server's entries the store never held.
    static let undoJournal = """
    CREATE TABLE undo_steps (
        id           INTEGER PRIMARY KEY,
        made_at      REAL    NOT NULL,
        summary      TEXT    NOT NULL,
        server_scope INTEGER NOT NULL DEFAULT 0 CHECK (server_scope IN (0, 1)),
        undone_at    REAL
    );
    CREATE TABLE undo_changes (
        step_id    INTEGER NOT NULL REFERENCES undo_steps (id) ON DELETE CASCADE,
        article_id INTEGER NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
        field      TEXT    NOT NULL CHECK (field IN ('read', 'starred', 'label')),
        label_id   INTEGER NOT NULL DEFAULT 0,
        was,
        became,
        PRIMARY KEY (step_id, article_id, field, label_id)
    ) WITHOUT ROWID;
    CREATE INDEX undo_changes_by_article ON undo_changes (article_id, field, label_id);
    CREATE TABLE undo_open (
        step_id INTEGER PRIMARY KEY
    );
    CREATE TRIGGER undo_journal_read AFTER UPDATE OF read ON article_state
    WHEN old.read IS NOT new.read AND EXISTS (SELECT 1 FROM undo_open) BEGIN
        INSERT INTO undo_changes (step_id, article_id, field, label_id, was, became)
        SELECT step_id, new.article_id, 'read', 0, old.read, new.read FROM undo_open WHERE true
        ON CONFLICT DO UPDATE SET became = excluded.became;
    END;
    CREATE TRIGGER undo_journal_starred AFTER UPDATE OF starred ON article_state
    WHEN old.starred IS NOT new.starred AND EXISTS (SELECT 1 FROM undo_open) BEGIN
        INSERT INTO undo_changes (step_id, article_id, field, label_id, was, became)
        SELECT step_id, new.article_id, 'starred', 0, old.starred, new.starred FROM undo_open WHERE true
        ON CONFLICT DO UPDATE SET became = excluded.became;
    END;
    CREATE TRIGGER undo_journal_label_on AFTER INSERT ON article_labels
    WHEN EXISTS (SELECT 1 FROM undo_open) BEGIN
        INSERT INTO undo_changes (step_id, article_id, field, label_id, was, became)
        SELECT step_id, new.article_id, 'label', new.label_id, 0, 1 FROM undo_open WHERE true
        ON CONFLICT DO UPDATE SET became = excluded.became;
    END;
    CREATE TRIGGER undo_journal_label_off AFTER DELETE ON article_labels
    WHEN EXISTS (SELECT 1 FROM undo_open) BEGIN
        INSERT INTO undo_changes (step_id, article_id, field, label_id, was, became)
        SELECT step_id, old.article_id, 'label', old.label_id, 1, 0 FROM undo_open WHERE true
        ON CONFLICT DO UPDATE SET became = excluded.became;
    END;
    """
}
