/// Which kind of document was being read, so messages name the right thing.
public enum DocumentKind: String, Sendable, Equatable {
    case backup, profile
}

/// One place where a document breaks the schema: `settings.reader.font: 'comic' is not one of …`.
public struct SchemaViolation: Equatable, Sendable, CustomStringConvertible {
    /// Dotted path with array indexes: `accounts[2].name`.
    public let path: String
    /// What is wrong there and what is allowed.
    public let problem: String

    public var description: String { path.isEmpty ? problem : "\(path): \(problem)" }

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }
}

/// Why a backup or profile was refused; nothing has been applied when this is thrown.
public enum BackupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not JSON (or stop early); the parse error says where.
    case notJSON(DocumentKind, JSONParseError)
    /// The `format` field is missing or names another kind of file.
    case wrongFormat(DocumentKind, found: String?)
    /// The `version` field is missing or not `major.minor`.
    case badVersion(DocumentKind, found: String?)
    /// Written by a Lector whose format has a newer major version.
    case newerMajor(DocumentKind, found: FormatVersion)
    /// Written in a format major version older than any this Lector reads.
    case olderMajor(DocumentKind, found: FormatVersion)
    /// The document breaks the schema; every violation found is listed, the first in `message`.
    case invalid(DocumentKind, [SchemaViolation])
    /// The file could not be read at all.
    case unreadable(String)
    /// The file could not be written.
    case unwritable(String)
    /// An export would write what a restore refuses (data an older Lector stored unchecked):
    /// nothing is written. Each violation names its place and, where it is a feed, the feed.
    case unrestorable([SchemaViolation])

    /// One line a user can act on.
    public var message: String {
        switch self {
        case .notJSON(let kind, let error) where error.reason == JSONParser.emptyReason:
            return "the \(kind.rawValue) file is empty"
        case .notJSON(let kind, let error):
            return "the \(kind.rawValue) file is not valid JSON: \(error)"
        case .wrongFormat(let kind, let found):
            let expected = kind == .backup ? BackupFormat.name : BackupFormat.profileName
            let seen = found.map { "its format is '\($0)'" } ?? "it has no \"format\" field"
            return "not a Lector \(kind.rawValue): \(seen), expected '\(expected)'"
        case .badVersion(let kind, let found):
            let seen = found.map { "'\($0)'" } ?? "missing"
            return "the \(kind.rawValue)'s version is \(seen); expected major.minor such as \(BackupFormat.current(for: kind))"
        case .newerMajor(let kind, let found):
            return "made by a newer Lector (\(kind.rawValue) format \(found); this Lector reads \(BackupFormat.current(for: kind).major).x): upgrade Lector"
        case .olderMajor(let kind, let found):
            return "\(kind.rawValue) format \(found) is older than any this Lector reads (\(BackupFormat.current(for: kind).major).x)"
        case .invalid(let kind, let violations):
            let first = violations.first.map(\.description) ?? "invalid"
            let more = violations.count > 1 ? " (and \(violations.count - 1) more problem\(violations.count == 2 ? "" : "s"))" : ""
            return "invalid \(kind.rawValue): \(first)\(more)"
        case .unreadable(let path):
            return "cannot read \(path): check that it exists and is readable"
        case .unwritable(let path):
            return "cannot write \(path): check that its directory is writable"
        case .unrestorable(let violations):
            let first = violations.first.map(\.description) ?? "invalid"
            let more = violations.count > 1 ? " (and \(violations.count - 1) more)" : ""
            return "nothing written: 'backup restore' would refuse this backup: \(first)\(more); remove or change that here first, then export again"
        }
    }

    public var description: String { message }
}
