import FoundationEssentials

/// Validates a profile file with the same rules as a backup's settings section.
enum ProfileReader {
    static func read(_ data: Data) throws(BackupError) -> (profile: Profile, warnings: [String]) {
        let root: JSONValue
        do { root = try JSONValue(parsing: data) } catch { throw .notJSON(.profile, error) }
        let (members, version) = try DocumentChecker.header(of: root, kind: .profile)
        var checker = DocumentChecker(kind: .profile, version: version)
        _ = checker.object(root, at: "", required: ["format", "version", "name", "description", "settings"])
        let name = members["name"].map { checker.string($0, at: "name", length: 1...40) } ?? ""
        if !name.isEmpty && !Profile.isValidName(name) {
            checker.fail("name", "'\(name)' must be lowercase letters, digits or dashes, starting with a letter or digit")
        }
        let description = members["description"].map { checker.string($0, at: "description", length: 0...200) } ?? ""
        let values = members["settings"].map { checker.settings($0, at: "settings", complete: false) } ?? [:]
        guard checker.violations.isEmpty else { throw .invalid(.profile, checker.violations) }
        do {
            return (try Profile(name: name, description: description, values: values), checker.warnings)
        } catch {
            throw .invalid(.profile, [SchemaViolation(path: "", problem: error.message)])
        }
    }
}
