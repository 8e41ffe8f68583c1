import LectorStore

extension AccountAdministrator {
    /// Stars the account's articles that are not starred yet and sends the stars to the server
    /// at once (a local account has nowhere to send them) (they stay queued for the next sync when it cannot be
    /// reached). Returns how many were newly starred.
    @discardableResult
    public func star(_ articles: [ArticleSummary]) throws(AdministrationError) -> Int {
        let ids = articles.filter { !$0.starred && $0.accountID == account.id }.map(\.id)
        guard !ids.isEmpty else { return 0 }
        do { try store.states.setStarred(ids, to: true) } catch { throw .store(error) }
        do { _ = try provider.push(account, in: store, progress: { _ in }) } catch { throw .server(error) }
        return ids.count
    }
}
