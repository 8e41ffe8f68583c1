import LectorBasics

/// Fever's starred archive: `saved_item_ids`, then `items&with_ids` 50 at a time.
extension FeverProvider: StarredArchiving {
    public func starredArchive(page: ([ArchivedEntry]) throws -> Void) throws(SyncError) {
        try starredArchiveByIDs(page: page)
    }
}
