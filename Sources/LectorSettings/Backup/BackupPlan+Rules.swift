import LectorBasics

extension BackupPlan {
    /// The file's rules against this machine's, by name (in any case): added, changed field by
    /// field, and with `removeMissing` removed. A rule whose scope is not here, nor arriving with
    /// this restore, waits: its account, or a remote account's feed or folder, which only the
    /// account's next sync brings.
    static func rules(current: BackupState, document: BackupDocument, sections: Set<BackupSection>,
                      removeMissing: Bool) -> (changes: [PlannedChange], waiting: [(name: String, reason: String)]) {
        let wanted = document.rules ?? []
        var changes: [PlannedChange] = []
        var waiting: [(name: String, reason: String)] = []
        for rule in wanted {
            if let reason = absentScope(of: rule, current: current, document: document, sections: sections) {
                waiting.append((rule.name, reason))
                continue
            }
            guard let existing = current.rules.first(where: { $0.name.lowercased() == rule.name.lowercased() }) else {
                changes.append(PlannedChange(section: .rules, action: .add, subject: rule.name, old: nil, new: rule.jsonValue))
                continue
            }
            changes += fieldChanges(.rules, subject: existing.name, separator: ".", old: existing.jsonValue, new: rule.jsonValue)
        }
        if removeMissing {
            for rule in current.rules where !wanted.contains(where: { $0.name.lowercased() == rule.name.lowercased() }) {
                changes.append(PlannedChange(section: .rules, action: .remove, subject: rule.name, old: rule.jsonValue, new: nil))
            }
        }
        return (changes, waiting)
    }

    /// Why a rule's scope cannot be placed on this machine by this restore, or nil when it can.
    private static func absentScope(of rule: BackupRule, current: BackupState, document: BackupDocument,
                                    sections: Set<BackupSection>) -> String? {
        guard let account = rule.account else { return nil }
        let arriving = sections.contains(.accounts) && document.accounts.contains { $0.name == account }
        guard arriving || current.accounts.contains(where: { $0.name == account }) else {
            return "there is no account '\(account)' here; restore its account first"
        }
        // A local account's feeds and folders arrive with the file's subscriptions; a remote
        // account's come from its server.
        var have = current.subscriptions[account] ?? BackupSubscriptions(folders: [], feeds: [])
        if sections.contains(.subscriptions), !isRemote(account, current: current, document: document),
           let restored = document.subscriptions?[account] {
            have.folders += restored.folders + restored.feeds.compactMap(\.folder)
            have.feeds += restored.feeds
        }
        if let feed = rule.feed, !have.feeds.contains(where: { $0.url == feed }) {
            return "account '\(account)' has no feed \(feed) here yet; its first sync puts the rule in"
        }
        if let folder = rule.folder, !have.folders.contains(folder) {
            return "account '\(account)' has no folder '\(folder)' here yet; its first sync puts the rule in"
        }
        return nil
    }

    static func savedSearches(_ current: [SavedSearch], _ wanted: [SavedSearch], removeMissing: Bool) -> [PlannedChange] {
        func named(_ name: String, in searches: [SavedSearch]) -> SavedSearch? {
            searches.first { $0.name.lowercased() == name.lowercased() }
        }
        var changes: [PlannedChange] = wanted.compactMap { search in
            guard let existing = named(search.name, in: current) else {
                return PlannedChange(section: .savedSearches, action: .add, subject: search.name, old: nil, new: .string(search.described))
            }
            guard existing.expression != search.expression || existing.label != search.label else { return nil }
            return PlannedChange(section: .savedSearches, action: .change, subject: existing.name,
                                 old: .string(existing.described), new: .string(search.described))
        }
        if removeMissing {
            changes += current.filter { named($0.name, in: wanted) == nil }.map {
                PlannedChange(section: .savedSearches, action: .remove, subject: $0.name, old: .string($0.described), new: nil)
            }
        }
        return changes
    }

    /// The rules the restore removes (with `removeMissing`).
    public var rulesToRemove: [String] {
        changes.filter { $0.section == .rules && $0.action == .remove }.map(\.subject)
    }

    /// The file's rules the restore writes: all but those that wait.
    public func rulesToWrite(from document: BackupDocument) -> [BackupRule] {
        (document.rules ?? []).filter { rule in !waitingRules.contains { $0.name == rule.name } }
    }
}
