import FoundationEssentials
import LectorBasics

/// Reads a backup and validates all of it before returning, so a restore never starts on a bad file.
/// The large sections (`StreamedSections`) are checked an article at a time and kept as places in
/// the file to read again, so memory does not grow with them.
public enum BackupReader {
    /// The validated document and one warning per key skipped from a newer minor version.
    public static func read(_ data: Data) throws(BackupError) -> (document: BackupDocument, warnings: [String]) {
        try read(.bytes(data))
    }

    /// Reads and validates a backup file, a chunk at a time.
    public static func read(contentsOf url: URL) throws(BackupError) -> (document: BackupDocument, warnings: [String]) {
        try read(.file(url.path))
    }

    /// Reads and validates a backup from `source`.
    public static func read(_ source: JSONSource) throws(BackupError) -> (document: BackupDocument, warnings: [String]) {
        let (root, streamed) = try topLevel(of: source)
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
        let starred = members["starred"].map { checker.starred($0, at: "starred", accountNames: names, streamed: streamed["starred"]) }
        let rules = members["rules"].map { checker.rules($0, at: "rules") }
        let savedSearches = members["saved_searches"].map { checker.savedSearches($0, at: "saved_searches") }

        guard checker.violations.isEmpty else { throw .invalid(.backup, checker.violations) }
        var document = BackupDocument(toolVersion: toolVersion, createdAt: createdAt, accounts: accounts,
                                      settings: grouped(settings), subscriptions: subscriptions, readingList: readingList,
                                      profiles: profiles, starred: starred, rules: rules, savedSearches: savedSearches)
        document.version = version.description
        return (document, checker.warnings)
    }

    /// The top-level value, the streamed sections walked past (syntax checked, nothing held) and
    /// standing in it as empty objects; a JSON error anywhere is found here, before any check.
    static func topLevel(of source: JSONSource) throws(BackupError) -> (root: JSONValue, streamed: StreamedSections) {
        var parser = JSONParser(source)
        var streamed = StreamedSections(source: source)
        do {
            try parser.beginDocument()
            guard parser.nextByte() == UInt8(ascii: "{") else {
                let value = try parser.parseValue(depth: 0)
                try parser.endDocument()
                return (value, streamed)
            }
            var members: [String: JSONValue] = [:], keys = Set<String>()
            try parser.beginObject()
            while let key = try parser.nextMember(seen: &keys) {
                if StreamedSections.names.contains(key), parser.nextByte() == UInt8(ascii: "{") {
                    streamed.places[key] = parser.position
                    try parser.skipValue(depth: 1)
                    members[key] = .object([:])
                } else {
                    members[key] = try parser.parseValue(depth: 1)
                }
            }
            try parser.endDocument()
            return (.object(members), streamed)
        } catch {
            if parser.readFailed, case .file(let path) = source { throw .unreadable(path) }
            throw .notJSON(.backup, error)
        }
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
        UTCTimestamp.date(text) != nil
    }
}
