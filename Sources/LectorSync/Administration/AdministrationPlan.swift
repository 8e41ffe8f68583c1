import FoundationEssentials
import LectorBasics
import LectorStore

/// A feed as a desired-state file (OPML, newsboat urls) or another account describes it.
public struct DesiredFeed: Sendable, Equatable {
    public var url: URL
    /// Nil or empty: no opinion (the current title stays, a new feed gets the server's).
    public var title: String?
    /// Nil: no opinion (a feed at the file's top level is not taken out of its folder).
    public var folder: String?
    public var siteURL: String?
    /// The server settings it should have (`FeedSettingsOPML`): a key left out is no opinion,
    /// an empty value clears it.
    public var settings: [FeedSettingKey: String]

    public init(url: URL, title: String? = nil, folder: String? = nil, siteURL: String? = nil, settings: [FeedSettingKey: String] = [:]) {
        self.url = url
        self.title = title
        self.folder = folder
        self.siteURL = siteURL
        self.settings = settings
    }
}

/// One server setting a plan changes: what the store says the feed has (nil: nothing), what it
/// is to have (nil: cleared). A secret's values are never shown (`FeedSettingKey.holdsSecret`).
public struct SettingDifference: Sendable, Equatable {
    public var key: FeedSettingKey
    public var from: String?
    public var to: String?

    public init(key: FeedSettingKey, from: String?, to: String?) {
        self.key = key
        self.from = from
        self.to = to
    }

    public var change: FeedSettingChange { FeedSettingChange(key: key, value: to ?? (key.shape == .flag ? "off" : nil)) }
}

/// One change a plan makes, in the order plans run them.
public enum PlanStep: Sendable, Equatable {
    case createFolder(name: String)
    case subscribe(DesiredFeed)
    case rename(Feed, to: String)
    case move(Feed, from: String?, to: String)
    /// The feed lives at another address now (a permanent redirect, a page's feed).
    case changeAddress(Feed, to: URL)
    /// The feed at this address (subscribed by an earlier step, or already) is to have these server settings.
    case changeSettings(url: URL, title: String, [SettingDifference])
    case unsubscribe(Feed)
    case deleteFolder(Folder)

    /// `+` adds, `~` changes, `-` removes: the sign the plan is printed with, like a diff.
    public var sign: Character {
        switch self {
        case .createFolder, .subscribe: "+"
        case .rename, .move, .changeAddress, .changeSettings: "~"
        case .unsubscribe, .deleteFolder: "-"
        }
    }

    /// The step's name in JSON.
    public var operation: String {
        switch self {
        case .createFolder: "create-folder"
        case .subscribe: "subscribe"
        case .rename: "rename"
        case .move: "move"
        case .changeAddress: "change-address"
        case .changeSettings: "change-settings"
        case .unsubscribe: "unsubscribe"
        case .deleteFolder: "delete-folder"
        }
    }
}

/// The changes that bring an account to a desired state, and what the account's kind cannot do
/// of it (said in the plan, not discovered half-way).
public struct AdministrationPlan: Sendable, Equatable {
    public var steps: [PlanStep]
    /// One sentence per part the account cannot do ("a fever account cannot add feeds …").
    public var refusals: [String]
    /// One sentence per server setting the account's kind cannot keep, left out of the plan
    /// (the rest is still done).
    public var notCarried: [String]

    public init(steps: [PlanStep] = [], refusals: [String] = [], notCarried: [String] = []) {
        self.steps = steps
        self.refusals = refusals
        self.notCarried = notCarried
    }

    public var isEmpty: Bool { steps.isEmpty }
}
