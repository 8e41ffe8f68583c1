import FoundationEssentials
import LectorBasics

/// Walks a parsed backup or profile, collecting every schema violation (so the user sees them all
/// at once) and, for a newer minor version, the unknown keys it skips.
struct DocumentChecker {
    private(set) var violations: [SchemaViolation] = []
    private(set) var warnings: [String] = []
    let kind: DocumentKind
    let version: FormatVersion

    /// A newer minor version may add keys; this Lector skips them with a warning instead of failing.
    var tolerant: Bool { version > BackupFormat.current(for: kind) }

    /// Checks `format` and `version` before anything else, since they decide how to read the rest.
    static func header(of root: JSONValue, kind: DocumentKind) throws(BackupError) -> (members: [String: JSONValue], version: FormatVersion) {
        guard case .object(let members) = root else {
            throw .invalid(kind, [SchemaViolation(path: "", problem: "expected a JSON object at the top level, found \(root.typeDescription)")])
        }
        let expected = kind == .backup ? BackupFormat.name : BackupFormat.profileName
        guard let format = members["format"]?.stringValue, format == expected else {
            throw .wrongFormat(kind, found: members["format"]?.stringValue)
        }
        guard let text = members["version"]?.stringValue, let version = FormatVersion(text) else {
            throw .badVersion(kind, found: members["version"]?.stringValue)
        }
        if version.major > BackupFormat.current(for: kind).major { throw .newerMajor(kind, found: version) }
        if version.major < BackupFormat.current(for: kind).major { throw .olderMajor(kind, found: version) }
        return (members, version)
    }

    mutating func fail(_ path: String, _ problem: String) {
        violations.append(SchemaViolation(path: path, problem: problem))
    }

    mutating func warn(_ text: String) {
        warnings.append(text)
    }

    func join(_ parent: String, _ key: String) -> String {
        parent.isEmpty ? key : "\(parent).\(key)"
    }

    /// The members of an object, after reporting missing required keys and unknown ones.
    mutating func object(_ value: JSONValue, at path: String, required: [String], optional: [String] = []) -> [String: JSONValue] {
        guard case .object(let members) = value else {
            fail(path, "expected an object, found \(value.typeDescription)")
            return [:]
        }
        for key in required where members[key] == nil {
            fail(path, "missing required field '\(key)'")
        }
        for key in members.keys.sorted() where !required.contains(key) && !optional.contains(key) {
            unknown(key, in: path, known: required + optional)
        }
        return members
    }

    /// Reports a key this version does not know: an error, a warning for newer minors, never a secret.
    mutating func unknown(_ key: String, in parent: String, known: [String]) {
        let path = join(parent, key)
        if Self.looksLikeSecret(key) {
            fail(path, "a \(kind.rawValue) never holds passwords or tokens; remove this field (secrets stay in the keyring)")
        } else if tolerant {
            warnings.append("\(path): skipped; unknown to this Lector (the file is format \(version), this Lector reads \(BackupFormat.current(for: kind)))")
        } else {
            fail(path, "unknown field" + NearestMatch.hint(NearestMatch.best(for: key, among: known)))
        }
    }

    mutating func array(_ value: JSONValue, at path: String) -> [JSONValue] {
        guard case .array(let elements) = value else {
            fail(path, "expected an array, found \(value.typeDescription)")
            return []
        }
        return elements
    }

    mutating func string(_ value: JSONValue, at path: String, length: ClosedRange<Int> = 1...1000) -> String {
        guard case .string(let text) = value else {
            fail(path, "expected a string, found \(value.typeDescription)")
            return ""
        }
        if text.count < length.lowerBound {
            fail(path, "must not be empty")
        } else if text.count > length.upperBound {
            fail(path, "longer than \(length.upperBound) characters")
        }
        return text
    }

    /// A string or null; with `isWebURL` the string must also be an http(s) URL without credentials.
    mutating func nullableString(_ value: JSONValue, at path: String, isWebURL: Bool = false) -> String? {
        if case .null = value { return nil }
        let text = string(value, at: path, length: 1...2048)
        if isWebURL && !text.isEmpty { checkWebURL(text, at: path) }
        return text
    }

    mutating func bool(_ value: JSONValue, at path: String) -> Bool {
        guard case .bool(let flag) = value else {
            fail(path, "expected true or false, found \(value.typeDescription)")
            return false
        }
        return flag
    }

    /// An http(s) URL that carries no credentials; the URL itself is not echoed, it might hold a secret.
    mutating func checkWebURL(_ text: String, at path: String) {
        if let problem = WebAddressRule.problem(text) { fail(path, problem) }
    }

    mutating func webURL(_ value: JSONValue, at path: String) -> String {
        let text = string(value, at: path, length: 1...2048)
        if !text.isEmpty { checkWebURL(text, at: path) }
        return text
    }

    private static func looksLikeSecret(_ key: String) -> Bool {
        let lowered = key.lowercased()
        return ["password", "passwd", "passphrase", "secret", "token", "apikey", "api_key", "api-key", "credential", "authorization"].contains { lowered.contains($0) }
    }
}
