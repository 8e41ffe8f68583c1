import LectorStore
import LectorSync

extension AccountManager {
    /// `feed refresh`: asks the account's server to fetch `feeds` now (nil: all of them), then
    /// syncs the account so what the fetch brought is here. A local account fetches the feeds
    /// named (all of them for nil): Lector is its server. A service whose API has no such call is refused before anything is sent.
    public func refreshOnServer(_ feeds: [Feed]?, of account: Account, sync request: SyncRequest,
                                events: @escaping (SyncRunEvent) -> Void = { _ in },
                                isInterrupted: () -> Bool = { false }) throws(AccountsError) -> SyncRunReport {
        let administrator = try administrator(for: account)
        do { try administrator.refreshOnServer(feeds) } catch { throw .administration(error) }
        var request = request
        request.accountName = account.name
        // A local account is its own server: it fetches the feeds named, not every feed.
        if !account.kind.hasServer, let feeds { request.feedIDs = Set(feeds.map(\.id)) }
        return try sync(request, events: events, isInterrupted: isInterrupted)
    }
}
