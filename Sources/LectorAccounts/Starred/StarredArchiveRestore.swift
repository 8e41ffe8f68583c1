import FoundationEssentials
import LectorBasics
import LectorFeeds
import LectorSettings
import LectorStore
import LectorSync

/// What restoring one account's starred articles did.
public struct StarredRestoreReport: Sendable, Equatable {
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
    public var notTaken: [NotTakenArticle]
    /// Why the account's articles from some point on were not put back (its server could not
    /// be reached, the store failed): each of them is in `notTaken` with this as its reason.
    public var failure: AccountsError? = nil
    /// Left waiting in the store for the account's next sync (a sync that put back starred
    /// articles a restore kept for it, and failed part-way).
    public var waitingForNextSync = 0
    /// The failure was the store's own (a full disk): the restore stopped there, and the command fails with it.
    public var stopsRestore: Bool { failure?.isStoreFailure ?? false }
}

/// An archived article a restore could not put back: what names it, and why (not its content).
public struct NotTakenArticle: Sendable, Equatable {
    public var title: String
    public var url: String?
    public var feedTitle: String
    public var reason: String

    init(_ entry: ArchivedEntry, reason: String) {
        (title, url, feedTitle, self.reason) = (entry.title, entry.url, entry.feedTitle, reason)
    }
}

extension AccountManager {
    /// Puts a backup's starred articles back, account by account and `pageSize` articles at a
    /// time read from the file: stars again what the account carries, re-creates the rest where
    /// it can take entries, lists what it cannot. An account that cannot be reached (or fails
    /// part-way) is reported with the articles it did not get to as not taken.
    public func restoreStarred(_ section: StarredSection, pageSize: Int = StarredSection.pageSize,
                               skipping skipped: Set<String> = []) -> [StarredRestoreReport] {
        var storeFailure: AccountsError?
        return section.accounts.filter { $0.count > 0 && !skipped.contains($0.name) }.sorted { $0.name < $1.name }.map { archived in
            var report = StarredRestoreReport(account: archived.name, wanted: archived.count, matched: 0, newlyStarred: 0, recreated: 0, notTaken: [])
            // Each archived article's position in the account's list, once it is done (starred,
            // re-created, found there already, or listed as not taken): what the rest is.
            var done = Set<Int>()
            do throws(AccountsError) {
                // After the store failed, every next account would fail the same way: none is tried.
                if let storeFailure { throw storeFailure }
                try restoreStarred(section, of: archived.name, pageSize: pageSize, into: &report, done: &done)
            } catch {
                if error.isStoreFailure { storeFailure = error }
                report.failure = error
                var position = 0
                // Why try?: the file was read before; should it fail now, the report keeps what was done.
                try? section.forEachPage(of: archived.name, size: pageSize) { page in
                    for entry in page {
                        if !done.contains(position) { report.notTaken.append(NotTakenArticle(entry, reason: error.description)) }
                        position += 1
                    }
                }
            }
            return report
        }
    }

    /// How many of each account's archived articles it holds here, starred already.
    func starredHere(_ section: StarredSection) throws(AccountsError) -> [String: Int] {
        var counts: [String: Int] = [:]
        for archived in section.accounts {
            guard let account = try storing({ try store.accounts.named(archived.name) }) else { continue }
            let index = try storing { try ArticleMatcher(store: store).index(of: account) }
            try reading(section, of: archived.name, pageSize: StarredSection.pageSize) { (page) throws(AccountsError) in
                counts[archived.name, default: 0] += index.match(page.map(\.wanted)).matched.filter { $0.article.starred }.count
            }
        }
        return counts
    }

    /// One account's articles, a page at a time: the account's articles are listed once (after a
    /// sync when its server keeps them), each page matched against them, starred, and its
    /// unmatched articles re-created. `handled`: how many of them are done.
    private func restoreStarred(_ section: StarredSection, of name: String, pageSize: Int, into report: inout StarredRestoreReport,
                                done: inout Set<Int>) throws(AccountsError) {
        let account = try account(named: name)
        let administrator = try administrator(for: account)
        let provider = administrator.provider
        // The server's articles first: a fresh store holds none of them yet.
        if account.kind.hasServer {
            do { _ = try provider.sync(account, in: store, manual: true, since: nil, progress: { _ in }) } catch { throw .sync(error) }
            // A whole sync: the rules sweep it (as old, for an account this restore made) and
            // what arrives after it is new.
            _ = try sweepRules(account, provider: provider, now: Date(), completesSync: true)
        }
        try putBackStarred(through: administrator, into: &report, done: &done) { (body) throws(AccountsError) in
            try reading(section, of: name, pageSize: pageSize, body)
        }
    }

    /// Puts back an account's archived articles handed over a page at a time by `pages`, against
    /// what the store holds of the account now: each page matched, starred, and its unmatched
    /// articles re-created. `done`: the positions done, counted from the first page's first.
    func putBackStarred(through administrator: AccountAdministrator, into report: inout StarredRestoreReport, done: inout Set<Int>,
                        pages: (_ body: ([ArchivedEntry]) throws(AccountsError) -> Void) throws(AccountsError) -> Void) throws(AccountsError) {
        let account = administrator.account
        let index = try storing { try ArticleMatcher(store: store).index(of: account) }
        var first = 0
        try pages { (entries) throws(AccountsError) in
            defer { first += entries.count }
            let matches = index.match(entries.map(\.wanted))
            var unmatched = Dictionary(grouping: Array(entries.indices)) { entries[$0].wanted.key }
            let recreating = matches.unmatched.compactMap { unmatched[$0.key]?.popLast() }
            report.newlyStarred += try administering { () throws(AdministrationError) in
                _ = try administrator.carryLabels(matches.matched)
                return try administrator.star(matches.matched.map(\.article))
            }
            report.matched += matches.matched.count
            // The page's matched articles are starred: all of it but what is re-created below.
            done.formUnion(Set(entries.indices).subtracting(recreating).map { first + $0 })
            for position in recreating {
                switch try recreate(entries[position], through: administrator) {
                case .created: report.recreated += 1
                case .alreadyThere: break
                case .refused(let reason): report.notTaken.append(NotTakenArticle(entries[position], reason: reason))
                }
                done.insert(first + position)
            }
        }
        // What was re-created here is swept like anything stored (as old, for an account this restore made).
        _ = try sweepRules(account, provider: administrator.provider, now: Date())
    }

    /// `section.forEachPage` for a page handler of the account core, the file's errors kept as a backup's.
    private func reading(_ section: StarredSection, of name: String, pageSize: Int,
                         _ body: ([ArchivedEntry]) throws(AccountsError) -> Void) throws(AccountsError) {
        do { try section.forEachPage(of: name, size: pageSize) { page throws in try body(page) } } catch let error as AccountsError {
            throw error
        } catch let error as BackupError {
            throw .backup(error)
        } catch {
            throw .storing(error)
        }
    }

    enum Recreation { case created, alreadyThere, refused(String) }

    /// One archived article the account lacks, made again where the account can take it: a
    /// service that imports entries takes it into the subscribed feed of its address,
    /// subscribed first when the account has none (the feed must still be on the web).
    func recreate(_ entry: ArchivedEntry, through administrator: AccountAdministrator) throws(AccountsError) -> Recreation {
        let account = administrator.account
        guard let importer = administrator.provider.roles.entryImport else {
            return .refused("a \(account.kind.rawValue) account cannot take articles in")
        }
        guard let feedURL = entry.feedURL.flatMap(URL.init(string:)) else { return .refused("its feed has no address") }
        let key = canonicalFeedKey(feedURL)
        let subscribed = try storing { try store.feeds.list(accountID: account.id) }.first { URL(string: $0.feed.url).map(canonicalFeedKey) == key }?.feed
        var unsubscribed: AdministrationError?
        do throws(SyncError) {
            let created = try importer.importStarred(entry, into: account, in: store) { () throws(SyncError) -> String in
                if let subscribed { return subscribed.serverID }
                do throws(AdministrationError) {
                    return try administrator.subscribe(SubscriptionRequest(url: feedURL, title: entry.feedTitle, siteURL: entry.siteURL)).serverID
                } catch { unsubscribed = error; throw .rejected(error.description) }
            }
            return created ? .created : .alreadyThere
        } catch {
            if let unsubscribed {
                return .refused("its feed \(feedURL.absoluteString) could not be subscribed in '\(account.name)': \(unsubscribed.description)")
            }
            // The store failing is no refusal of one article: nothing after it could be kept either.
            if case .store = error { throw .sync(error) }
            return .refused(String(describing: error))
        }
    }
}

extension AccountsError {
    /// The store itself failed (a full disk, a store another process holds, damage), however a
    /// verb wrapped it: nothing after it can be stored either.
    var isStoreFailure: Bool {
        switch self {
        case .store(let error), .sync(.store(let error)), .administration(.store(let error)), .administration(.server(.store(let error))):
            switch error {
            case .database, .damaged: true
            default: false
            }
        default: false
        }
    }
}

extension WantedArticle {
    /// Groups an archive's articles by what the matcher reports back.
    var key: String { "\(url ?? "")\n\(guid ?? "")\n\(title)\n\(publishedAt.map { String($0) } ?? "")" }
}
