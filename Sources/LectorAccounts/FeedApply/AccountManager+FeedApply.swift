import LectorStore
import LectorSync

/// `feed apply`'s plan for one account, with what applying it needs: the administrator that
/// read the server for the plan, so applying it later in the same run logs in no second time.
public struct FeedApplyRun {
    public let account: Account
    public let plan: AdministrationPlan
    let administrator: AccountAdministrator
}

extension AccountManager {
    /// `feed apply`'s plan: the account's subscriptions made to match `desired` (the server's
    /// structure is read into the store first, where the account can edit it).
    public func planFeedApply(_ desired: [DesiredFeed], prune: Bool, in account: Account) throws(AccountsError) -> FeedApplyRun {
        let administrator = try administrator(for: account)
        let plan = try administering { () throws(AdministrationError) in
            if administrator.canEditStructure { try administrator.refreshFromServer() }
            return try SubscriptionPlanner(administrator: administrator).plan(desired, prune: prune)
        }
        return FeedApplyRun(account: account, plan: plan, administrator: administrator)
    }

    /// Applies a planned run step by step until `shouldStop`; each step's outcome (a step's
    /// failure is its outcome, and a failure that stops the run leaves the rest not run).
    public func applyPlan(_ run: FeedApplyRun, shouldStop: () -> Bool) -> [StepOutcome] {
        run.administrator.apply(run.plan, shouldStop: shouldStop)
    }
}
