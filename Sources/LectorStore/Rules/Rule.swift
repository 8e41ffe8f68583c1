import LectorBasics

/// What a rule does to the articles it matches. A rule never undoes: there is no unread,
/// unstar or unlabel action. Stored as its text (`read`, `label:NAME`).
public enum RuleAction: Sendable, Hashable, RawRepresentable {
    /// Marked read, as `article mark read` does: locally, and queued for the server.
    case read
    /// Starred, as `article mark star` does.
    case star
    /// Kept out of lists (here only; `article list --all` shows them).
    case hide
    /// Given the label NAME, as `article label add NAME` does (queued for a server that keeps labels).
    case label(String)
    /// Told of in the sync's one desktop notification (a status line in the REPL and browse);
    /// the articles are left as they are.
    case notify

    /// The actions without a value, for help and completion (`label:NAME` besides).
    public static let allCases: [RuleAction] = [.read, .star, .hide, .notify]
    static let labelPrefix = "label:"

    public init?(rawValue: String) {
        switch rawValue {
        case "read": self = .read
        case "star": self = .star
        case "hide": self = .hide
        case "notify": self = .notify
        default:
            guard rawValue.hasPrefix(Self.labelPrefix) else { return nil }
            let name = String(rawValue.dropFirst(Self.labelPrefix.count))
            guard !name.trimmingBlanksAndNewlines.isEmpty else { return nil }
            self = .label(name)
        }
    }

    public var rawValue: String {
        switch self {
        case .read: "read"
        case .star: "star"
        case .hide: "hide"
        case .notify: "notify"
        case .label(let name): Self.labelPrefix + name
        }
    }

    public var help: String {
        switch self {
        case .read: "mark the articles read (on the server too)"
        case .star: "star the articles (on the server too)"
        case .hide: "keep the articles out of lists here (article list --all shows them)"
        case .label: "give the articles the label NAME (on the server too, where it keeps labels)"
        case .notify: "tell of them in the sync's one desktop notification (a status line in the REPL and browse)"
        }
    }
}

/// Where a rule looks: every account, or one, and in it one feed or one folder.
public struct RuleScope: Sendable, Equatable {
    public var accountID: Int64?
    public var feedID: Int64?
    public var folderID: Int64?

    public init(accountID: Int64? = nil, feedID: Int64? = nil, folderID: Int64? = nil) {
        self.accountID = accountID
        self.feedID = feedID
        self.folderID = folderID
    }
}

/// A stored rule, with the names of what its scope names (for listing and backups).
public struct Rule: Sendable, Equatable {
    public var id: Int64
    public var name: String
    /// The filter as typed; parsed again each time it runs.
    public var expression: String
    public var action: RuleAction
    public var scope: RuleScope
    public var enabled: Bool
    public var accountName: String?
    public var feedTitle: String?
    public var feedURL: String?
    public var folderName: String?
    /// Whether `rule push` handed it to servers (and `rule unpush` did not take it back).
    public var onServers: Bool = false
}
