import LectorStore
import LectorSync

/// The parts `account copy` can carry from one account into another.
public enum AccountCopyPart: String, CaseIterable, Sendable {
    case feeds, folders, starred
    case readingList = "reading-list"
}

/// What `account copy` did, step by step, for the front end to render.
public struct AccountCopyReport {
    public let source: Account
    public let destination: Account
    public let parts: Set<AccountCopyPart>
    public let dryRun: Bool
    /// Subscriptions and folders: the plan against the destination, as `feed apply` makes one.
    public let plan: AdministrationPlan
    /// The plan's steps as applied; nil when it was not (a dry run, a refusal, nothing to change).
    public let applied: [StepOutcome]?
    /// Nil when the stars were not asked for.
    public let starred: Starred?
    /// Nil when the reading list was not asked for.
    public let readingList: ReadingList?

    public enum Starred {
        /// A dry run: how many of the source's starred articles would be looked for.
        case planned(wanted: Int)
        case done(AccountCopy.StarredResult)
        /// The destination could not be synced or starred in; the other parts went on.
        case failed(AccountsError)
    }

    public enum ReadingList {
        /// A dry run: the source's items, and how many the destination lacks.
        case planned(items: Int, missing: Int)
        case copied(items: Int, added: Int)
    }
}
