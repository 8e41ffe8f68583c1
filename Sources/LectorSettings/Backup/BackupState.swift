import LectorBasics

/// The parts of a backup a restore can select.
public enum BackupSection: String, CaseIterable, Sendable, Comparable {
    case accounts, settings, subscriptions, readingList = "reading-list", profiles, starred, rules
    case savedSearches = "saved-searches"

    public static func < (lhs: BackupSection, rhs: BackupSection) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// What this machine holds now, in backup terms; the plan compares a document against it.
public struct BackupState: Sendable {
    /// Current accounts.
    public var accounts: [BackupAccount]
    /// Current preferences.
    public var preferences: Preferences
    /// Current folders and feeds by account name.
    public var subscriptions: [String: BackupSubscriptions]
    /// Current reading list.
    public var readingList: [ReadingListEntry]
    /// The user's saved profiles (not the shipped ones).
    public var profiles: [Profile]
    /// How many of a file's starred articles each account already holds, starred (by account
    /// name; filled in for the file being restored, as only the account core can match articles).
    public var starredHere: [String: Int] = [:]
    /// The rules and the saved searches here.
    public var rules: [BackupRule]
    public var savedSearches: [SavedSearch]

    /// Describes the current state.
    public init(accounts: [BackupAccount] = [], preferences: Preferences = .defaults,
                subscriptions: [String: BackupSubscriptions] = [:], readingList: [ReadingListEntry] = [],
                profiles: [Profile] = [], rules: [BackupRule] = [], savedSearches: [SavedSearch] = []) {
        self.accounts = accounts
        self.preferences = preferences
        self.subscriptions = subscriptions
        self.readingList = readingList
        self.profiles = profiles
        self.rules = rules
        self.savedSearches = savedSearches
    }
}

/// One difference between the current state and a backup.
public struct PlannedChange: Equatable, Sendable {
    /// Whether something appears, changes or goes.
    public enum Action: String, Sendable { case add, change, remove }

    /// The section it belongs to.
    public let section: BackupSection
    /// add, change or remove.
    public let action: Action
    /// What changes: a setting key, `home`, `home.url`, `home feed https://…`.
    public let subject: String
    /// The value before (nil for adds).
    public let old: JSONValue?
    /// The value after (nil for removes).
    public let new: JSONValue?

    /// "~ settings reader.font: system → news", "+ accounts home", "- subscriptions home feed …".
    public var line: String {
        let symbol = switch action { case .add: "+"; case .change: "~"; case .remove: "-" }
        let detail: String
        switch action {
        case .add: detail = new.map { " (\(Self.brief($0, besides: subject)))" } ?? ""
        case .change: detail = ": \(old?.displayText ?? "—") → \(new?.displayText ?? "—")"
        case .remove: detail = old.map { " (\(Self.brief($0, besides: subject)))" } ?? ""
        }
        return "\(symbol) \(section.rawValue) \(subject)\(detail)"
    }

    /// `{"section", "action", "subject", "old", "new"}` with null for an absent side.
    public var json: JSONValue {
        .object(["section": .string(section.rawValue), "action": .string(action.rawValue), "subject": .string(subject),
                 "old": old ?? .null, "new": new ?? .null])
    }

    /// Objects shown as "k=v, …" in sorted key order, leaving out nulls and what the subject already says.
    private static func brief(_ value: JSONValue, besides subject: String) -> String {
        guard case .object(let members) = value else { return value.displayText }
        let named = Set(subject.split(separator: " ").map(String.init))
        return members.keys.sorted().compactMap { key in
            guard let member = members[key], member != .null, !named.contains(member.displayText) else { return nil }
            return "\(key)=\(member.displayText)"
        }.joined(separator: ", ")
    }
}
