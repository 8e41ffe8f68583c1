import FoundationEssentials
import LectorBasics

/// One undoable step of the journal: what it did, when, to how many articles, and whether it
/// was undone already.
public struct UndoStep: Sendable, Equatable {
    public var id: Int64
    public var madeAt: Double
    /// What the step did, as the store named it ("marked read", "rule 'x' (star)"…).
    public var summary: String
    /// How many articles it changed.
    public var articles: Int
    /// A mark-all-read of the step reached a server's entries the store never held: those
    /// cannot be put back.
    public var reachedServerScope: Bool
    public var undoneAt: Double?
}

/// What an undo did: the step, how many of its articles were put back, how many were kept
/// because they changed again since, and the accounts whose server has inverse intents queued.
public struct UndoOutcome: Sendable, Equatable {
    public var step: UndoStep
    public var reverted: Int
    public var kept: Int
    public var queuedAccountIDs: Set<Int64>
}

/// The undo journal (schema v25, `Schema.undoJournal`). Every store operation that changes
/// read, starred or labels on a person's or a rule's behalf runs as one step (`step`): the
/// journal's triggers record, in the same transaction, the state each article had before it.
/// `undo` puts a step back by changing the articles locally and queueing the inverse intents
/// for their servers, as a mark would, so the server follows at the next push, offline too.
/// An article changed again since the step (by a later step, by the server, by anything) is
/// left as it is. The journal keeps the newest `list.undo-steps` steps.
public struct UndoJournal {
    let database: Database

    /// The setting bounding the journal, and its default (the settings registry declares the
    /// same; a test checks they agree). The store reads it from the settings table itself, so
    /// that every route that journals also prunes.
    public static let limitKey = "list.undo-steps"
    public static let defaultLimit = 50

    /// Runs `body` in one write transaction as one undoable step named `summary`; joins the
    /// step already open when called inside one (a rule's marks are the rule's step). A step
    /// that changed nothing is not kept.
    func step<T>(_ summary: @autoclosure () throws -> String, _ body: () throws -> T) throws -> T {
        try database.write {
            if try database.scalarInt("SELECT EXISTS (SELECT 1 FROM undo_open)") == 1 { return try body() }
            try database.execute("INSERT INTO undo_steps (made_at, summary) VALUES (?, ?)", Date().timeIntervalSince1970, try summary())
            let stepID = database.lastInsertedRowID
            try database.execute("INSERT INTO undo_open (step_id) VALUES (?)", stepID)
            let result = try body()
            try database.execute("DELETE FROM undo_open")
            try database.execute("""
                DELETE FROM undo_steps WHERE id = ?1 AND server_scope = 0 AND NOT EXISTS (SELECT 1 FROM undo_changes WHERE step_id = ?1)
                """, stepID)
            try prune()
            return result
        }
    }

    /// Runs `change`, one statement changing many articles at once (a mark-all-read), with the
    /// journal written by one statement as well: `record(stepID)` copies the prior state of every
    /// article the change will touch into `undo_changes` with an INSERT … SELECT, and the open
    /// step is taken out of `undo_open` while `change` runs, so the per-row triggers stay quiet
    /// instead of each firing an insert of its own (a mark-all-read of 100,000 articles cost
    /// 2.4× the bare UPDATE that way). Outside a step it runs `change` alone. A rollback puts
    /// `undo_open` back with everything else, so a throw leaves the step as it was.
    func recordingSetChange(_ record: (_ stepID: Int64) throws -> Void, _ change: () throws -> Void) throws {
        guard let stepID = try database.queryFirst("SELECT step_id FROM undo_open", row: { $0.int64(0) }) else { return try change() }
        try record(stepID)
        try database.execute("DELETE FROM undo_open")
        try change()
        try database.execute("INSERT INTO undo_open (step_id) VALUES (?)", stepID)
    }

    /// Notes on the open step (if any) that a mark-all-read reached a server's entries the store
    /// never held.
    func noteServerScope() throws {
        try database.execute("UPDATE undo_steps SET server_scope = 1 WHERE id IN (SELECT step_id FROM undo_open)")
    }

    /// Forgets the steps beyond the newest `list.undo-steps`.
    private func prune() throws {
        let limit = try database.queryFirst("SELECT value FROM settings WHERE key = ?", Self.limitKey) { $0.optionalInt(0) } ?? nil
        try database.execute("DELETE FROM undo_steps WHERE id NOT IN (SELECT id FROM undo_steps ORDER BY id DESC LIMIT ?)",
                             max(1, limit ?? Self.defaultLimit))
    }

    /// The steps kept, newest first.
    public func steps() throws(StoreError) -> [UndoStep] {
        try storeOperation {
            try database.query("""
                SELECT s.id, s.made_at, s.summary, (SELECT count(DISTINCT article_id) FROM undo_changes WHERE step_id = s.id),
                       s.server_scope, s.undone_at
                FROM undo_steps s ORDER BY s.id DESC
                """, row: Self.step)
        }
    }

    private static func step(_ row: Row) -> UndoStep {
        UndoStep(id: row.int64(0), madeAt: row.double(1), summary: row.string(2), articles: row.int(3), reachedServerScope: row.bool(4),
                 undoneAt: row.isNull(5) ? nil : row.double(5))
    }

    /// Puts back step `stepID`, else the newest step not undone yet: each article the step
    /// changed takes its state from before the step, unless it changed again since (its value is
    /// not what the step left, or a later step not undone changed it too), and for a server
    /// account the inverse intent is queued. The undo itself is not a step. Nil when no step is
    /// left to undo.
    @discardableResult
    public func undo(stepID: Int64? = nil) throws(StoreError) -> UndoOutcome? {
        try storeOperation {
            try database.write {
                let target: UndoStep
                if let stepID {
                    guard let found = try database.queryFirst("""
                        SELECT s.id, s.made_at, s.summary, (SELECT count(DISTINCT article_id) FROM undo_changes WHERE step_id = s.id),
                               s.server_scope, s.undone_at FROM undo_steps s WHERE s.id = ?
                        """, stepID, row: Self.step) else {
                        throw StoreError.conflict("the undo journal has no step \(stepID) ('lector undo --list' shows the steps it keeps)")
                    }
                    guard found.undoneAt == nil else { throw StoreError.conflict("step \(stepID) (\(found.summary)) was undone already") }
                    target = found
                } else {
                    guard let found = try database.queryFirst("""
                        SELECT s.id, s.made_at, s.summary, (SELECT count(DISTINCT article_id) FROM undo_changes WHERE step_id = s.id),
                               s.server_scope, s.undone_at FROM undo_steps s WHERE s.undone_at IS NULL ORDER BY s.id DESC LIMIT 1
                        """, row: Self.step) else { return nil }
                    target = found
                }
                return try revert(target)
            }
        }
    }

    private func revert(_ step: UndoStep) throws -> UndoOutcome {
        let now = Date().timeIntervalSince1970
        try database.execute("""
            CREATE TEMP TABLE IF NOT EXISTS undo_revert (
                article_id INTEGER NOT NULL, field TEXT NOT NULL, label_id INTEGER NOT NULL, was,
                PRIMARY KEY (article_id, field, label_id)) WITHOUT ROWID
            """)
        try database.execute("DELETE FROM undo_revert")
        // What the step changed that is still as the step left it and that no later step (not
        // undone) changed as well: an article changed again since keeps its state.
        try database.execute("""
            INSERT INTO undo_revert (article_id, field, label_id, was)
            SELECT c.article_id, c.field, c.label_id, c.was FROM undo_changes c
            WHERE c.step_id = ?1 AND c.was IS NOT c.became
            AND NOT EXISTS (SELECT 1 FROM undo_changes l JOIN undo_steps s ON s.id = l.step_id
                            WHERE l.article_id = c.article_id AND l.field = c.field AND l.label_id = c.label_id
                            AND l.step_id > c.step_id AND s.undone_at IS NULL)
            AND CASE c.field
                WHEN 'read' THEN (SELECT read FROM article_state WHERE article_id = c.article_id) IS c.became
                WHEN 'starred' THEN (SELECT starred FROM article_state WHERE article_id = c.article_id) IS c.became
                ELSE EXISTS (SELECT 1 FROM labels WHERE id = c.label_id)
                     AND EXISTS (SELECT 1 FROM article_labels WHERE article_id = c.article_id AND label_id = c.label_id) = c.became
            END
            """, step.id)
        let reverted = try database.scalarInt("SELECT count(DISTINCT article_id) FROM undo_revert")
        try database.execute("""
            UPDATE article_state SET read = (SELECT was FROM undo_revert r WHERE r.article_id = article_state.article_id AND r.field = 'read'),
                   changed_at = ?1
            WHERE article_id IN (SELECT article_id FROM undo_revert WHERE field = 'read')
            """, now)
        try database.execute("""
            UPDATE article_state SET starred = (SELECT was FROM undo_revert r WHERE r.article_id = article_state.article_id AND r.field = 'starred'),
                   changed_at = ?1
            WHERE article_id IN (SELECT article_id FROM undo_revert WHERE field = 'starred')
            """, now)
        try database.execute("""
            INSERT OR IGNORE INTO article_labels (article_id, label_id) SELECT article_id, label_id FROM undo_revert WHERE field = 'label' AND was = 1
            """)
        try database.execute("""
            DELETE FROM article_labels WHERE (article_id, label_id) IN (SELECT article_id, label_id FROM undo_revert WHERE field = 'label' AND was = 0)
            """)
        // The inverse intents, as `ArticleStateChanges` and `LabelsTable` queue a mark: a newer
        // wish replaces a queued one and takes a new generation.
        let local = AccountKind.serverless.rawValue
        try database.execute("""
            INSERT INTO pending_intents (account_id, action, article_id, desired, created_at)
            SELECT a.account_id, r.field, r.article_id,
                   CASE WHEN r.field = 'read' AND r.was = 'read' OR r.field = 'starred' AND r.was = 1 THEN 'true' ELSE 'false' END, ?1
            FROM undo_revert r JOIN articles a ON a.id = r.article_id JOIN accounts ac ON ac.id = a.account_id
            WHERE r.field IN ('read', 'starred') AND ac.kind <> ?2
            ON CONFLICT (article_id, action) WHERE article_id IS NOT NULL
            DO UPDATE SET desired = excluded.desired, created_at = excluded.created_at, in_flight = 0,
                          generation = pending_intents.generation + 1
            """, now, local)
        let labelKinds = String(decoding: try JSONEncoder().encode(AccountKind.allCases.filter(\.queuesLabelsForServer).map(\.rawValue)),
                                as: UTF8.self)
        try database.execute("""
            INSERT INTO pending_labels (account_id, article_id, label_id, desired, created_at)
            SELECT a.account_id, r.article_id, r.label_id, r.was, ?1
            FROM undo_revert r JOIN articles a ON a.id = r.article_id JOIN accounts ac ON ac.id = a.account_id
            WHERE r.field = 'label' AND ac.kind IN (SELECT value FROM json_each(?2))
            ON CONFLICT (article_id, label_id) DO UPDATE SET desired = excluded.desired, created_at = excluded.created_at,
                        in_flight = 0, generation = pending_labels.generation + 1
            """, now, labelKinds)
        let queued = try database.query("""
            SELECT DISTINCT a.account_id FROM undo_revert r JOIN articles a ON a.id = r.article_id JOIN accounts ac ON ac.id = a.account_id
            WHERE ac.kind <> ?
            """, local) { $0.int64(0) }
        try database.execute("UPDATE undo_steps SET undone_at = ? WHERE id = ?", now, step.id)
        try database.execute("DELETE FROM undo_revert")
        var done = step
        done.undoneAt = now
        return UndoOutcome(step: done, reverted: reverted, kept: step.articles - reverted, queuedAccountIDs: Set(queued))
    }
}
