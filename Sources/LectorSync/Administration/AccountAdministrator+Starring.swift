import LectorStore

extension AccountAdministrator {
    /// Stars the account's articles that are not starred yet and, for a remote account, sends
    /// the stars to the server at once (they stay queued for the next sync when it cannot be
    /// reached). Returns how many were newly starred.
    @discardableResult
    public func star(_ articles: [ArticleSummary]) throws(AdministrationError) -> Int {
        let ids = articles.filter { !$0.starred && $0.accountID == account.id }.map(\.id)
        guard !ids.isEmpty else { return 0 }
        do { try store.states.setStarred(ids, to: true) } catch { throw .store(error) }
        if let provider {
            do { try SyncEngine(store: store, account: account, provider: provider).push() } catch { throw .server(error) }
        }
        return ids.count
    }
}
