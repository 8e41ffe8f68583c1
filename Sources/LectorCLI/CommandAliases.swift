/// Words people type from other tools (`ls`, `rm`, `config`) and verbs typed without their noun
/// (`lector list`): what "did you mean" offers for them. These are suggestions only: a command
/// has one spelling, so scripts and completions see one table.
enum CommandAliases {
    /// Another tool's verb, as ours.
    static let verbs = ["ls": "list", "rm": "remove", "del": "remove", "delete": "remove", "mv": "move", "new": "add",
                        "create": "add", "info": "show", "view": "show", "cat": "show", "edit": "set", "subscribe": "add",
                        "unsubscribe": "remove"]

    /// Another tool's top-level word, as our command.
    static let commands = ["config": "settings list", "preferences": "settings list", "prefs": "settings list",
                           "subscribe": "feed add", "unsubscribe": "feed remove", "update": "sync", "fetch": "sync",
                           "refresh": "sync", "tui": "browse", "ui": "browse", "accounts": "account list",
                           "feeds": "feed list", "folders": "folder list", "articles": "article list", "rules": "rule list",
                           "labels": "label list"]

    /// How many nouns a verb typed alone names before "…".
    static let nounsShown = 4

    /// The suggestion for a first word that is no noun: the command it is another tool's word for,
    /// else the commands that have it (or its alias) as their verb ('feed list', 'article list'…).
    static func suggestion(forNoun typed: String, table: CommandTable, nouns: [String]) -> String? {
        let word = typed.lowercased()
        if let command = commands[word] { return " — did you mean '\(command)'?" }
        let verb = verbs[word] ?? word
        let owners = nouns.filter { table.command([$0, verb]) != nil }
        guard !owners.isEmpty else { return nil }
        let named = owners.prefix(nounsShown).map { "'\($0) \(verb)'" }
        let list = named.count == 1 ? named[0]
            : named.dropLast().joined(separator: ", ") + (owners.count > nounsShown ? ", " + named.last! + "…" : " or " + named.last!)
        return " — '\(verb)' needs a noun: did you mean \(list)?"
    }

    /// The verb another tool's word stands for, when `noun` has it ('feed ls' → 'list').
    static func verb(for typed: String, among verbs: [String]) -> String? {
        self.verbs[typed.lowercased()].flatMap { verbs.contains($0) ? $0 : nil }
    }
}
