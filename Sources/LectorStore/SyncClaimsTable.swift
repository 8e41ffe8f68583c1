import FoundationEssentials

/// Who is syncing an account right now: one row per account, claimed by a process with a random
/// token and kept fresh by a heartbeat. Advisory: nothing in SQLite enforces it, the sync code
/// asks before it starts. A claim whose process is gone, or whose heartbeat stopped, is stale and
/// taken over, so a killed sync never blocks the next one.
public struct SyncClaimsTable {
    let database: Database

    /// A claim as stored.
    public struct Claim: Sendable, Equatable {
        public let pid: Int32
        public let token: String
        public let heartbeatAt: Double
    }

    /// What `claim` found.
    public enum Outcome: Sendable, Equatable {
        /// The account is ours until `release`.
        case claimed
        /// A live process holds it.
        case heldBy(pid: Int32)
    }

    /// Claims the account for `token` unless a live claim of someone else holds it. `isAlive`
    /// decides whether a process id still runs; a heartbeat older than `staleAfter` seconds is
    /// stale whatever the process (a hung process, or a pid the system reused).
    public func claim(accountID: Int64, pid: Int32, token: String, now: Double, staleAfter: Double,
                      isAlive: (Int32) -> Bool) throws(StoreError) -> Outcome {
        try storeOperation {
            try database.write {
                if let current = try current(accountID: accountID), current.token != token,
                   now - current.heartbeatAt < staleAfter, isAlive(current.pid) {
                    return Outcome.heldBy(pid: current.pid)
                }
                try database.execute("""
                    INSERT INTO sync_claims (account_id, pid, token, claimed_at, heartbeat_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (account_id) DO UPDATE SET pid = excluded.pid, token = excluded.token,
                        claimed_at = excluded.claimed_at, heartbeat_at = excluded.heartbeat_at
                    """, accountID, Int64(pid), token, now, now)
                return Outcome.claimed
            }
        }
    }

    /// Refreshes the heartbeat of our claim; false when the claim is no longer ours (it went
    /// stale and another process took it over).
    @discardableResult
    public func heartbeat(accountID: Int64, token: String, now: Double) throws(StoreError) -> Bool {
        try storeOperation {
            try database.execute("UPDATE sync_claims SET heartbeat_at = ? WHERE account_id = ? AND token = ?", now, accountID, token)
            return database.changes == 1
        }
    }

    /// Gives the account back; a claim someone else took over is left alone.
    public func release(accountID: Int64, token: String) throws(StoreError) {
        try storeOperation {
            try database.execute("DELETE FROM sync_claims WHERE account_id = ? AND token = ?", accountID, token)
        }
    }

    /// The claim on an account, if any.
    public func current(accountID: Int64) throws(StoreError) -> Claim? {
        try storeOperation {
            try database.queryFirst("SELECT pid, token, heartbeat_at FROM sync_claims WHERE account_id = ?", accountID) { row in
                Claim(pid: Int32(truncatingIfNeeded: row.int64(0)), token: row.string(1), heartbeatAt: row.double(2))
            }
        }
    }
}
