import FoundationEssentials
import LectorFeeds
import LectorStore
import LectorSync

/// A health check of some accounts' feeds, with what their repairs need afterwards: an
/// administrator for each account whose server can be reached with its secret.
public struct FeedCheckRun {
    public let accounts: [Account]
    public let report: FeedHealthChecker.Report
    /// The account core's administrators: reached through the run's questions below, never by the front ends.
    let administrators: [Int64: AccountAdministrator]
    /// What the check could not do, in the order of the accounts.
    public let shortfalls: [FeedCheckShortfall]

    /// The repairs the report calls for, per account in the order the accounts were checked.
    public var repairs: [(account: Account, plan: AdministrationPlan)] {
        let plans = FeedRepairs.plan(report.feeds).filter { !$0.value.isEmpty }
        return accounts.compactMap { account in plans[account.id].map { (account, $0) } }
    }

    /// How a repair that changes `feed`'s address would be made on its account: in place, or by
    /// subscribing anew (what goes with the old subscription). Nil when the account's server
    /// could not be reached for the check (its repairs are left out).
    public func addressChange(_ feed: Feed) throws(AccountsError) -> AddressChange? {
        guard let administrator = administrators[feed.accountID] else { return nil }
        return try administering { () throws(AdministrationError) in try administrator.addressChange(feed) }
    }

    /// Where a repair step would carry a feed's login, when to another origin than the one it
    /// was given for; nil for any other step, and where no login leaves its origin.
    public func loginOriginChange(_ step: PlanStep, of account: Account) -> LoginOriginChange? {
        guard case .changeAddress(let feed, let url) = step, let administrator = administrators[account.id] else { return nil }
        return administrator.loginOriginChange(feed, to: url)
    }
}

/// Part of a check that could not be done for an account.
public enum FeedCheckShortfall {
    /// Its feeds were checked without its server (no secret, no keyring): its repairs and the
    /// server's own feed errors are left out.
    case withoutServer(Account, AccountsError)
    /// The server's own feed errors could not be read.
    case serverErrorsUnread(Account, SyncError)
}

/// One account's repairs as applied: each step's outcome.
public struct AppliedRepairs {
    public let account: Account
    public let plan: AdministrationPlan
    public let outcomes: [StepOutcome]
}

extension AccountManager {
    /// The accounts a check covers: the one named, else every account but the demo library,
    /// whose feeds are made up and never fetched.
    public func accountsToCheck(named name: String?) throws(AccountsError) -> [Account] {
        let accounts = if let name { [try account(named: name)] } else { try storing { try store.accounts.all().filter { !$0.isDemo } } }
        guard !accounts.isEmpty else { throw .nothingToCheck }
        return accounts
    }

    /// Asks every feed of `accounts` (see `FeedHealthChecker`); an account without its secret is
    /// still checked, from here, and said to be.
    public func checkFeeds(_ accounts: [Account], staleAfterDays: Int, credentials: @escaping (Feed) -> FeedCredentials?,
                           now: Date) throws(AccountsError) -> FeedCheckRun {
        var administrators: [Int64: AccountAdministrator] = [:]
        var serverErrors: [Int64: [String: ServerFeedError]] = [:]
        var shortfalls: [FeedCheckShortfall] = []
        for account in accounts {
            let administrator: AccountAdministrator
            do throws(AccountsError) { administrator = try self.administrator(for: account) } catch {
                shortfalls.append(.withoutServer(account, error))
                continue
            }
            administrators[account.id] = administrator
            guard let reporter = administrator.provider.roles.feedErrors else { continue }
            do throws(SyncError) { serverErrors[account.id] = try reporter.feedErrors() } catch { shortfalls.append(.serverErrorsUnread(account, error)) }
        }
        let checker = FeedHealthChecker(store: store, http: http, staleAfter: Double(staleAfterDays) * 86_400, credentials: credentials)
        let report = try storing { try checker.check(accounts, serverErrors: serverErrors, now: now) }
        return FeedCheckRun(accounts: accounts, report: report, administrators: administrators, shortfalls: shortfalls)
    }

    /// Applies the chosen repairs, account by account, until `shouldStop`. A feed's login moves to
    /// another origin only where `loginMovesConsented` says so for that account's plan.
    public func applyRepairs(_ chosen: [(account: Account, plan: AdministrationPlan)], of run: FeedCheckRun,
                             loginMovesConsented: (Account, AdministrationPlan) -> Set<String>,
                             shouldStop: () -> Bool) -> [AppliedRepairs] {
        chosen.compactMap { account, plan in
            guard var administrator = run.administrators[account.id] else { return nil }
            administrator.loginMovesConsented = loginMovesConsented(account, plan)
            return AppliedRepairs(account: account, plan: plan, outcomes: administrator.apply(plan, shouldStop: shouldStop))
        }
    }
}
