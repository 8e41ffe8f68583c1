import FoundationEssentials
import LectorFeeds
import LectorSettings
import LectorStore
import LectorSync

/// What restoring one account's starred articles did.
public struct StarredRestoreReport: Sendable {
    public var account: String
    /// The archive's articles for the account.
    public var wanted: Int
    /// Found among the account's articles (by canonical address, or guid between local accounts).
    public var matched: Int
    /// Of those, the ones not starred before.
    public var newlyStarred: Int
    /// Re-created in the account (a local account's store, Miniflux's entry import).
    public var recreated: Int
    /// What no server could take, and why.
    public var notTaken: [(article: BackupStarredArticle, reason: String)]
}

extension AccountManager {
    /// Puts a backup's starred articles back, account by account: stars again what the
    /// account carries, re-creates the rest where it can take entries, lists what it cannot.
    /// An account that cannot be reached is reported with all its articles not taken.
    public func restoreStarred(_ section: [String: [BackupStarredArticle]]) -> [StarredRestoreReport] {
        section.keys.sorted().compactMap { (name) -> StarredRestoreReport? in
            guard let articles = section[name], !articles.isEmpty else { return nil }
            do throws(AccountsError) { return try restoreStarred(articles, into: name) } catch {
                return StarredRestoreReport(account: name, wanted: articles.count, matched: 0, newlyStarred: 0, recreated: 0,
                                            notTaken: articles.map { ($0, error.description) })
            }
        }
    }

    /// How many of each account's archived articles it holds here, starred already.
    func starredHere(_ section: [String: [BackupStarredArticle]]) throws(AccountsError) -> [String: Int] {
        var counts: [String: Int] = [:]
        for (name, articles) in section {
            guard let account = try storing({ try store.accounts.named(name) }) else { continue }
            let matches = try storing { try ArticleMatcher(store: store).match(articles.map { ArchivedEntry($0).wanted }, in: account) }
            counts[name] = matches.matched.filter { $0.article.starred }.count
        }
        return counts
    }

    private func restoreStarred(_ articles: [BackupStarredArticle], into name: String) throws(AccountsError) -> StarredRestoreReport {
        let account = try account(named: name)
        let administrator = try administrator(for: account)
        let provider = administrator.provider
        // The server's articles first: a fresh store holds none of them yet.
        if !provider.capabilities.fetchesFeedsHere {
            do { _ = try provider.sync(account, in: store, manual: true, since: nil, progress: { _ in }) } catch { throw .sync(error) }
        }
        let entries = articles.map(ArchivedEntry.init)
        let matches = try storing { try ArticleMatcher(store: store).match(entries.map(\.wanted), in: account) }
        let newly = try administering { () throws(AdministrationError) in
            _ = try administrator.carryLabels(matches.matched)
            return try administrator.star(matches.matched.map(\.article))
        }
        var report = StarredRestoreReport(account: name, wanted: articles.count, matched: matches.matched.count, newlyStarred: newly,
                                          recreated: 0, notTaken: [])
        var unmatched = Dictionary(grouping: Array(entries.indices)) { entries[$0].wanted.key }
        for wanted in matches.unmatched {
            guard let index = unmatched[wanted.key]?.popLast() else { continue }
            switch try recreate(entries[index], through: administrator) {
            case .created: report.recreated += 1
            case .alreadyThere: break
            case .refused(let reason): report.notTaken.append((articles[index], reason))
            }
        }
        return report
    }

    enum Recreation { case created, alreadyThere, refused(String) }

    /// One archived article the account lacks, made again where the account can take it: a
    /// service that imports entries takes it into the subscribed feed of its address,
    /// subscribed first when the account has none (the feed must still be on the web).
    func recreate(_ entry: ArchivedEntry, through administrator: AccountAdministrator) throws(AccountsError) -> Recreation {
        let account = administrator.account
        if account.kind == .local {
            do {
                return try StoredStarredArchive(store: store, account: account).recreate(entry) ? .created : .refused("its feed has no address")
            } catch { throw .sync(error) }
        }
        guard let importer = administrator.provider as? any EntryImporting else {
            return .refused("a \(account.kind.rawValue) account cannot take articles in")
        }
        guard let feedURL = entry.feedURL.flatMap(URL.init(string:)) else { return .refused("its feed has no address") }
        let key = canonicalFeedKey(feedURL)
        let subscribed = try storing { try store.feeds.list(accountID: account.id) }.first { URL(string: $0.feed.url).map(canonicalFeedKey) == key }?.feed
        do {
            let feed = try subscribed ?? administrator.subscribe(SubscriptionRequest(url: feedURL, title: entry.feedTitle, siteURL: entry.siteURL))
            return try importer.importStarred(entry, intoFeed: feed.serverID) ? .created : .alreadyThere
        } catch let error as AdministrationError {
            return .refused("its feed \(feedURL.absoluteString) could not be subscribed in '\(account.name)': \(error.description)")
        } catch {
            return .refused(String(describing: error))
        }
    }
}

extension WantedArticle {
    /// Groups an archive's articles by what the matcher reports back.
    var key: String { "\(url ?? "")\n\(guid ?? "")\n\(title)\n\(publishedAt.map { String($0) } ?? "")" }
}
