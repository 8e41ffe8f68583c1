import FoundationEssentials

/// Reads a backup and validates all of it before returning, so a restore never starts on a bad file.
public enum BackupReader {
    /// The validated document and one warning per key skipped from a newer minor version.
    public static func read(_ data: Data) throws(BackupError) -> (document: BackupDocument, warnings: [String]) {
        let root: JSONValue
        do { root = try JSONValue(parsing: data) } catch { throw .notJSON(.backup, error) }
        let (members, version) = try DocumentChecker.header(of: root, kind: .backup)
        var checker = DocumentChecker(kind: .backup, version: version)
        _ = checker.object(root, at: "", required: ["format", "version", "tool_version", "created_at", "accounts", "settings"],
                           optional: ["subscriptions", "reading_list", "profiles", "starred", "rules", "saved_searches"])

        let toolVersion = members["tool_version"].map { checker.string($0, at: "tool_version", length: 1...64) } ?? ""
        let createdAt = members["created_at"].map { checker.string($0, at: "created_at", length: 1...64) } ?? ""
        if !createdAt.isEmpty && !isUTCTimestamp(createdAt) {
            checker.fail("created_at", "'\(createdAt)' is not an ISO-8601 UTC time such as 2026-11-29T16:40:00Z")
        }
        let (accounts, names) = members["accounts"].map { checker.accounts($0, at: "accounts") } ?? ([], [])
        let settings = members["settings"].map { checker.settings($0, at: "settings", complete: true) } ?? [:]
        let subscriptions = members["subscriptions"].map { checker.subscriptions($0, at: "subscriptions", accountNames: names) }
        let readingList = members["reading_list"].map { checker.readingList($0, at: "reading_list", accountNames: names) }
        let profiles = members["profiles"].map { checker.profiles($0, at: "profiles") }
        let starred = members["starred"].map { checker.starred($0, at: "starred", accountNames: names) }
        let rules = members["rules"].map { checker.rules($0, at: "rules") }
        let savedSearches = members["saved_searches"].map { checker.savedSearches($0, at: "saved_searches") }

        guard checker.violations.isEmpty else { throw .invalid(.backup, checker.violations) }
        var document = BackupDocument(toolVersion: toolVersion, createdAt: createdAt, accounts: accounts,
                                      settings: grouped(settings), subscriptions: subscriptions, readingList: readingList,
                                      profiles: profiles, starred: starred, rules: rules, savedSearches: savedSearches)
        document.version = version.description
        return (document, checker.warnings)
    }

    /// Reads and validates a backup file.
    public static func read(contentsOf url: URL) throws(BackupError) -> (document: BackupDocument, warnings: [String]) {
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw .unreadable(url.path) }
        return try read(data)
    }

    /// Flat dotted keys back to `{group: {name: value}}`.
    static func grouped(_ flat: [String: JSONValue]) -> [String: [String: JSONValue]] {
        var groups: [String: [String: JSONValue]] = [:]
        for (key, value) in flat {
            guard let setting = SettingsRegistry.setting(key) else { continue }
            groups[setting.group.rawValue, default: [:]][setting.name] = value
        }
        return groups
    }

    static func isUTCTimestamp(_ text: String) -> Bool {
        guard text.wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,9})?Z/) != nil else { return false }
        // Two accepted forms; a text that parses as neither is simply not a timestamp (the caller reports it).
        return (try? Date(text, strategy: .iso8601)) != nil
            || (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))) != nil
    }
}
