import LectorBasics

/// A rule as the backup's `rules` section keeps it (format 1.4): its filter's text, its action's
/// name and its scope by the names a person reads — an account's name, a feed's address in it,
/// a folder's name in it — since the ids are this machine's. The record of which article a rule
/// acted on stays on the machine.
public struct BackupRule: Codable, Equatable, Sendable {
    public var name: String
    /// The filter as typed (docs/rules.md); the restore parses it before anything changes.
    public var expression: String
    /// `read`, `star`, `hide`… as `rule add --then` takes it.
    public var action: String
    public var enabled: Bool
    /// The account it is for; nil: every account.
    public var account: String?
    /// The address of the feed it is for, in `account`.
    public var feed: String?
    /// The folder it is for, in `account`.
    public var folder: String?

    public init(name: String, expression: String, action: String, enabled: Bool, account: String? = nil,
                feed: String? = nil, folder: String? = nil) {
        self.name = name
        self.expression = expression
        self.action = action
        self.enabled = enabled
        self.account = account
        self.feed = feed
        self.folder = folder
    }

    /// Every member, absent scope parts as null: the schema requires them all.
    public var jsonValue: JSONValue {
        func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        return .object(["name": .string(name), "expression": .string(expression), "action": .string(action),
                        "enabled": .bool(enabled), "account": optional(account), "feed": optional(feed), "folder": optional(folder)])
    }

    static let fields = ["name", "expression", "action", "enabled", "account", "feed", "folder"]
}

extension SavedSearch {
    /// `label` is written only when set: files from before it read the same.
    public var jsonValue: JSONValue {
        .object(["name": .string(name), "expression": .string(expression)].merging(label ? ["label": .bool(true)] : [:]) { $1 })
    }

    /// What a restore's plan shows of it.
    var described: String { expression + (label ? " (kept as a label)" : "") }

    static let fields = ["name", "expression"]
    static let optionalFields = ["label"]
}
