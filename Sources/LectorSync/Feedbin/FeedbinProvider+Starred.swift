import LectorBasics

/// Feedbin's starred archive: `starred_entries.json`, then `entries.json?ids=` 100 at a time.
extension FeedbinProvider: StarredArchiving {
    public func starredArchive(page: ([ArchivedEntry]) throws -> Void) throws(SyncError) {
        try starredArchiveByIDs(page: page)
    }
}
