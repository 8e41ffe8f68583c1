import FoundationEssentials
import LectorBasics
import LectorStore
import LectorSync

/// The article parts of `account copy`: stars found again in the destination, the reading list
/// carried over by address. Subscriptions and folders go through a `SubscriptionPlanner` plan.
public struct AccountCopy {
    public let source: Account
    let destination: AccountAdministrator

    public init(from source: Account, into destination: AccountAdministrator) {
        self.source = source
        self.destination = destination
    }

    public struct StarredResult: Sendable, Equatable {
        public var wanted: Int
        public var matched: Int
        public var newlyStarred: Int
        /// Starred in the source, not found in the destination (its feed does not go back that far).
        public var unmatched: [WantedArticle]
        /// Of those not found, how many were re-created in the destination (it can take entries).
        public var recreated = 0
        /// Of those found, how many took a label they carry in the source (where the destination takes labels).
        public var labelled = 0
    }

    /// What a copy of the stars would start from: the source's starred articles.
    public func starredInSource() throws(AdministrationError) -> [WantedArticle] {
        do { return try ArticleMatcher(store: destination.store).starred(in: source) } catch { throw .store(error) }
    }

    /// Stars in the destination the source's starred articles it has. `fetch` brings the
    /// destination's articles up to date first (a sync), so feeds just subscribed are there.
    public func copyStarred(fetch: () throws(SyncError) -> Void) throws(AdministrationError) -> StarredResult {
        let wanted = try starredInSource()
        if !wanted.isEmpty {
            do { try fetch() } catch { throw .server(error) }
        }
        let matches: ArticleMatcher.Matches
        do { matches = try ArticleMatcher(store: destination.store).match(wanted, in: destination.account) } catch { throw .store(error) }
        let labelled = try destination.carryLabels(matches.matched)
        let newly = try destination.star(matches.matched.map(\.article))
        return StarredResult(wanted: wanted.count, matched: matches.matched.count, newlyStarred: newly, unmatched: matches.unmatched,
                             labelled: labelled)
    }

    /// The source's reading-list items the destination's list lacks (by address).
    public func readingListMissing() throws(AdministrationError) -> (sourceItems: Int, missing: [ReadingListItem]) {
        let all: [ReadingListItem]
        do { all = try destination.store.readingList.all() } catch { throw .store(error) }
        let have = Set(all.filter { $0.accountID == destination.account.id }.map(\.url))
        let mine = all.filter { $0.accountID == source.id }
        return (mine.count, mine.filter { !have.contains($0.url) })
    }

    /// Adds the source's reading-list items to the destination's list; returns how many were new.
    public func copyReadingList() throws(AdministrationError) -> Int {
        let missing = try readingListMissing().missing
        do {
            for item in missing { try destination.store.readingList.add(accountID: destination.account.id, url: item.url, title: item.title) }
        } catch { throw .store(error) }
        return missing.count
    }
}
