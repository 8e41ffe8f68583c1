extension Store {
    /// The undo journal: the recent changes to read, starred and labels, and putting one back.
    public var undoJournal: UndoJournal { UndoJournal(database: database) }
}
