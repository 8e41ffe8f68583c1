import LectorStore
import LectorSync

extension AccountAdministrator {
    /// Puts on each found article the labels the wanted one carries, where the account takes
    /// labels (`ServiceCapabilities.takesLabels`); for a FreshRSS server queued like a hand-made label
    /// and sent at once (they stay queued for the next sync when it cannot be reached). Returns
    /// how many articles took a label.
    public func carryLabels(_ matched: [(wanted: WantedArticle, article: ArticleRow)]) throws(AdministrationError) -> Int {
        guard account.kind.service.capabilities.takesLabels else { return 0 }
        var labelled: Set<Int64> = []
        let byLabel = Dictionary(grouping: matched.flatMap { pair in pair.wanted.labels.map { ($0, pair.article.id) } }, by: \.0)
        do {
            for (label, pairs) in byLabel.sorted(by: { $0.key < $1.key }) {
                let ids = pairs.map(\.1)
                if try store.labels.set(label, on: true, articleIDs: ids) > 0 { labelled.formUnion(ids) }
            }
        } catch { throw .store(error) }
        if !labelled.isEmpty && account.kind.service.capabilities.keepsLabelsOnServer {
            do { _ = try provider.push(account, in: store, progress: { _ in }) } catch { throw .server(error) }
        }
        return labelled.count
    }

    /// Stars the account's articles that are not starred yet — through `marks`, the account
    /// core's one door for marks, when the core made this administrator — and sends the stars to
    /// the server at once (a local account has nowhere to send them) (they stay queued for the
    /// next sync when it cannot be reached). Returns how many were newly starred.
    @discardableResult
    public func star(_ articles: [ArticleRow]) throws(AdministrationError) -> Int {
        let ids = articles.filter { !$0.starred && $0.accountID == account.id }.map(\.id)
        guard !ids.isEmpty else { return 0 }
        if let marks {
            try marks.star(ids)
        } else {
            // An administrator made without the account core (the sync tests, the bench): the
            // mark verb's own store route.
            do { try store.states.mark(ids, as: .star) } catch { throw .store(error) }
        }
        do { _ = try provider.push(account, in: store, progress: { _ in }) } catch { throw .server(error) }
        return ids.count
    }
}
