import LectorBasics

extension BackupPlan {
    /// The file's rules against this machine's, by name (in any case): added, changed field by
    /// field, and with `removeMissing` removed. A rule whose scope is not here, nor arriving with
    /// this restore, waits: its account, or a remote account's feed or folder, which only the
    /// account's next sync brings. Each rule is looked up by name and its scope in sets made
    /// once, so that the plan's time is linear in the rules (it was quadratic: 50,000 took 78 s).
    static func rules(current: BackupState, document: BackupDocument, sections: Set<BackupSection>,
                      removeMissing: Bool) -> (changes: [PlannedChange], waiting: [(name: String, reason: String)]) {
        let wanted = document.rules ?? []
        var changes: [PlannedChange] = []
        var waiting: [(name: String, reason: String)] = []
        var currentByName: [String: BackupRule] = [:]
        for rule in current.rules { currentByName[rule.name.lowercased()] = currentByName[rule.name.lowercased()] ?? rule }
        var scopes = ScopesHere(current: current, document: document, sections: sections)
        for rule in wanted {
            if let reason = scopes.absentScope(of: rule) {
                waiting.append((rule.name, reason))
                continue
            }
            guard let existing = currentByName[rule.name.lowercased()] else {
                changes.append(PlannedChange(section: .rules, action: .add, subject: rule.name, old: nil, new: rule.jsonValue))
                continue
            }
            changes += fieldChanges(.rules, subject: existing.name, separator: ".", old: existing.jsonValue, new: rule.jsonValue)
        }
        if removeMissing {
            let wantedNames = Set(wanted.map { $0.name.lowercased() })
            for rule in current.rules where !wantedNames.contains(rule.name.lowercased()) {
                changes.append(PlannedChange(section: .rules, action: .remove, subject: rule.name, old: rule.jsonValue, new: nil))
            }
        }
        return (changes, waiting)
    }

    /// The accounts, feeds and folders a rule's scope may name: what is here and what this restore
    /// brings, gathered once per account the rules name.
    private struct ScopesHere {
        let current: BackupState
        let document: BackupDocument
        let sections: Set<BackupSection>
        private var accounts: Set<String>?
        private var feedsAndFolders: [String: (feeds: Set<String>, folders: Set<String>)] = [:]

        init(current: BackupState, document: BackupDocument, sections: Set<BackupSection>) {
            self.current = current
            self.document = document
            self.sections = sections
        }

        /// Why a rule's scope cannot be placed on this machine by this restore, or nil when it can.
        mutating func absentScope(of rule: BackupRule) -> String? {
            guard let account = rule.account else { return nil }
            if accounts == nil {
                var names = Set(current.accounts.map(\.name))
                if sections.contains(.accounts) { names.formUnion(document.accounts.map(\.name)) }
                accounts = names
            }
            guard accounts?.contains(account) == true else {
                return "there is no account '\(account)' here; restore its account first"
            }
            let have = self.have(account)
            if let feed = rule.feed, !have.feeds.contains(feed) {
                return "account '\(account)' has no feed \(feed) here yet; its first sync puts the rule in"
            }
            if let folder = rule.folder, !have.folders.contains(folder) {
                return "account '\(account)' has no folder '\(folder)' here yet; its first sync puts the rule in"
            }
            return nil
        }

        /// The feeds' addresses and the folders' names of `account` once this restore is done.
        private mutating func have(_ account: String) -> (feeds: Set<String>, folders: Set<String>) {
            if let known = feedsAndFolders[account] { return known }
            let here = current.subscriptions[account] ?? BackupSubscriptions(folders: [], feeds: [])
            var feeds = Set(here.feeds.map(\.url)), folders = Set(here.folders)
            // A local account's feeds and folders arrive with the file's subscriptions; a remote
            // account's come from its server.
            if sections.contains(.subscriptions), !BackupPlan.isRemote(account, current: current, document: document),
               let restored = document.subscriptions?[account] {
                folders.formUnion(restored.folders)
                folders.formUnion(restored.feeds.compactMap(\.folder))
                feeds.formUnion(restored.feeds.map(\.url))
            }
            feedsAndFolders[account] = (feeds, folders)
            return (feeds, folders)
        }
    }

    static func savedSearches(_ current: [SavedSearch], _ wanted: [SavedSearch], removeMissing: Bool) -> [PlannedChange] {
        // By lower-cased name, the first of each: one lookup per search, not a scan.
        func byName(_ searches: [SavedSearch]) -> [String: SavedSearch] {
            Dictionary(searches.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        }
        let currentByName = byName(current), wantedByName = byName(wanted)
        var changes: [PlannedChange] = wanted.compactMap { search in
            guard let existing = currentByName[search.name.lowercased()] else {
                return PlannedChange(section: .savedSearches, action: .add, subject: search.name, old: nil, new: .string(search.described))
            }
            guard existing.expression != search.expression || existing.label != search.label else { return nil }
            return PlannedChange(section: .savedSearches, action: .change, subject: existing.name,
                                 old: .string(existing.described), new: .string(search.described))
        }
        if removeMissing {
            changes += current.filter { wantedByName[$0.name.lowercased()] == nil }.map {
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
        let waiting = Set(waitingRules.map(\.name))
        return (document.rules ?? []).filter { !waiting.contains($0.name) }
    }
}
