import FoundationEssentials
import LectorFeeds
import LectorStore
import LectorSync

/// What importing a list of feeds (OPML, a newsboat urls file) into an account did.
public struct FeedImport {
    public var added = 0
    /// Already subscribed (also across http/https and a trailing slash), or listed twice.
    public var skipped = 0
    public var failures: [Failure] = []

    public struct Failure {
        public let entry: OPMLDocument.Feed
        public let cause: Cause
    }

    public enum Cause {
        case notAWebAddress
        /// The address carries a login, which would be stored and shown with it: it must go
        /// through `feed add --login` and the keyring.
        case loginInAddress
        /// The service refused the feed (or could not be reached about it).
        case refused(AdministrationError)
    }
}

extension AccountManager {
    /// Subscribes `account` to each feed of the list, in its folder, through the server for a
    /// remote account. A feed that fails does not stop the others; the store failing does (every
    /// next feed would fail the same way).
    public func importFeeds(_ entries: [OPMLDocument.Feed], into account: Account) throws(AccountsError) -> FeedImport {
        let administrator = try administrator(for: account)
        do { try administrator.requireEditing("add feeds") } catch { throw .administration(error) }
        var known = Set(try storing { try store.feeds.list(accountID: account.id) }.compactMap { URL(string: $0.feed.url).map(canonicalFeedKey) })
        var result = FeedImport()
        for entry in entries {
            guard let url = URL(string: entry.xmlURL), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
                result.failures.append(.init(entry: entry, cause: .notAWebAddress))
                continue
            }
            guard url.user == nil, url.password == nil else {
                result.failures.append(.init(entry: entry, cause: .loginInAddress))
                continue
            }
            guard known.insert(canonicalFeedKey(url)).inserted else { result.skipped += 1; continue }
            do throws(AdministrationError) {
                try administrator.subscribe(SubscriptionRequest(url: url, folder: entry.folder, title: entry.givenTitle, siteURL: entry.htmlURL),
                                            checkedForDuplicates: true)
                result.added += 1
            } catch .store(let error) {
                throw .store(error)
            } catch {
                result.failures.append(.init(entry: entry, cause: .refused(error)))
            }
        }
        // Whatever a subscription stored, the rules act on (as after a sync).
        _ = try sweepRules(account, provider: administrator.provider, now: Date())
        return result
    }
}
