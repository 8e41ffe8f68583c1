import FoundationEssentials
import Glibc
import LectorStore

/// One sync per account at a time, across processes: the systemd timer, the REPL's sync on
/// launch, a manual `sync` and the flush after a read can all start together. The claim is a row
/// in the store (`SyncClaimsTable`) holding the process id and a heartbeat; a claim whose
/// process is gone or whose heartbeat is older than `staleAfter` is taken over. A second sync
/// waits up to `wait` for the first to end, then gives up with `SyncError.alreadySyncing`.
public final class SyncLock {
    /// How long a second sync waits for the first before saying "already syncing".
    public static let defaultWait: TimeInterval = 5
    /// A heartbeat older than this marks a claim stale even when its pid still runs (a hung or
    /// reused process). Every stage and every stored page beats, and no single request may take
    /// longer than the HTTP deadline, far below this.
    public static let staleAfter: TimeInterval = 120

    private let store: Store
    private let accountID: Int64
    private let token = UUID().uuidString
    private var lastBeat = Date()
    private var held = false

    private init(store: Store, accountID: Int64) {
        self.store = store
        self.accountID = accountID
    }

    /// Claims `account`, waiting up to `wait` seconds for another process's sync to end.
    public static func acquire(store: Store, account: Account, wait: TimeInterval = defaultWait) throws(SyncError) -> SyncLock {
        let lock = SyncLock(store: store, accountID: account.id)
        let deadline = Date().addingTimeInterval(wait)
        while true {
            let outcome: SyncClaimsTable.Outcome
            do {
                outcome = try store.syncClaims.claim(accountID: account.id, pid: getpid(), token: lock.token,
                                                     now: Date().timeIntervalSince1970, staleAfter: staleAfter, isAlive: processIsAlive)
            } catch { throw .store(error) }
            switch outcome {
            case .claimed:
                lock.held = true
                return lock
            case .heldBy(let pid):
                guard Date() < deadline else { throw .alreadySyncing(account: account.name, pid: pid) }
                usleep(100_000)
            }
        }
    }

    /// Keeps the claim fresh; cheap enough to call on every progress step (it writes at most
    /// once every few seconds).
    public func beat() {
        guard held, Date().timeIntervalSince(lastBeat) >= 5 else { return }
        lastBeat = Date()
        // A failed heartbeat only makes the claim look stale sooner; the sync itself goes on
        // and its own writes report the store error.
        _ = try? store.syncClaims.heartbeat(accountID: accountID, token: token, now: lastBeat.timeIntervalSince1970)
    }

    /// Gives the account back. When the store refuses (a full disk), the claim stays until its
    /// process is gone, which is at most until this process exits.
    public func release() {
        guard held else { return }
        held = false
        try? store.syncClaims.release(accountID: accountID, token: token)
    }

    deinit { release() }

    /// Whether a process id still runs: `kill(pid, 0)` fails with ESRCH only when it does not
    /// (EPERM means it runs under another user, which still counts).
    static func processIsAlive(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno != ESRCH)
    }
}
