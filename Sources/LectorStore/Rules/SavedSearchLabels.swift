import FoundationEssentials

extension RuleEngine {
    /// Keeps each saved search saved with `--label` as a label of its name on one account's
    /// articles: what it matches carries the label, what carries the label and no longer matches
    /// loses it, through `LabelsTable.set` (so an account whose server keeps labels queues the
    /// changes for it). The label is the search's: a hand-made change to it is undone by the next run.
    /// Returns how many articles changed.
    @discardableResult
    public func keepSavedSearchLabels(accountID: Int64, now: Double) throws(StoreError) -> Int {
        let searches = try SavedSearchesTable(database: database).all().filter(\.label)
        guard !searches.isEmpty else { return 0 }
        return try storeOperation {
            try UndoJournal(database: database).step("saved searches' labels") {
                try database.registerFilterFunctions()
                try SearchIndex(database: database).feedBacklog()
                let labels = LabelsTable(database: database)
                var changed = 0
                for search in searches {
                    let filter: FilterExpression
                    do { filter = try FilterParser.parse(search.expression) } catch {
                        throw StoreError.conflict("saved search '\(search.name)' does not parse (\(error)); save it again")
                    }
                    let (sql, arguments) = Self.matching(filter, scope: RuleScope(accountID: accountID), ruleID: nil,
                                                         now: now, select: "a.id")
                    let matching = Set(try database.query(sql, arguments: arguments) { $0.int64(0) })
                    let carrying = Set(try database.query("""
                        SELECT al.article_id FROM article_labels al JOIN labels l ON l.id = al.label_id WHERE l.account_id = ? AND l.name = ?
                        """, accountID, search.name) { $0.int64(0) })
                    changed += try labels.set(search.name, on: true, articleIDs: matching.subtracting(carrying).sorted())
                    changed += try labels.set(search.name, on: false, articleIDs: carrying.subtracting(matching).sorted())
                }
                return changed
            }
        }
    }
}
