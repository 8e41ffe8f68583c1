/// The one table of commands. The REPL, one-shot parsing, help, the man page and the completion
/// scripts all read it; nothing else lists commands.
public struct CommandTable: Sendable {
    public let nouns: [NounSpec]
    public let commands: [CommandSpec]
    public init(nouns: [NounSpec], commands: [CommandSpec]) {
        self.nouns = nouns
        self.commands = commands
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
        nouns.filter { noun in commands.contains { $0.path.first == noun.name && ($0.availability == .everywhere || inREPL) } }
    }

    /// The commands whose first word is `noun`.
    /// A pass over the table, comparing first words in place: an index built for every process
    /// (a dictionary of each noun's commands) cost 0.4 M instructions of a completion, a
    /// thousand times what the two or three lookups of a command line cost without it.
    public func commands(ofNoun noun: String) -> [CommandSpec] {
        commands.filter { $0.path.first == noun }
    }

    /// Whether `noun` takes a verb (`feed list`) or is a command by itself (`version`).
    public func hasVerbs(_ noun: String) -> Bool {
        commands.contains { $0.path.count > 1 && $0.path[0] == noun }
    }

    public func command(_ path: [String]) -> CommandSpec? {
        commands.first { $0.path == path }
    }
}
