import FoundationEssentials
import LectorBasics

/// A service whose starred articles can be read whole, with their content, page by page.
public protocol StarredArchiving {
    /// Every starred article of the account, a page at a time (each page handed over before
    /// the next is asked for, so memory stays bounded).
    func starredArchive(page: ([ArchivedEntry]) throws -> Void) throws(SyncError)
}

extension StarredArchiving {
    /// `page` for a callback that may throw anything, its own errors kept as a sync's.
    func delivering(_ entries: [ArchivedEntry], to page: ([ArchivedEntry]) throws -> Void) throws(SyncError) {
        do { try page(entries) } catch let error as SyncError { throw error } catch { throw .storing(error) }
    }
}
