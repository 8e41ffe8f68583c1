/// The one table of commands. The REPL, one-shot parsing, help, the man page and the completion
/// scripts all read it; nothing else lists commands.
public struct CommandTable: Sendable {
    public let nouns: [NounSpec]
    public let commands: [CommandSpec]
    /// Where each noun's commands stand in `commands`, in table order: built once, so that asking
    /// for a noun's commands (every parse, every Tab) is one lookup rather than a pass over the
    /// whole table. Positions, not copies: copying every spec (a large struct) into the index
    /// was 0.4 M instructions of a completion.
    private let positionsByNoun: [String: [Int]]

    public init(nouns: [NounSpec], commands: [CommandSpec]) {
        self.nouns = nouns
        self.commands = commands
        var byNoun: [String: [Int]] = [:]
        byNoun.reserveCapacity(nouns.count)
        for (position, command) in commands.enumerated() {
            guard let noun = command.path.first else { continue }
            byNoun[noun, default: []].append(position)
        }
        positionsByNoun = byNoun
    }

    /// Lector's commands.
    public static let standard = CommandTable(
        nouns: [
            NounSpec("account", "reader accounts: FreshRSS, Miniflux, Fever, Feedbin, Tiny Tiny RSS, local"),
            NounSpec("feed", "feeds (subscriptions) of an account"),
            NounSpec("folder", "folders of an account"),
            NounSpec("opml", "import and export subscriptions as OPML"),
            NounSpec("sync", "push your changes and fetch what is new"),
            NounSpec("schedule", "background sync with a systemd user timer"),
            NounSpec("article", "articles in the local store"),
            NounSpec("browse", "a full-screen article list and reader driven by keys"),
            NounSpec("label", "labels on articles: list, rename, remove"),
            NounSpec("undo", "put back a recent change to read, starred or labels"),
            NounSpec("reading-list", "articles saved for later"),
            NounSpec("rule", "filters that mark, star or hide articles in every sync"),
            NounSpec("search", "saved searches: filters kept under a name"),
            NounSpec("summary", "the AI summary provider's API key"),
            NounSpec("settings", "reader preferences: list, get, set, reset"),
            NounSpec("dock", "the reader dock's ordered actions"),
            NounSpec("swipe", "the leading and trailing swipe actions"),
            NounSpec("profile", "named sets of settings: shipped ones and your own"),
            NounSpec("backup", "export and restore your setup as one JSON file"),
            NounSpec("demo", "the sample library shown when there is no account"),
            NounSpec("mcp", "serve your accounts to an AI agent (Model Context Protocol)"),
            NounSpec("help", "show help for a command"),
            NounSpec("completions", "print a shell completion script"),
            NounSpec("version", "print Lector's version"),
            NounSpec("exit", "leave the REPL"),
        ] + DockCommands.all.map { NounSpec($0.path[0], $0.summary) },
        // Joined in one pass: a chain of `+` copied every command spec (a large struct) once per
        // group after it (the table took 1.08 M instructions of a completion, 0.74 M joined).
        commands: Array([AccountCommands.all, FeedCommands.all, FolderCommands.all, OPMLCommands.all, SyncCommands.all, ScheduleCommands.all, ArticleCommands.all, LabelCommands.all, UndoCommands.all, BrowseCommands.all, RuleCommands.all, SearchCommands.all, ReadingListCommands.all, [SummaryCommands.key], SettingsCommands.all,
                         ActionListCommands.all, ProfileCommands.all, BackupCommands.all, DemoCommands.all, [MCPCommand.mcp], MetaCommands.all,
                         DockCommands.all].joined()))

    /// Nouns usable in this context.
    public func visibleNouns(inREPL: Bool) -> [NounSpec] {
        nouns.filter { noun in commands(ofNoun: noun.name).contains { $0.availability == .everywhere || inREPL } }
    }

    /// The commands whose first word is `noun`.
    public func commands(ofNoun noun: String) -> [CommandSpec] {
        (positionsByNoun[noun] ?? []).map { commands[$0] }
    }

    /// Whether `noun` takes a verb (`feed list`) or is a command by itself (`version`).
    public func hasVerbs(_ noun: String) -> Bool {
        (positionsByNoun[noun] ?? []).contains { commands[$0].path.count > 1 }
    }

    public func command(_ path: [String]) -> CommandSpec? {
        guard let noun = path.first else { return nil }
        return (positionsByNoun[noun] ?? []).first { commands[$0].path == path }.map { commands[$0] }
    }
}
