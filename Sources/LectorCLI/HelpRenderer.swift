/// Help text, derived from the command table.
struct HelpRenderer {
    let table: CommandTable
    let inREPL: Bool

    func help(for topic: [String]) throws(CLIError) -> String {
        if topic.isEmpty { return overview() }
        if topic.count == 1, let page = Manual.topic(named: topic[0]) { return Manual.text(page) }
        let nouns = table.visibleNouns(inREPL: inREPL).map(\.name)
        guard nouns.contains(topic[0]) else {
            let words = nouns + Manual.topics.map(\.name)
            throw .usage("no help for '\(topic.joined(separator: " "))'\(Suggestion.hint(for: topic[0], in: words))")
        }
        if let spec = table.command(topic) { return command(spec) }
        if topic.count == 1 { return noun(topic[0]) }
        let verbs = table.commands(ofNoun: topic[0]).compactMap { $0.path.count > 1 ? $0.path[1] : nil }
        throw .usage("no command '\(topic.joined(separator: " "))'\(Suggestion.hint(for: topic[1], in: verbs))")
    }

    private var prefix: String { inREPL ? "" : "lector " }

    func overview() -> String {
        var lines = [
            "Lector — administer RSS reader accounts, feeds, folders and settings; read in the terminal.",
            "",
            "Usage: \(inREPL ? "" : "lector [--keep-going] ")NOUN [VERB] [ARGUMENTS] [OPTIONS]",
            inREPL ? "Type a command; Tab completes; Ctrl-C abandons the line; Ctrl-D or 'exit' leaves."
                   : "With no arguments on a terminal, Lector opens its REPL; with commands on stdin it runs them in turn.",
            "",
            "Commands:",
        ]
        let commands = table.commands.filter { $0.availability == .everywhere || inREPL }
        let width = commands.map { $0.name.count }.max() ?? 0
        for spec in commands {
            lines.append("  " + spec.name + String(repeating: " ", count: width - spec.name.count + 2) + spec.summary)
        }
        lines += ["", "Every command accepts --json (one JSON document on stdout) and --help."]
        if !inREPL {
            lines += ["", "Global options:"]
            lines += OptionSpec.global.map { "  --\($0.name)  \($0.help)" }
        }
        lines += ["", "Exit codes:"]
        lines += ExitStatus.allCases.map { "  \(String($0.rawValue).padded(to: 3))  \($0.meaning)" }
        lines += ["", "Environment:"]
        lines += EnvironmentVariable.all.map { "  \($0.name)  \($0.meaning)" }
        lines += [""] + Manual.overview(prefix: prefix)
        lines += ["", "Run '\(prefix)help NOUN' or '\(prefix)NOUN VERB --help' for details, '\(prefix)help TOPIC' for a page of the manual."]
        return lines.joined(separator: "\n")
    }

    func noun(_ name: String) -> String {
        let summary = table.nouns.first { $0.name == name }?.summary ?? ""
        var lines = ["\(prefix)\(name) — \(summary)", "", "Commands:"]
        let commands = table.commands(ofNoun: name)
        let width = commands.map { $0.name.count }.max() ?? 0
        for spec in commands {
            lines.append("  " + spec.name + String(repeating: " ", count: width - spec.name.count + 2) + spec.summary)
        }
        return lines.joined(separator: "\n")
    }

    func command(_ spec: CommandSpec) -> String {
        var synopsis = spec.synopsis
        if inREPL { synopsis = String(synopsis.dropFirst("lector ".count)) }
        var lines = ["Usage: \(synopsis)", "", spec.summary.prefix(1).uppercased() + spec.summary.dropFirst() + "."]
        if let discussion = spec.discussion { lines += ["", discussion] }
        if !spec.arguments.isEmpty {
            lines += ["", "Arguments:"]
            let width = spec.arguments.map(\.name.count).max() ?? 0
            for argument in spec.arguments {
                var line = "  " + argument.name.padded(to: width) + "  " + argument.help
                if case .choices(let choices)? = argument.source {
                    line += " (" + choices.map(\.value).joined(separator: ", ") + ")"
                }
                lines.append(line)
            }
        }
        lines += ["", "Options:"]
        let labels = spec.allOptions.map(optionLabel)
        let width = labels.map(\.count).max() ?? 0
        for (label, option) in zip(labels, spec.allOptions) {
            lines.append("  " + label.padded(to: width) + "  " + option.help)
        }
        return lines.joined(separator: "\n")
    }

    func optionLabel(_ option: OptionSpec) -> String {
        (option.short.map { "-\($0), " } ?? "    ") + "--" + option.name + (option.valueName.map { " \($0)" } ?? "")
    }
}

extension String {
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

/// The environment variables Lector reads, for help and the docs.
struct EnvironmentVariable: Sendable {
    let name: String
    let meaning: String

    static let all = [
        EnvironmentVariable(name: "LECTOR_HOME", meaning: "keep all of Lector's files (data, config, state, cache) under this folder"),
        EnvironmentVariable(name: "XDG_DATA_HOME, XDG_CONFIG_HOME, XDG_STATE_HOME, XDG_CACHE_HOME",
                            meaning: "base directories when LECTOR_HOME is not set"),
        EnvironmentVariable(name: "COLUMNS", meaning: "width to fit tables to"),
        EnvironmentVariable(name: "PAGER", meaning: "the pager for articles, long lists and REPL help when reader.pager is empty (default less; cat for none)"),
        EnvironmentVariable(name: "LESS", meaning: "less's options; FRX when unset (a text that fits the screen just prints)"),
        EnvironmentVariable(name: "LESSCHARSET", meaning: "less's character set; utf-8 when unset, as Lector writes UTF-8 whatever the locale"),
        EnvironmentVariable(name: "NO_COLOR", meaning: "when set and not empty, no colour unless --color always (https://no-color.org)"),
    ]
}
