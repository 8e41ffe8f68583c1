import LectorBasics
import LectorStore

extension AccountManager {
    /// Keeps a filter under a name (`article list --saved NAME`), replacing the filter saved under
    /// it before; returns whether it replaced one. A filter that does not parse is refused.
    @discardableResult
    public func saveSearch(_ search: SavedSearch) throws(AccountsError) -> Bool {
        let searches = store.savedSearches
        return try storing { try searches.save(search) }
    }

    /// Forgets the saved search of that name (any case); one there is not is not found.
    public func removeSearch(named name: String) throws(AccountsError) {
        let searches = store.savedSearches
        try storing { try searches.remove(name) }
    }
}
