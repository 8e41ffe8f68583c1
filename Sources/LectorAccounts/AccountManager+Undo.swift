import LectorStore

/// Undo: putting back a recent change to read, starred or labels (a mark, a mark-all-read, a
/// label, a rule's actions) from the store's journal (`UndoJournal`). The undo is written in the
/// store first and its inverse intents are queued like a mark's, then pushed at once with the
/// mark flush's deadline; what cannot reach a server now goes with the next sync.
extension AccountManager {
    /// What an undo did: the store's outcome, and whether the inverse reached the servers (nil:
    /// no server account was involved; false: some of it waits in the queue for the next sync).
    public struct UndoResult: Sendable, Equatable {
        public var outcome: UndoOutcome
        public var sent: Bool?
    }

    /// The steps the journal keeps, newest first.
    public func undoSteps() throws(AccountsError) -> [UndoStep] {
        try storing { try store.undoJournal.steps() }
    }

    /// Undoes step `stepID`, else the newest step not undone yet; nil when there is none.
    public func undo(stepID: Int64? = nil) throws(AccountsError) -> UndoResult? {
        guard let outcome = try storing({ try store.undoJournal.undo(stepID: stepID) }) else { return nil }
        let sent = outcome.queuedAccountIDs.isEmpty ? nil : try flushMarks(accountIDs: outcome.queuedAccountIDs)
        return UndoResult(outcome: outcome, sent: sent)
    }
}
