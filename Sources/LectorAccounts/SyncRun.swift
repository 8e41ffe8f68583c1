import FoundationEssentials
import LectorFeeds
import LectorSettings
import LectorStore
import LectorSync

/// A sync someone asked for: which accounts, whether a person or a timer asked, and how much.
public struct SyncRequest: Sendable, Equatable {
    public enum Trigger: Sendable, Equatable {
        /// A person asked: every chosen account runs, backoff and polling floor ignored.
        case manual
        /// A timer asked: an account synced within the interval (never less than 15 minutes) waits,
        /// and one another process is syncing already is skipped, not failed.
        case automatic(intervalMinutes: Int)
    }

    /// The one account to sync; nil syncs every account but the demo.
    public var accountName: String?
    public var trigger: Trigger
    /// Only send the queued changes (reads, stars) to the servers.
    public var pushOnly: Bool
    /// How old an article a remote sync still pulls.
    public var ageLimit: AgeLimit
    public var now: Date
    /// Only these feeds of a local account (`feed refresh FEED`); nil fetches every feed. A
    /// server account syncs whole: its server fetches the feeds.
    public var feedIDs: Set<Int64>?

    public init(accountName: String?, trigger: Trigger, pushOnly: Bool, ageLimit: AgeLimit, now: Date = Date()) {
        self.accountName = accountName
        self.trigger = trigger
        self.pushOnly = pushOnly
        self.ageLimit = ageLimit
        self.now = now
    }
}

/// What a sync run did, account by account, local and remote alike, in the order they ran.
/// Accounts not started because the run was interrupted are absent.
public struct SyncRunReport: Sendable, Equatable {
    public var accounts: [AccountSyncReport]
}

/// One account of a sync run.
public struct AccountSyncReport: Sendable, Equatable {
    public let account: Account
    public let outcome: RunOutcome
    public let detail: SyncDetail
    /// What failed, feed by feed (local accounts) or the account as a whole.
    public let failures: [SyncFailure]
    /// What the enabled rules did to the articles this sync brought in.
    public var rules: [RuleOutcome] = []
    /// Whether what the rules changed reached the account's server before the sync ended; nil
    /// for an account without a server.
    public var rulesSent: RulesSent? = nil
    /// Restored rules that waited for this sync's feeds and folders, put in by it.
    public var rulesPlaced: [String] = []
    /// Starred articles a restore kept for this sync (the account's secret came after it), put
    /// back by it; nil when none waited.
    public var starredRestored: StarredRestoreReport? = nil
    /// What `sync.duplicates` did to the later copies this sync brought in (nil: it is off).
    public var copies: AccountManager.HandledCopies? = nil
    /// The new articles a `notify` rule matched or `sync.notify-folders` names the folder of:
    /// what the sync's one notification tells of.
    public var noticed: [Int64] = []
}

/// What became of the rules' changes to an account with a server, within the sync.
public enum RulesSent: Sendable, Equatable {
    /// The rules changed nothing the server holds.
    case nothing
    /// Sent: this many changes went to the server.
    case sent(Int)
    /// Not sent (the reason): they stay queued for the next sync.
    case waiting(String)
}

/// What an account's sync did, as values for a front end to phrase.
public enum SyncDetail: Sendable, Equatable {
    /// A local account fetched its feeds (the report says how far, when interrupted).
    case fetched(LocalFeedSync.Report)
    /// A push-only run of a local account: it has no server.
    case nothingToPush
    /// A push-only run of a remote account sent its queued changes.
    case pushed(SyncReport)
    /// A remote account pushed, then pulled its feeds, articles and states.
    case synced(SyncReport)
    /// An automatic run declined: the account was synced `minutesAgo`, the floor is `floorMinutes`.
    case recentlySynced(minutesAgo: Int, floorMinutes: Int)
    /// An automatic run found another process (`pid`) syncing the account.
    case alreadySyncing(pid: Int32)
    /// Ctrl-C stopped the account's transfers.
    case stopped
    /// The account could not sync at all; the one failure says why.
    case failed
}

/// One thing a sync could not do, with its typed cause.
public struct SyncFailure: Sendable, Equatable {
    public enum Cause: Sendable, Equatable {
        /// A local feed's fetch failed.
        case fetch(FetchError)
        /// A local feed's stored address is not a URL.
        case notAWebAddress
        /// The account as a whole failed (its login, its server, the store).
        case account(AccountsError)
    }

    /// The feed's title; nil when the failure is the account's.
    public let feed: String?
    /// The feed's address; nil when the failure is the account's.
    public let url: String?
    public let cause: Cause

    public init(feed: String?, url: String?, cause: Cause) {
        self.feed = feed
        self.url = url
        self.cause = cause
    }

    init(account error: AccountsError) {
        feed = nil
        url = nil
        cause = .account(error)
    }

    init(_ failure: LocalFeedSync.FeedFailure) {
        feed = failure.title
        url = failure.url
        cause = failure.error.map { .fetch($0) } ?? .notAWebAddress
    }
}

/// What a front end hears while a sync runs.
public enum SyncRunEvent: Sendable {
    case progress(Account, SyncProgress)
    /// The account is done (whatever its outcome): its progress display can go.
    case ended(Account)
}

extension AgeLimit {
    /// The limit as the earliest publication date to pull; nil pulls everything.
    public func earliest(from now: Date) -> Date? {
        switch self {
        case .day: now.addingTimeInterval(-86_400)
        case .week: now.addingTimeInterval(-7 * 86_400)
        case .month: now.addingTimeInterval(-30 * 86_400)
        case .all: nil
        }
    }
}
