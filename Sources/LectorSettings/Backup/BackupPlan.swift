/// What restoring the selected sections of a backup would change, key by key (`backup restore --dry-run`).
/// By default a restore only adds and updates; with `removeMissing`, things absent from the backup go too.
public struct BackupPlan: Sendable {
    /// Every change, grouped by section in section order.
    public let changes: [PlannedChange]
    /// Selected sections the document does not contain (e.g. exported without subscriptions).
    public let missingSections: [BackupSection]

    /// Compares `document` with `current` for the selected sections.
    public init(current: BackupState, document: BackupDocument,
                sections: Set<BackupSection> = Set(BackupSection.allCases), removeMissing: Bool = false) {
        var changes: [PlannedChange] = []
        var missing: [BackupSection] = []
        for section in sections.sorted() {
            switch section {
            case .settings:
                changes += Self.settings(current.preferences, document.settings)
            case .accounts:
                changes += Self.accounts(current.accounts, document.accounts, removeMissing: removeMissing)
            case .subscriptions:
                guard let wanted = document.subscriptions else { missing.append(section); continue }
                changes += Self.subscriptions(current.subscriptions, wanted, removeMissing: removeMissing)
            case .readingList:
                guard let wanted = document.readingList else { missing.append(section); continue }
                changes += Self.readingList(current.readingList, wanted, removeMissing: removeMissing)
            }
        }
        self.changes = changes
        self.missingSections = missing
    }

    /// True when the restore would change nothing.
    public var isEmpty: Bool { changes.isEmpty }

    /// One line per change, then a count line, for people.
    public var lines: [String] {
        let notes = missingSections.map { "  (the backup holds no \($0.rawValue); nothing to restore there)" }
        return changes.map(\.line) + notes + [summary]
    }

    /// `{"changes": […], "missing_sections": […], "adds": n, "changes_count": n, "removes": n}` for `--json`.
    public var json: JSONValue {
        .object([
            "changes": .array(changes.map(\.json)),
            "missing_sections": .array(missingSections.map { .string($0.rawValue) }),
            "adds": .int(count(.add)), "updates": .int(count(.change)), "removes": .int(count(.remove)),
        ])
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
