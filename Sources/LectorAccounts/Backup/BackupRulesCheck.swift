import FoundationEssentials
import LectorSettings
import LectorStore

extension BackupDocument {
    /// The file's rules and saved searches this Lector cannot take — a filter that does not
    /// parse, an action it does not know (one a newer Lector added) — checked before a restore
    /// changes anything, so that such a file is one error and leaves everything as it was.
    func ruleProblems(sections: Set<BackupSection>) -> [SchemaViolation] {
        var problems: [SchemaViolation] = []
        func parse(_ expression: String, at path: String) {
            do { _ = try FilterParser.parse(expression) } catch {
                problems.append(SchemaViolation(path: path, problem: "the filter does not parse: \(error)"))
            }
        }
        if sections.contains(.rules) {
            for (index, rule) in (rules ?? []).enumerated() {
                parse(rule.expression, at: "rules[\(index)].expression")
                if RuleAction(rawValue: rule.action) == nil {
                    let known = RuleAction.allCases.map(\.rawValue).joined(separator: ", ")
                    problems.append(SchemaViolation(path: "rules[\(index)].action",
                                                    problem: "'\(rule.action)' is not an action this Lector knows (\(known)); upgrade Lector or remove the rule"))
                }
            }
        }
        if sections.contains(.savedSearches) {
            for (index, search) in (savedSearches ?? []).enumerated() { parse(search.expression, at: "saved_searches[\(index)].expression") }
        }
        return problems
    }
}

extension BackupRestorer {
    /// The plan's rules, their scope found by name in the store as this restore left it, and the
    /// saved searches; writing a rule or a search that says the same changes nothing.
    func restoreRules(_ document: BackupDocument, plan: BackupPlan, sections: Set<BackupSection>, removeMissing: Bool) throws {
        if sections.contains(.rules) {
            var scopes = RuleScopes(store: store)
            for rule in plan.rulesToWrite(from: document) {
                try store.rules.put(name: rule.name, expression: rule.expression, action: RuleAction(rawValue: rule.action) ?? .hide,
                                    scope: try scopes.scope(of: rule), enabled: rule.enabled)
            }
            for name in plan.rulesToRemove { try store.rules.remove(name) }
            // A rule waiting for its account's first sync is kept for it (one whose account is
            // not here at all is only named: nothing could place it).
            for rule in document.rules ?? [] where plan.waitingRules.contains(where: { $0.name == rule.name }) {
                guard let name = rule.account, let account = try store.accounts.named(name) else { continue }
                let json = String(decoding: try JSONEncoder().encode(rule), as: UTF8.self)
                try store.database.execute("INSERT OR REPLACE INTO rules_waiting (name, account_id, rule) VALUES (?, ?, ?)", rule.name, account.id, json)
            }
        }
        if sections.contains(.savedSearches), let searches = document.savedSearches {
            for search in searches where try store.savedSearches.named(search.name) != search {
                try store.savedSearches.save(search)
            }
            guard removeMissing else { return }
            let wanted = Set(searches.map { $0.name.lowercased() })
            for search in try store.savedSearches.all() where !wanted.contains(search.name.lowercased()) {
                try store.savedSearches.remove(search.name)
            }
        }
    }
}

extension BackupRestorer {
    /// A rule's scope found by name in the store as it is; a name not there is `notFound`.
    static func scope(of rule: BackupRule, in store: Store) throws -> RuleScope {
        var scopes = RuleScopes(store: store)
        return try scopes.scope(of: rule)
    }
}

/// Rules' scopes found by name in the store: each account's feeds and folders read once, not
/// once per rule.
private struct RuleScopes {
    let store: Store
    private var accounts: [String: (id: Int64, feeds: [String: Int64], folders: [String: Int64])] = [:]

    init(store: Store) {
        self.store = store
    }

    mutating func scope(of rule: BackupRule) throws -> RuleScope {
        guard let name = rule.account else { return RuleScope() }
        let account = try self.account(name)
        var scope = RuleScope(accountID: account.id)
        if let url = rule.feed {
            guard let feedID = account.feeds[url] else { throw StoreError.notFound(what: "feed for the rule", name: url) }
            scope.feedID = feedID
        }
        if let folderName = rule.folder {
            guard let folderID = account.folders[folderName] else { throw StoreError.notFound(what: "folder for the rule", name: folderName) }
            scope.folderID = folderID
        }
        return scope
    }

    private mutating func account(_ name: String) throws -> (id: Int64, feeds: [String: Int64], folders: [String: Int64]) {
        if let known = accounts[name] { return known }
        guard let account = try store.accounts.named(name) else { throw StoreError.notFound(what: "account for the rule", name: name) }
        // The first feed at an address and the first folder of a name, as a search from the start finds them.
        var feeds: [String: Int64] = [:], folders: [String: Int64] = [:]
        for listing in try store.feeds.list(accountID: account.id) {
            let url = BackupSnapshot.withoutLogin(listing.feed.url)
            if feeds[url] == nil { feeds[url] = listing.feed.id }
        }
        for listing in try store.folders.list(accountID: account.id) where folders[listing.folder.name] == nil {
            folders[listing.folder.name] = listing.folder.id
        }
        let found = (id: account.id, feeds: feeds, folders: folders)
        accounts[name] = found
        return found
    }
}
