import FoundationEssentials
import LectorStore

/// A local account made for one command because only the demo library was there to receive what
/// the user adds (the demo holds no user data): the default while the command runs, kept if the
/// command put something in it, dropped otherwise so the command leaves the store as it found it.
public struct ProvisionalLocalAccount: Sendable {
    public let account: Account
    /// The demo it stands in for, the default again if the account is dropped.
    let demo: Account

    /// What `settle` did.
    public enum Settlement: Sendable, Equatable {
        /// The account holds a feed or a folder and stays, the default.
        case kept
        /// The command left it empty (it failed, was cancelled or only planned): it is gone and
        /// the demo is the default once more.
        case dropped
    }

    /// Ends the account's provisional life once its command has run.
    public func settle(in store: Store) throws(AccountsError) -> Settlement {
        try storing {
            try store.write { () throws -> Settlement in
                let holdsSomething = try !store.feeds.list(accountID: account.id).isEmpty
                    || !store.folders.list(accountID: account.id).isEmpty
                guard !holdsSomething else { return .kept }
                try store.accounts.remove(account.id)
                try store.accounts.setDefault(demo.id)
                return .dropped
            }
        }
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
            try store.write {
                let taken = Set(try store.accounts.all().map { $0.name.lowercased() })
                let name = (["Local"] + (2...99).map { "Local \($0)" }).first { !taken.contains($0.lowercased()) }
                    ?? "Local \(UUID().uuidString.prefix(6))"
                let created = try store.accounts.insert(kind: .local, name: name)
                try store.accounts.setDefault(created.id)
                let account = try store.accounts.named(name) ?? created
                return (account, ProvisionalLocalAccount(account: account, demo: chosen))
            }
        }
    }
}
