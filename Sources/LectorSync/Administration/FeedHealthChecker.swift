import FoundationEssentials
import LectorBasics
import LectorFeeds
import LectorHTTP
import LectorStore

/// Checks the health of subscriptions: asks each feed's server politely (a conditional request,
/// one request per host at a time, nothing while its server's Retry-After holds), and combines
/// what it answers with what syncs and earlier checks recorded, what the service reports, and
/// the other subscriptions (duplicates).
public struct FeedHealthChecker {
    let store: Store
    let http: HTTPClient
    /// A feed with no new entry for this long is stale (`feed.stale-after`).
    public var staleAfter: TimeInterval
    /// Hosts asked at the same time (each host still gets one request at a time).
    public var parallelHosts = 8
    /// Failed checks in a row (at least the fetch floor apart) before a 404 means gone (a 410 is gone at once).
    public var goneAfterChecks = 3
    let credentials: (Feed) -> FeedCredentials?

    public init(store: Store, http: HTTPClient, staleAfter: TimeInterval, credentials: @escaping (Feed) -> FeedCredentials? = { _ in nil }) {
        self.store = store
        self.http = http
        self.staleAfter = staleAfter
        self.credentials = credentials
    }

    public struct Report: Sendable {
        /// Worst first.
        public var feeds: [FeedHealth]
        /// HTTP requests made to feed servers.
        public var requests: Int
        /// Checked feeds whose address another account also subscribes: the copies `account copy`
        /// makes on purpose, so said once for them all rather than as a duplicate per feed.
        public var alsoInAnotherAccount: Int
    }

    /// Checks every feed of `accounts`. `serverErrors` holds what each account's service says
    /// about its feeds (by account id, then server feed id).
    public func check(_ accounts: [Account], serverErrors: [Int64: [String: ServerFeedError]] = [:],
                      now: Date = Date()) throws(StoreError) -> Report {
        let time = now.timeIntervalSince1970
        let accountIDs = Set(accounts.map(\.id))
        let everyFeed = try store.feeds.list()
        let allAccounts = try store.accounts.all()
        let demo = Set(allAccounts.filter(\.isDemo).map(\.id))
        let listings = everyFeed.filter { accountIDs.contains($0.feed.accountID) }
        let byID = Dictionary(uniqueKeysWithValues: accounts.map { ($0.id, $0) })

        // What is known already, and which feeds may be asked again now.
        var metas: [StoredFetchMeta] = [], records: [FeedCheckRecord?] = [], jobs: [(index: Int, url: URL, meta: StoredFetchMeta, credentials: FeedCredentials?)] = []
        for (index, listing) in listings.enumerated() {
            let meta = try store.fetchMeta.meta(feedID: listing.feed.id)
            let record = FeedCheckRecord.load(listing.feed, store: store)
            metas.append(meta)
            records.append(record)
            if !Self.askedToWait(meta: meta, record: record, now: time), let url = URL(string: listing.feed.url) {
                jobs.append((index, url, meta, credentials(listing.feed)))
            }
        }
        let http = self.http
        let probes = runPolitely(jobs.map { job in
            { FeedProbe.run(job.url, etag: job.meta.etag, lastModified: job.meta.lastModified, credentials: job.credentials, http: http) }
        }, hosts: jobs.map { Self.hostKey($0.url) })
        var fresh: [Int: FeedProbe] = [:]
        for (job, probe) in zip(jobs, probes) { fresh[job.index] = probe }
        // A name that does not resolve means the site is gone only when other hosts did answer.
        let networkUp = probes.contains { $0.status != nil }

        let subscribed = everyFeed.filter { !demo.contains($0.feed.accountID) }
        let duplicates = Self.duplicates(subscribed, accounts: allAccounts)
        let elsewhere = Self.alsoInAnotherAccount(listings, among: subscribed)
        var results: [FeedHealth] = []
        for (index, listing) in listings.enumerated() {
            let meta = metas[index]
            var record = records[index]
            if let probe = fresh[index] {
                record = FeedCheckRecord.next(after: record, url: listing.feed.url, probe: probe, now: time)
                try record?.save(listing.feed.id, store: store)
            }
            // The later of the check's last success and the last sync's, when that one worked.
            let synced = meta.failureCount == 0 ? meta.lastFetchedAt : nil
            var health = FeedHealth(feed: listing.feed, account: byID[listing.feed.accountID]!, folderName: listing.folderName,
                                    lastSuccessAt: [record?.lastSuccessAt, synced].compactMap { $0 }.max(),
                                    lastError: nil, failingSince: record?.firstFailureAt, requested: fresh[index] != nil, findings: [])
            health.findings = try findings(listing, meta: meta, record: record, networkUp: networkUp || fresh[index] == nil, now: time,
                                           health: &health)
            if listing.paused { health.findings.append(.paused) }
            if let twins = duplicates[listing.feed.id] { health.findings.append(.duplicate(of: twins)) }
            if let error = serverErrors[listing.feed.accountID]?[listing.feed.serverID] { health.findings.append(.serverReports(error)) }
            results.append(health)
        }
        // The worst first; then by account and title, "Feed 2" before "Feed 10".
        results.sort { a, b in
            if a.severity != b.severity { return a.severity > b.severity }
            if a.account.name != b.account.name { return a.account.name.precedesNaturally(b.account.name) }
            return a.feed.title.precedesNaturally(b.feed.title)
        }
        return Report(feeds: results, requests: probes.map(\.requests).reduce(0, +), alsoInAnotherAccount: elsewhere)
    }

    /// True while a feed's server asked, through Retry-After, not to be asked yet: of the check
    /// (its last answer) or of a sync (a 429 or 503 whose wait has not run out). Nothing else
    /// holds a check back: it is asked for, and a refresh you ask for is never throttled.
    static func askedToWait(meta: StoredFetchMeta, record: FeedCheckRecord?, now: Double) -> Bool {
        if let record, let wait = record.probe.retryAfter, now < record.checkedAt + wait { return true }
        let syncWasTold = meta.failureCount > 0 && ["HTTP 429", "HTTP 503"].contains { meta.lastError?.contains($0) == true }
        return syncWasTold && (meta.nextFetchAt ?? 0) > now
    }

    private func findings(_ listing: FeedListing, meta: StoredFetchMeta, record: FeedCheckRecord?, networkUp: Bool, now: Double,
                          health: inout FeedHealth) throws(StoreError) -> [HealthFinding] {
        var found: [HealthFinding] = []
        var newest = try store.articles.newestListingTime(feedID: listing.feed.id)
        var working = meta.failureCount == 0
        if let probe = record?.probe {
            if let moved = probe.movedTo.flatMap(URL.init(string:)) { found.append(.moved(to: moved)) }
            let checks = max(record?.failures ?? 0, 1)
            switch probe.result {
            case .feed, .notModified:
                working = true
                if let fetched = probe.newest { newest = max(newest ?? fetched, fetched) }
            case .page:
                working = false
                found.append(.notAFeed(candidates: probe.candidates.compactMap(URL.init(string:))))
            case .gone:
                working = false
                found.append(checks >= goneAfterChecks ? .gone(.notFound(status: probe.status ?? 404, message: probe.message, checks: checks))
                                                     : .failing(reason: probe.message ?? "HTTP \(probe.status ?? 404)", checks: checks))
            case .removed:
                // 410 Gone: the server says so on the first look; no need to wait for more checks.
                working = false
                found.append(.gone(.removed(message: probe.message)))
            case .unresolvable where networkUp:
                working = false
                found.append(.gone(.unresolvable(message: probe.message)))
            case .unresolvable, .httpError, .networkError, .unreadable:
                working = false
                found.append(.failing(reason: probe.message ?? "the fetch failed", checks: checks))
            }
            if !working { health.lastError = probe.message }
        } else if meta.failureCount > 0, let error = meta.lastError {
            // Not asked now (its server said to wait) and never checked: what the last sync
            // recorded. Only a check's own answer, by its status, calls a feed gone.
            health.lastError = error
            found.append(.failing(reason: error, checks: meta.failureCount))
        }
        if working, newest.map({ now - $0 > staleAfter }) ?? true {
            found.append(.stale(newest: newest))
        }
        return found
    }

    /// Feeds subscribed more than once in one account (same canonical address), by feed id: where
    /// the others are. The same address in two accounts is no duplicate: `account copy` makes it.
    static func duplicates(_ listings: [FeedListing], accounts: [Account]) -> [Int64: [String]] {
        let names = Dictionary(uniqueKeysWithValues: accounts.map { ($0.id, $0.name) })
        var groups: [String: [FeedListing]] = [:]
        for listing in listings {
            guard let url = URL(string: listing.feed.url) else { continue }
            groups["\(listing.feed.accountID) \(canonicalFeedKey(url))", default: []].append(listing)
        }
        var twins: [Int64: [String]] = [:]
        for group in groups.values where group.count > 1 {
            for listing in group {
                twins[listing.feed.id] = group.filter { $0.feed.id != listing.feed.id }.map {
                    "\(names[$0.feed.accountID] ?? "?") / \($0.folderName ?? "no folder") / \($0.feed.title)"
                }
            }
        }
        return twins
    }

    /// How many of `checked` have their canonical address subscribed in another account too.
    static func alsoInAnotherAccount(_ checked: [FeedListing], among listings: [FeedListing]) -> Int {
        var accounts: [String: Set<Int64>] = [:]
        for listing in listings {
            guard let url = URL(string: listing.feed.url) else { continue }
            accounts[canonicalFeedKey(url), default: []].insert(listing.feed.accountID)
        }
        return checked.filter { listing in
            URL(string: listing.feed.url).map { (accounts[canonicalFeedKey($0)]?.count ?? 0) > 1 } ?? false
        }.count
    }
}
