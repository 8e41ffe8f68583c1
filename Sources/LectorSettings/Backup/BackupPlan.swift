import LectorBasics

/// What restoring the selected sections of a backup would change, key by key (`backup restore --dry-run`).
/// By default a restore only adds and updates; with `removeMissing`, things absent from the backup go too.
public struct BackupPlan: Sendable {
    /// Every change, grouped by section in section order.
    public let changes: [PlannedChange]
    /// Selected sections the document does not contain (e.g. exported without subscriptions).
    public let missingSections: [BackupSection]
    /// Remote accounts whose backed-up subscriptions differ from the store. The server is the
    /// truth for a remote account's structure: these are not written, they are compared with the
    /// server at the account's next sync, which shows the difference.
    public let comparedAtSync: [String]
    /// The server settings the backup holds for the feeds of those accounts, which the next sync
    /// compares with the server's (they are not written either).
    public let comparedSettings: [ComparedSettings]
    /// Rules of the file whose feed, folder or account is not here (nor arriving with this
    /// restore), with why: they are left out, and a restore after the account's next sync takes them.
    public let waitingRules: [(name: String, reason: String)]

    /// Compares `document` with `current` for the selected sections.
    public init(current: BackupState, document: BackupDocument,
                sections: Set<BackupSection> = Set(BackupSection.allCases), removeMissing: Bool = false) {
        var changes: [PlannedChange] = []
        var missing: [BackupSection] = []
        var compared: [String] = []
        var comparedSettings: [ComparedSettings] = []
        var waiting: [(name: String, reason: String)] = []
        for section in sections.sorted() {
            switch section {
            case .settings:
                changes += Self.settings(current.preferences, document.settings)
            case .accounts:
                changes += Self.accounts(current.accounts, document.accounts, removeMissing: removeMissing)
            case .subscriptions:
                guard let wanted = document.subscriptions else { missing.append(section); continue }
                for account in wanted.keys.sorted() {
                    let remote = Self.isRemote(account, current: current, document: document)
                    // A remote account's marks are its server's: a backup carries none for it.
                    let accountChanges = Self.subscriptions(of: account, current: current.subscriptions, wanted: wanted,
                                                            removeMissing: removeMissing, withMarks: !remote)
                    if remote {
                        guard !accountChanges.isEmpty else { continue }
                        compared.append(account)
                        comparedSettings += (wanted[account]?.feeds ?? []).filter { !$0.serverSettings.isEmpty }.map {
                            ComparedSettings(account: account, title: $0.title, url: $0.url, settings: $0.serverSettings)
                        }
                    } else {
                        changes += accountChanges
                    }
                }
            case .readingList:
                guard let wanted = document.readingList else { missing.append(section); continue }
                changes += Self.readingList(current.readingList, wanted, removeMissing: removeMissing)
            case .profiles:
                guard let wanted = document.profiles else { missing.append(section); continue }
                changes += Self.profiles(current.profiles, wanted, removeMissing: removeMissing)
            case .starred:
                // Older files have no starred articles: nothing to note, every 1.x file is whole without them.
                changes += Self.starred(document.starred?.counts ?? [:], starredHere: current.starredHere)
            case .rules:
                guard document.rules != nil else { missing.append(section); continue }
                let placed = Self.rules(current: current, document: document, sections: sections, removeMissing: removeMissing)
                changes += placed.changes
                waiting = placed.waiting
            case .savedSearches:
                guard let wanted = document.savedSearches else { missing.append(section); continue }
                changes += Self.savedSearches(current.savedSearches, wanted, removeMissing: removeMissing)
            }
        }
        self.changes = changes
        self.missingSections = missing
        self.comparedAtSync = compared
        self.comparedSettings = comparedSettings
        self.waitingRules = waiting
    }

    /// Whether the account (by the document's kind, else the current one) lives on a server.
    static func isRemote(_ name: String, current: BackupState, document: BackupDocument) -> Bool {
        let kind = document.accounts.first { $0.name == name }?.kind ?? current.accounts.first { $0.name == name }?.kind
        return kind.map { $0.hasServer } ?? false
    }

    /// True when the restore would change nothing.
    public var isEmpty: Bool { changes.isEmpty && comparedAtSync.isEmpty }

    /// One line per change, then a count line, for people.
    public var lines: [String] {
        let notes = missingSections.map { "  (the backup holds no \($0.rawValue); nothing to restore there)" }
        let compared = comparedAtSync.flatMap { account in
            ["= subscriptions \(account): kept by its server; compared with the server at the next sync"]
                + comparedSettings.filter { $0.account == account }.map(\.line)
        }
        let waiting = waitingRules.map { "= rules \($0.name): left out, \($0.reason)" }
        return changes.map(\.line) + compared + waiting + notes + [summary]
    }

    /// `{"changes": […], "missing_sections": […], "adds": n, "changes_count": n, "removes": n}` for `--json`.
    public var json: JSONValue {
        .object([
            "changes": .array(changes.map(\.json)),
            "missing_sections": .array(missingSections.map { .string($0.rawValue) }),
            "compared_at_sync": .array(comparedAtSync.map(JSONValue.string)),
            "compared_settings": .array(comparedSettings.map(\.json)),
            "waiting_rules": .array(waitingRules.map { .object(["name": .string($0.name), "reason": .string($0.reason)]) }),
            "adds": .int(count(.add)), "updates": .int(count(.change)), "removes": .int(count(.remove)),
        ])
    }

    /// The profiles to write, by name (adds and changes).
    public var profilesToSave: [String] {
        changes.filter { $0.section == .profiles && $0.action != .remove }.map(\.subject)
    }

    /// The profiles to delete (with `removeMissing`).
    public var profilesToRemove: [String] {
        changes.filter { $0.section == .profiles && $0.action == .remove }.map(\.subject)
    }

    /// The settings part as changes the `SettingsEditor` can apply in one call.
    public var settingChanges: [SettingChange] {
        changes.compactMap { change in
            guard change.section == .settings, let old = change.old, let new = change.new else { return nil }
            return SettingChange(key: change.subject, old: old, new: new)
        }
    }

    private var summary: String {
        isEmpty ? "nothing to change" : "\(count(.add)) to add, \(count(.change)) to change, \(count(.remove)) to remove"
    }

    private func count(_ action: PlannedChange.Action) -> Int {
        changes.filter { $0.action == action }.count
    }
}

/// A feed of a server's account and the server settings its backup holds: shown by a dry run,
/// compared with what the server has at the account's next sync.
public struct ComparedSettings: Sendable, Equatable {
    public var account: String
    public var title: String
    public var url: String
    /// Lector's key names (`user-agent`) to values; a backup never holds a secret's value.
    public var settings: [String: String]

    var line: String {
        let values = settings.keys.sorted().map { key in "\(key) \"\(settings[key]!.replacingAll("\n", with: " | "))\"" }
        return "=   feed '\(title)' <\(url)>: \(values.joined(separator: ", "))"
    }

    var json: JSONValue {
        .object(["account": .string(account), "title": .string(title), "url": .string(url),
                 "settings": .object(settings.mapValues(JSONValue.string))])
    }
}
