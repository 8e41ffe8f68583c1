/// Where the candidate values of an argument or option come from, for completion and help.
public enum ValueSource: Sendable, Equatable {
    /// Account names from the store.
    case accounts
    /// Feed titles from the store (of the `--account` given, else all).
    case feeds
    /// Folder names from the store.
    case folders
    /// Command names, for `help`.
    case commands
    /// Setting keys and group names.
    case settingKeys
    /// Settings group names.
    case settingGroups
    /// Allowed values of the setting named by the KEY argument.
    case settingValues
    /// The known actions of an action-list setting (`dock.actions`, `swipe.leading`).
    case actions(String)
    /// Settings profiles, shipped and the user's own.
    case profiles
    /// A fixed list of values with a description each.
    case choices([Choice])
    /// A path on disk: the shell completes file names.
    case files
    /// The numbers of the last `article list`, with the titles as descriptions.
    case articles
    /// A filter (docs/rules.md): its fields, operators and connectives for the word being typed.
    case filter
    /// Rule names from the store.
    case rules
    /// Saved search names from the store.
    case savedSearches
    /// Label names from the store (of the `--account` given, else all).
    case labels
}

/// One allowed value of a fixed list.
public struct Choice: Sendable, Equatable {
    public let value: String
    public let help: String

    public init(_ value: String, _ help: String) {
        self.value = value
        self.help = help
    }
}

/// A positional argument of a command.
public struct ArgumentSpec: Sendable {
    public let name: String
    public let help: String
    public let source: ValueSource?
    public let isOptional: Bool
    /// Takes every remaining positional word (only the last argument may).
    public let isVariadic: Bool

    public init(_ name: String, _ help: String, source: ValueSource? = nil, optional: Bool = false, variadic: Bool = false) {
        self.name = name
        self.help = help
        self.source = source
        self.isOptional = optional
        self.isVariadic = variadic
    }
}

/// A `--long` option (with an optional `-s` short form): a flag, or one that takes a value.
public struct OptionSpec: Sendable {
    public let name: String
    public let short: Character?
    /// The placeholder of the value (`NAME`), or nil for a flag.
    public let valueName: String?
    public let help: String
    public let source: ValueSource?

    public init(_ name: String, short: Character? = nil, value valueName: String? = nil, _ help: String,
                source: ValueSource? = nil) {
        self.name = name
        self.short = short
        self.valueName = valueName
        self.help = help
        self.source = source
    }

    public var takesValue: Bool { valueName != nil }
}

/// Where a command can be used.
public enum Availability: Sendable {
    case everywhere
    /// Only inside the REPL (e.g. `exit`).
    case replOnly
}

/// One command: a noun, or a noun and a verb. Declared once; parsing, dispatch, help, man page
/// and completion are all derived from it.
public struct CommandSpec: Sendable {
    public let path: [String]
    public let summary: String
    public let discussion: String?
    public let arguments: [ArgumentSpec]
    public let options: [OptionSpec]
    public let availability: Availability
    let run: @Sendable (Invocation, Session) throws -> CommandOutput

    init(_ path: [String], _ summary: String, discussion: String? = nil, arguments: [ArgumentSpec] = [],
         options: [OptionSpec] = [], availability: Availability = .everywhere,
         run: @escaping @Sendable (Invocation, Session) throws -> CommandOutput) {
        self.path = path
        self.summary = summary
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.availability = availability
        self.run = run
    }

    /// "feed list"
    public var name: String { path.joined(separator: " ") }

    /// Options every command accepts, after its own.
    public var allOptions: [OptionSpec] { options + OptionSpec.common }

    public func option(named name: String) -> OptionSpec? {
        allOptions.first { $0.name == name }
    }

    public func option(short: Character) -> OptionSpec? {
        allOptions.first { $0.short == short }
    }

    /// `feed move FEED FOLDER [--account NAME]`-style synopsis.
    public var synopsis: String {
        var parts = ["lector"] + path
        for argument in arguments {
            var word = argument.name + (argument.isVariadic ? "…" : "")
            if argument.isOptional { word = "[\(word)]" }
            parts.append(word)
        }
        for option in options {
            parts.append("[--\(option.name)\(option.valueName.map { " \($0)" } ?? "")]")
        }
        return parts.joined(separator: " ")
    }
}

/// A noun: a group of commands sharing a first word, with a line of its own in help.
public struct NounSpec: Sendable {
    public let name: String
    public let summary: String

    public init(_ name: String, _ summary: String) {
        self.name = name
        self.summary = summary
    }
}

extension OptionSpec {
    /// Accepted by every command.
    static let common: [OptionSpec] = [
        OptionSpec("json", "print one JSON document on stdout and nothing else"),
        OptionSpec("color", value: "WHEN", "styling: auto (on a terminal, unless NO_COLOR is set), always, never",
                   source: .choices([Choice("auto", "on a terminal"), Choice("always", "always"), Choice("never", "never")])),
        OptionSpec("plain", "lists for pipes: a fixed set of tab-separated columns per list, no header, nothing cut, no counts on stdout (the default off a terminal)"),
        OptionSpec("help", short: "h", "show help for this command"),
    ]

    /// Accepted before the command (one-shot) or when piping commands on stdin.
    static let global: [OptionSpec] = [
        OptionSpec("keep-going", "with commands on stdin: go on after a failing command"),
        OptionSpec("version", "print the version and exit"),
        OptionSpec("help", short: "h", "show help"),
    ]

    static let account = OptionSpec("account", short: "a", value: "NAME",
                                    "act on this account instead of the default", source: .accounts)
    /// `article list` and `browse`: each story once (see `article duplicates`).
    static let collapseDuplicates = OptionSpec("collapse-duplicates", "list each story once: leave out later copies of one stored already (see article duplicates)")
}
