import FoundationEssentials
import LectorBasics
import LectorFeeds
import LectorStore

/// Sync for a local account: Lector fetches each feed itself, politely (see `FeedFetcher`), and
/// stores new articles as unread. Local state is authoritative: a fetch never changes it.
public struct LocalFeedSync {
    let store: Store
    let account: Account
    let fetcher: FeedFetcher
    let credentials: (Feed) -> FeedCredentials?
    let progress: (SyncProgress) -> Void
    /// Only these feeds (`feed refresh FEED`); nil: every feed. A run of some feeds is not the
    /// account's sync: its start and end are not recorded (the automatic floor and `account
    /// show`'s last sync stay the whole account's).
    public var onlyFeedIDs: Set<Int64>?

    public init(store: Store, account: Account, fetcher: FeedFetcher, credentials: @escaping (Feed) -> FeedCredentials? = { _ in nil },
                progress: @escaping (SyncProgress) -> Void = { _ in }) {
        self.store = store
        self.account = account
        self.fetcher = fetcher
        self.credentials = credentials
        self.progress = progress
    }

    /// A feed not fetched this run because it is not due yet.
    public struct Deferral: Sendable, Equatable {
        public var title: String
        /// When it is next due, in seconds since 1970.
        public var until: Double
    }

    /// One line per feed that failed, for the summary.
    public struct Report: Sendable, Equatable {
        public var fetched = 0
        public var unchanged = 0
        public var skipped = 0
        /// The feeds skipped because a server's Retry-After or our backoff says not yet, with the
        /// time (seconds since 1970) they are next due: a deferral, not an "ok", for the sync log.
        public var deferred: [Deferral] = []
        public var newArticles = 0
        /// Articles that took a star or read mark restored from a backup as they arrived.
        public var restoredMarks = 0
        public var failures: [String] = []
        /// The same failures with their feed and typed cause, for scripts (`sync --json`).
        public var feedFailures: [FeedFailure] = []
        /// Set when the run was cancelled (Ctrl-C) before every feed was reached.
        public var interruption: Interruption?
    }

    /// How far a cancelled run got: the feeds not reached keep their state, as if not asked.
    public struct Interruption: Sendable, Equatable {
        /// Feeds fetched (updated or unchanged) before the cancel.
        public var synced: Int
        public var total: Int

        public init(synced: Int, of total: Int) {
            self.synced = synced
            self.total = total
        }
    }

    /// One feed that could not be fetched; `error` is nil when its address is not a URL.
    public struct FeedFailure: Sendable, Equatable {
        public let title: String
        public let url: String
        public let error: FetchError?
    }

    /// Fetches every feed of the account; `manual` runs ignore backoff and the polling floor.
    /// Holds the account's sync claim (see `SyncLock`) for the whole run.
    public func run(manual: Bool, now: Date = Date()) throws(SyncError) -> Report {
        let lock = try SyncLock.acquire(store: store, account: account)
        defer { lock.release() }
        var report = Report()
        let feeds: [FeedListing]
        do {
            if onlyFeedIDs == nil { try store.sync.recordStart(accountID: account.id, at: now.timeIntervalSince1970) }
            feeds = try store.feeds.list(accountID: account.id).filter { onlyFeedIDs?.contains($0.feed.id) ?? true }
        } catch { throw .store(error) }
        defer {
            // Best effort: when the store fails here, the error that ended the run (or the
            // report) is what the user must see, not a second one about the bookkeeping.
            let interrupted = report.interruption.map { ["interrupted after \($0.synced) of \($0.total) feeds"] } ?? []
            let problems = report.failures + interrupted
            if onlyFeedIDs == nil {
                try? store.sync.recordEnd(accountID: account.id, at: Date().timeIntervalSince1970,
                                          error: problems.isEmpty ? nil : problems.joined(separator: "; "))
            }
        }
        // Read everything the fetches need first: the store and the keyring stay on this thread.
        var jobs: [FetchPipeline.Job] = []
        var fetchable: [FeedListing] = []
        // A paused feed is not fetched: its articles and stars stay as they are.
        for listing in feeds where !listing.paused {
            guard let url = URL(string: listing.feed.url) else {
                report.failures.append("\(listing.feed.title): not a URL")
                report.feedFailures.append(FeedFailure(title: listing.feed.title, url: listing.feed.url, error: nil))
                continue
            }
            let login = credentials(listing.feed)
            if let user = listing.feed.loginUser, login == nil {
                // A feed behind a login whose secret is not in this keyring (a restored backup
                // carries the user only): fetching without it could only be refused.
                let text = "no password for its login (\(user)) in the keyring: give it with 'lector feed password'"
                report.failures.append("\(listing.feed.title): \(text)")
                report.feedFailures.append(FeedFailure(title: listing.feed.title, url: listing.feed.url, error: .authentication(text)))
                continue
            }
            let stored: StoredFetchMeta
            let userAgent: String?
            do {
                stored = try store.fetchMeta.meta(feedID: listing.feed.id)
                userAgent = try store.feedSettings.settings(feedID: listing.feed.id)[FeedSettingKey.userAgent.rawValue]
            } catch { throw .store(error) }
            jobs.append(FetchPipeline.Job(url: url, state: FetchState(etag: stored.etag, lastModified: stored.lastModified,
                                                                      bodyHash: stored.bodyHash, nextFetchAt: stored.nextFetchAt,
                                                                      failureCount: stored.failureCount, lastError: stored.lastError),
                                          credentials: login, userAgent: userAgent))
            fetchable.append(listing)
        }
        let pipeline = FetchPipeline(jobs: jobs, fetcher: fetcher, manual: manual, now: now)
        defer { pipeline.cancel() }
        for (index, listing) in fetchable.enumerated() {
            let feed = listing.feed
            let fetched = pipeline.take(index)
            if case .failure(.cancelled) = fetched.result {
                // A cancelled fetch means the run was cancelled (Ctrl-C): nothing is stored for this
                // feed or the ones after it, so none of them counts a failure or waits.
                report.interruption = Interruption(synced: report.fetched + report.unchanged, of: feeds.count)
                break
            }
            let next = fetched.state
            do {
                try store.write { db in
                    switch fetched.result {
                    case .success(.updated(let parsed)):
                        report.fetched += 1
                        let ownTitle = parsed.title.trimmingBlanks
                        if feed.titleIsPlaceholder && !ownTitle.isEmpty { try db.feeds.adoptFetchedTitle(feed.id, ownTitle) }
                        let articles = try db.articles.sameItems(fetched.articles.map { Self.scoped($0, to: feed.id) }, feedID: feed.id, accountID: account.id)
                        report.newArticles += try db.sync.applyEntries(accountID: account.id, articles.map { (feed.id, $0, false, false) },
                                                                          protected: [], stateUpdatesExisting: false)
                        report.restoredMarks += try db.marks.applyAfterFetch(feedID: feed.id, accountID: account.id)
                    case .success(.unchanged): report.unchanged += 1
                    case .success(.skipped(let until)):
                        report.skipped += 1
                        report.deferred.append(Deferral(title: feed.title, until: until))
                    case .failure(let error):
                        report.failures.append("\(feed.title): \(error.description)")
                        report.feedFailures.append(FeedFailure(title: feed.title, url: feed.url, error: error))
                    }
                    try db.fetchMeta.save(StoredFetchMeta(etag: next.etag, lastModified: next.lastModified, bodyHash: next.bodyHash,
                                                             nextFetchAt: next.nextFetchAt, failureCount: next.failureCount,
                                                             lastFetchedAt: now.timeIntervalSince1970, lastError: next.lastError),
                                             feedID: feed.id)
                }
            } catch {
                throw .storing(error)
            }
            do { try FeedCheckRecord.note(next, of: feed, store: store, now: now.timeIntervalSince1970) } catch { throw .store(error) }
            lock.beat()
            progress(.entries(stored: index + 1, folder: listing.folderName))
        }
        do { try store.search.feedBacklog() } catch { throw .store(error) }
        return report
    }

    /// A parsed item as the article a local account stores for the feed `feedID`: keyed by feed
    /// and guid, so another feed reusing the guid cannot overwrite it.
    public static func article(_ item: FeedItem, feedID: Int64) -> IncomingArticle {
        scoped(article(item), to: feedID)
    }

    static func scoped(_ article: IncomingArticle, to feedID: Int64) -> IncomingArticle {
        var scoped = article
        scoped.serverID = LocalArticleID.scoped(feedID: feedID, guid: article.serverID)
        return scoped
    }

    /// A parsed item as an article (its id the bare guid). New ones arrive unread; a fetch never touches the state of
    /// articles already stored: for a local account the local state is the only truth.
    public static func article(_ item: FeedItem) -> IncomingArticle {
        IncomingArticle(serverID: item.id, url: item.link, title: item.title, author: item.authors.first,
                        summary: item.summary, contentHTML: item.content ?? item.summary,
                        text: PlainText.from(html: item.content ?? item.summary ?? ""),
                        publishedAt: (item.published ?? item.updated)?.timeIntervalSince1970,
                        updatedAt: item.updated?.timeIntervalSince1970)
    }
}
