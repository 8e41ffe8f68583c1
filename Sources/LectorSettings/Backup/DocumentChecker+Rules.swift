import LectorBasics

extension DocumentChecker {
    /// Checks `[{"name", "expression", "action", "enabled", "account", "feed", "folder"}, …]`:
    /// every field present, names unique (in any case, as the store keeps them), a feed or a
    /// folder only in a named account, and not both. The filters and the actions are checked
    /// by the restore, which knows the language (an action added since is an error there).
    mutating func rules(_ value: JSONValue, at path: String) -> [BackupRule] {
        var rules: [BackupRule] = []
        var names: Set<String> = []
        for (index, element) in array(value, at: path).enumerated() {
            let itemPath = "\(path)[\(index)]"
            let members = object(element, at: itemPath, required: BackupRule.fields)
            guard !members.isEmpty else { continue }
            func text(_ key: String, length: ClosedRange<Int> = 1...200) -> String {
                members[key].map { string($0, at: join(itemPath, key), length: length) } ?? ""
            }
            func optional(_ key: String) -> String? {
                members[key].flatMap { nullableString($0, at: join(itemPath, key), isWebURL: key == "feed") }
            }
            let rule = BackupRule(name: text("name"), expression: text("expression", length: 1...10_000), action: text("action"),
                                  enabled: members["enabled"].map { bool($0, at: join(itemPath, "enabled")) } ?? true,
                                  account: optional("account"), feed: optional("feed"), folder: optional("folder"))
            if rule.feed != nil && rule.folder != nil { fail(itemPath, "a rule is for one feed or one folder, not both") }
            if (rule.feed != nil || rule.folder != nil) && rule.account == nil {
                fail(join(itemPath, "account"), "a rule for a feed or a folder names its account")
            }
            checkUnique(rule.name, among: &names, at: join(itemPath, "name"), what: "rule")
            rules.append(rule)
        }
        return rules
    }

    /// Checks `[{"name", "expression", "label"?}, …]`, names unique in any case.
    mutating func savedSearches(_ value: JSONValue, at path: String) -> [SavedSearch] {
        var searches: [SavedSearch] = []
        var names: Set<String> = []
        for (index, element) in array(value, at: path).enumerated() {
            let itemPath = "\(path)[\(index)]"
            let members = object(element, at: itemPath, required: SavedSearch.fields, optional: SavedSearch.optionalFields)
            guard !members.isEmpty else { continue }
            let search = SavedSearch(name: members["name"].map { string($0, at: join(itemPath, "name"), length: 1...200) } ?? "",
                                           expression: members["expression"].map {
                                               string($0, at: join(itemPath, "expression"), length: 1...10_000)
                                           } ?? "",
                                           label: members["label"].map { bool($0, at: join(itemPath, "label")) } ?? false)
            checkUnique(search.name, among: &names, at: join(itemPath, "name"), what: "saved search")
            searches.append(search)
        }
        return searches
    }

    /// `earlier`: the names before, lower-cased — a set, so that 50,000 rules are checked in one
    /// pass (comparing each with all before it took 78 s).
    private mutating func checkUnique(_ name: String, among earlier: inout Set<String>, at path: String, what: String) {
        if !earlier.insert(name.lowercased()).inserted { fail(path, "a \(what) named '\(name)' is listed twice") }
    }
}
