import FoundationEssentials
import Glibc
import LectorStore

/// A local account made for one command because only the demo library was there to receive what
/// the user adds (the demo holds no user data): the default while the command runs, kept if the
/// command put something in it, dropped otherwise so the command leaves the store as it found it.
/// The store marks it provisional in the transaction that makes it, and its first feed or folder
/// settles it in that write's own transaction (`Schema.provisionalAccounts`).
public struct ProvisionalLocalAccount: Sendable {
    public let account: Account

    /// What `settle` did.
    public enum Settlement: Sendable, Equatable {
        /// The account holds a feed or a folder and stays, the default.
        case kept
        /// The command left it empty (it failed, was cancelled or only planned): it is gone and
        /// the demo is the default once more.
        case dropped
    }

    /// Ends the account's provisional life once its command has run. (A command killed before
    /// this leaves it to the next run: `dropAbandoned`.)
    public func settle(in store: Store) throws(AccountsError) -> Settlement {
        try storing { try store.accounts.settleProvisional(account.id) ? .kept : .dropped }
    }

    /// Drops the provisional accounts of commands that were killed before they put anything in
    /// them (their process is gone), so a kill never leaves an empty account the default.
    /// Returns the names dropped.
    public static func dropAbandoned(in store: Store) throws(AccountsError) -> [String] {
        try storing { try store.accounts.dropAbandonedProvisional(isRunning: processIsRunning) }
    }

    /// Whether a process of this id exists (one of another user's counts: it may be running a command).
    private static func processIsRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}

extension AccountManager {
    /// The account that receives something the user adds (a feed, an OPML import, a folder): the
    /// one named, else the default. With only the demo there, a local account is made first and
    /// made the default (provisional: see `ProvisionalLocalAccount`); naming the demo is refused.
    public func accountForNewData(named name: String?) throws(AccountsError) -> (Account, ProvisionalLocalAccount?) {
        let chosen = try account(named: name)
        guard !chosen.holdsUserData else { return (chosen, nil) }
        if name != nil { throw .demoHoldsNoUserData(account: chosen.name) }
        return try storing {
            try store.write { db in
                let taken = Set(try db.accounts.all().map { $0.name.lowercased() })
                let name = (["Local"] + (2...99).map { "Local \($0)" }).first { !taken.contains($0.lowercased()) }
                    ?? "Local \(UUID().uuidString.prefix(6))"
                let account = try db.accounts.insertProvisional(kind: .serverless, name: name, owner: getpid())
                return (account, ProvisionalLocalAccount(account: account))
            }
        }
    }
}
