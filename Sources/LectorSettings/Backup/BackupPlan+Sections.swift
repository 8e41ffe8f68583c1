extension BackupPlan {
    static func settings(_ current: Preferences, _ wanted: [String: [String: JSONValue]]) -> [PlannedChange] {
        SettingsRegistry.all.compactMap { setting in
            guard let new = wanted[setting.group.rawValue]?[setting.name] else { return nil }
            let old = current[setting.key] ?? setting.defaultValue
            return old == new ? nil : PlannedChange(section: .settings, action: .change, subject: setting.key, old: old, new: new)
        }
    }

    static func accounts(_ current: [BackupAccount], _ wanted: [BackupAccount], removeMissing: Bool) -> [PlannedChange] {
        var changes: [PlannedChange] = []
        let wantedNames = Set(wanted.map(\.name))
        let backupHasDefault = wanted.contains(where: \.isDefault)
        for account in wanted {
            guard let existing = current.first(where: { $0.name == account.name }) else {
                changes.append(PlannedChange(section: .accounts, action: .add, subject: account.name, old: nil, new: account.jsonValue))
                continue
            }
            changes += fieldChanges(.accounts, subject: account.name, separator: ".", old: existing.jsonValue, new: account.jsonValue)
        }
        for account in current where !wantedNames.contains(account.name) {
            if removeMissing {
                changes.append(PlannedChange(section: .accounts, action: .remove, subject: account.name, old: account.jsonValue, new: nil))
            } else if account.isDefault && backupHasDefault {
                // Only one account can be the default; the backup's default wins.
                changes.append(PlannedChange(section: .accounts, action: .change, subject: "\(account.name).default",
                                             old: .bool(true), new: .bool(false)))
            }
        }
        return changes
    }

    static func subscriptions(_ current: [String: BackupSubscriptions], _ wanted: [String: BackupSubscriptions],
                              removeMissing: Bool) -> [PlannedChange] {
        var changes: [PlannedChange] = []
        for account in wanted.keys.sorted() {
            changes += subscriptions(of: account, current: current, wanted: wanted, removeMissing: removeMissing, withMarks: true)
        }
        return changes
    }

    /// The differences for one account's folders and feeds.
    /// `withMarks`: also the read and starred marks the file adds (a local account's).
    static func subscriptions(of account: String, current: [String: BackupSubscriptions], wanted: [String: BackupSubscriptions],
                              removeMissing: Bool, withMarks: Bool) -> [PlannedChange] {
        var changes: [PlannedChange] = []
        guard let want = wanted[account] else { return [] }
        let have = current[account] ?? BackupSubscriptions(folders: [], feeds: [])
        for folder in want.folders where !have.folders.contains(folder) {
            changes.append(PlannedChange(section: .subscriptions, action: .add, subject: "\(account) folder \(folder)", old: nil, new: nil))
        }
        for feed in want.feeds {
            let subject = "\(account) feed \(feed.url)"
            let existing = have.feeds.first { $0.url == feed.url }
            if let existing {
                changes += fieldChanges(.subscriptions, subject: subject, separator: " ", old: existing.structureJSON, new: feed.structureJSON)
            } else {
                changes.append(PlannedChange(section: .subscriptions, action: .add, subject: subject, old: nil, new: feed.structureJSON))
            }
            if withMarks, let marks = marksAdded(by: feed, to: existing) {
                changes.append(PlannedChange(section: .subscriptions, action: .add, subject: subject + " marks", old: nil, new: .string(marks)))
            }
        }
        guard removeMissing else { return changes }
        for feed in have.feeds where !want.feeds.contains(where: { $0.url == feed.url }) {
            changes.append(PlannedChange(section: .subscriptions, action: .remove, subject: "\(account) feed \(feed.url)",
                                         old: feed.structureJSON, new: nil))
        }
        for folder in have.folders where !want.folders.contains(folder) {
            changes.append(PlannedChange(section: .subscriptions, action: .remove, subject: "\(account) folder \(folder)", old: nil, new: nil))
        }
        return changes
    }

    /// "2 read, 1 starred": the marks of `feed` this machine does not hold yet (applied or
    /// waiting for a fetch); nil when none. A restore adds marks; it never takes one away.
    private static func marksAdded(by feed: BackupFeed, to existing: BackupFeed?) -> String? {
        let read = Set(feed.readArticles).subtracting(existing?.readArticles ?? []).count
        let starred = Set(feed.starredArticles).subtracting(existing?.starredArticles ?? []).count
        guard read + starred > 0 else { return nil }
        return "\(read) read, \(starred) starred"
    }

    static func profiles(_ current: [Profile], _ wanted: [Profile], removeMissing: Bool) -> [PlannedChange] {
        var changes: [PlannedChange] = []
        for profile in wanted {
            guard let existing = current.first(where: { $0.name == profile.name }) else {
                changes.append(PlannedChange(section: .profiles, action: .add, subject: profile.name, old: nil,
                                             new: .string(profile.description)))
                continue
            }
            if existing != profile {
                changes.append(PlannedChange(section: .profiles, action: .change, subject: profile.name,
                                             old: .string("\(existing.values.count) setting(s)"), new: .string("\(profile.values.count) setting(s)")))
            }
        }
        if removeMissing {
            for profile in current where !wanted.contains(where: { $0.name == profile.name }) {
                changes.append(PlannedChange(section: .profiles, action: .remove, subject: profile.name, old: .string(profile.description), new: nil))
            }
        }
        return changes
    }

    static func readingList(_ current: [ReadingListEntry], _ wanted: [ReadingListEntry], removeMissing: Bool) -> [PlannedChange] {
        func same(_ a: ReadingListEntry, _ b: ReadingListEntry) -> Bool { a.account == b.account && a.articleURL == b.articleURL }
        var changes = wanted.filter { entry in !current.contains { same($0, entry) } }.map {
            PlannedChange(section: .readingList, action: .add, subject: "\($0.account) \($0.articleURL)", old: nil, new: .string($0.title))
        }
        if removeMissing {
            changes += current.filter { entry in !wanted.contains { same($0, entry) } }.map {
                PlannedChange(section: .readingList, action: .remove, subject: "\($0.account) \($0.articleURL)", old: .string($0.title), new: nil)
            }
        }
        return changes
    }

    /// One change per differing field of two objects, subject "name.field" (or "home feed URL title").
    static func fieldChanges(_ section: BackupSection, subject: String, separator: String,
                                     old: JSONValue, new: JSONValue) -> [PlannedChange] {
        let before = old.objectValue ?? [:], after = new.objectValue ?? [:]
        return Set(before.keys).union(after.keys).sorted().compactMap { field in
            let was = before[field] ?? .null, will = after[field] ?? .null
            return was == will ? nil : PlannedChange(section: section, action: .change, subject: subject + separator + field, old: was, new: will)
        }
    }
}

extension BackupPlan {
    /// One line per account with starred articles this machine does not hold starred yet: which
    /// of them its server still carries, and which it can take, is known only once the restore
    /// asks it, so the plan says what it will do.
    static func starred(_ wanted: [String: Int], starredHere: [String: Int]) -> [PlannedChange] {
        wanted.keys.sorted().compactMap { account in
            let missing = (wanted[account] ?? 0) - (starredHere[account] ?? 0)
            guard missing > 0 else { return nil }
            return PlannedChange(section: .starred, action: .add, subject: account, old: nil,
                                 new: .string("\(missing) starred article(s): starred again where the account has them, re-created where it can take them"))
        }
    }
}
