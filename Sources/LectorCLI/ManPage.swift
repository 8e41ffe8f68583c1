import FoundationEssentials
import LectorBasics
import Glibc
import LectorStore

/// lector(1) in roff, generated from the command table like help and the completion scripts;
/// docs/lector.1 is checked in and a test keeps it in step.
enum ManPage {
    static func render(_ table: CommandTable) -> String {
        var roff = [
            ".TH LECTOR 1 \"\" \"Lector \(LectorVersion.current)\" \"User Commands\"",
            ".SH NAME",
            "lector \\- administer RSS reader accounts, feeds, folders and settings; read in the terminal",
            ".SH SYNOPSIS",
            ".B lector",
            "[\\fB\\-\\-keep\\-going\\fR] \\fINOUN\\fR [\\fIVERB\\fR] [\\fIARGUMENTS\\fR] [\\fIOPTIONS\\fR]",
            ".br",
            ".B lector",
            "(a REPL on a terminal; commands line by line from a pipe)",
            ".SH DESCRIPTION",
            "Lector manages reader accounts (FreshRSS and other Google Reader API servers, Miniflux, Fever, Feedbin, Tiny Tiny RSS, and local),",
            "their feeds and folders, and reader settings with profiles and a JSON backup, on top of a local SQLite store.",
            "Every command accepts \\fB\\-\\-json\\fR, which prints one JSON document on standard output and nothing else,",
            "and \\fB\\-\\-help\\fR.",
            ".SH COMMANDS",
        ]
        for noun in table.nouns {
            let commands = table.commands(ofNoun: noun.name)
            roff += [".SS \(escape(noun.name))", escape(noun.summary)]
            for spec in commands {
                roff += [".TP", ".B " + escape(spec.name) + synopsisTail(spec), escape(spec.summary)
                         + (spec.availability == .replOnly ? " (REPL only)" : "")]
                if let discussion = spec.discussion { roff += [".br", escape(discussion)] }
                for argument in spec.arguments {
                    roff += [".RS", ".TP", ".I " + escape(argument.name), escape(argument.help) + choices(argument.source), ".RE"]
                }
                for option in spec.options {
                    roff += [".RS", ".TP", optionLine(option), escape(option.help) + choices(option.source), ".RE"]
                }
            }
        }
        roff += [".SH OPTIONS", "Accepted by every command:"]
        for option in OptionSpec.common { roff += [".TP", optionLine(option), escape(option.help)] }
        roff += ["Accepted before the command:"]
        for option in OptionSpec.global { roff += [".TP", optionLine(option), escape(option.help)] }
        roff += [".SH EXAMPLES"]
        for (what, commands) in examples {
            roff += [".PP", escape(what) + ":", ".RS", ".nf"] + commands.map { "lector " + escape($0) } + [".fi", ".RE"]
        }
        roff += [".SH EXIT STATUS"]
        for status in ExitStatus.allCases { roff += [".TP", ".B \(status.rawValue)", escape(status.meaning)] }
        roff += [".SH ENVIRONMENT"]
        for variable in EnvironmentVariable.all { roff += [".TP", ".B " + escape(variable.name), escape(variable.meaning)] }
        roff += [
            ".SH FILES",
            ".TP", ".I $XDG_DATA_HOME/lector/lector.sqlite", "the store (mode 0600); secrets are never in it",
            ".TP", ".I $XDG_CONFIG_HOME/lector/profiles/", "your own settings profiles",
            ".TP", ".I $XDG_STATE_HOME/lector/history", "REPL history",
            ".TP", ".I $XDG_STATE_HOME/lector/last-list", "the article numbers of the last list",
            ".TP", ".I $XDG_CACHE_HOME/lector/completion-names",
            "names shell completion read from the store, used only while the store is unchanged; safe to delete",
            ".SH SEE ALSO",
            "The manual travels with the binary: \\fBlector help\\fR lists its topics and \\fBlector help\\fR \\fITOPIC\\fR prints one;",
            "each is also installed as a man page:",
        ]
        roff.append(Manual.topics.map { "\\fBlector\\-\(escape($0.stem))\\fR(7)" }.joined(separator: ", ") + ".")
        return roff.joined(separator: "\n") + "\n"
    }

    /// What people do first, each a command line of the table (a test parses every one).
    static let examples: [(what: String, commands: [String])] = [
        ("Add a FreshRSS account (the password is asked for without echo) and make it the default",
         ["account add freshrss --name Home --url https://rss.example.org/api/greader.php --user me", "account use Home"]),
        ("Subscribe to a site's feed, filed in a folder", ["feed add https://example.org/ --folder News"]),
        ("Bring in the feeds of another reader", ["opml import feeds.opml"]),
        ("Sync every account, then list what is new since yesterday", ["sync", "article list --unread --since 1d"]),
        ("Mark the first twenty articles of that list read, and star the third and fifth", ["article mark read 1-20", "article mark star 3,5"]),
        ("See what copying one account into another would do, without doing it", ["account copy Home Work --dry-run"]),
        ("Keep a backup (accounts without their secrets, settings, subscriptions)", ["backup export lector-backup.json"]),
    ]

    private static func synopsisTail(_ spec: CommandSpec) -> String {
        let words = spec.arguments.map { argument -> String in
            let word = argument.name + (argument.isVariadic ? "..." : "")
            return argument.isOptional ? "[\(word)]" : word
        }
        return words.isEmpty ? "" : " " + escape(words.joined(separator: " "))
    }

    private static func optionLine(_ option: OptionSpec) -> String {
        var line = ".B " + (option.short.map { "\\-\($0), " } ?? "") + "\\-\\-" + escape(option.name)
        if let value = option.valueName { line += " \\fI\(escape(value))\\fR" }
        return line
    }

    private static func choices(_ source: ValueSource?) -> String {
        guard case .choices(let choices)? = source else { return "" }
        return " (" + choices.map { escape($0.value) }.joined(separator: ", ") + ")"
    }

    /// Escapes roff's special characters; a leading dot or quote would start a request.
    private static func escape(_ text: String) -> String {
        var escaped = text.replacingAll("\\", with: "\\e").replacingAll("-", with: "\\-")
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }
}
