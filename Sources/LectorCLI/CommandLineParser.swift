/// What a command line asks for.
enum ParsedLine {
    case run(Invocation)
    /// `--help` on a command or noun, or `help` with a topic.
    case help([String])
}

/// Turns words into an invocation of a command in the table, with usage errors that name the
/// closest valid spelling.
struct CommandLineParser {
    let table: CommandTable
    let inREPL: Bool

    func parse(_ typed: [String]) throws(CLIError) -> ParsedLine {
        let words = Self.placingJSON(typed)
        guard let noun = words.first else { throw .usage("no command given (\(seeHelp()))") }
        let nouns = table.visibleNouns(inREPL: inREPL).map(\.name)
        if noun == "--help" || noun == "-h" { return .help([]) }
        guard nouns.contains(noun) else {
            if noun.hasPrefix("-") {
                throw .usage("unknown option '\(noun)' before the command (\(seeHelp()))")
            }
            let hint = CommandAliases.suggestion(forNoun: noun, table: table, nouns: nouns) ?? Suggestion.hint(for: noun, in: nouns)
            throw .usage("unknown command '\(noun)'\(hint) (\(seeHelp()))")
        }
        var rest = Array(words.dropFirst())
        let spec: CommandSpec
        if table.hasVerbs(noun) {
            let verbs = table.commands(ofNoun: noun).compactMap { $0.path.count > 1 ? $0.path[1] : nil }
            guard let verb = rest.first, !verb.hasPrefix("-") else {
                // A noun alone asks what it can do, as `gh repo` does: its help.
                if rest.isEmpty || rest.contains("--help") || rest.contains("-h") { return .help([noun]) }
                throw .usage("'\(noun)' needs one of: \(verbs.joined(separator: ", ")) (\(seeHelp(noun)))")
            }
            guard let found = table.command([noun, verb]) else {
                let hint = CommandAliases.verb(for: verb, among: verbs).map { " — did you mean '\(noun) \($0)'?" }
                    ?? Suggestion.hint(for: verb, in: verbs)
                throw .usage("unknown command '\(noun) \(verb)'\(hint) (\(seeHelp(noun)))")
            }
            spec = found
            rest.removeFirst()
        } else {
            guard let found = table.command([noun]) else { throw .usage("unknown command '\(noun)'") }
            spec = found
        }
        return try parseOptions(rest, for: spec)
    }

    /// `--json` typed before the command's name (`--json feed list`, `feed --json list`) moved to
    /// just after it, where every command takes it as an option. One typed later stays where it
    /// is: it may be an option's value (`--title --json`) or a word after `--`.
    static func placingJSON(_ words: [String]) -> [String] {
        var placed: [String] = []
        var names = 0
        var pending = false
        for word in words {
            if names < 2 && word == "--json" {
                pending = true
                continue
            }
            placed.append(word)
            if !word.hasPrefix("-") {
                names += 1
                if names == 2 && pending {
                    placed.append("--json")
                    pending = false
                }
            }
        }
        if pending { placed.append("--json") }
        return placed
    }

    /// Where to look next: `lector help` in a shell, just `help` inside the REPL.
    private func seeHelp(_ topic: String? = nil) -> String {
        let command = "help" + (topic.map { " " + $0 } ?? "")
        return inREPL ? "type '\(command)'" : "see 'lector \(command)'"
    }

    private func parseOptions(_ words: [String], for spec: CommandSpec) throws(CLIError) -> ParsedLine {
        var positional: [String] = []
        var options: [String: [String]] = [:]
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                positional.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            let option: OptionSpec
            var inlineValue: String?
            if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                if let equals = body.firstIndex(of: "=") { inlineValue = String(body[body.index(after: equals)...]) }
                guard let found = spec.option(named: name) else {
                    let names = spec.allOptions.map { "--" + $0.name }
                    throw .usage("'\(spec.name)' has no option '--\(name)'\(Suggestion.hint(for: "--" + name, in: names)) (\(seeHelp(spec.name)))")
                }
                option = found
            } else {
                guard word.count == 2, let short = word.last, let found = spec.option(short: short) else {
                    throw .usage("'\(spec.name)' has no option '\(word)' (\(seeHelp(spec.name)))")
                }
                option = found
            }
            if option.name == "help" { return .help(spec.path) }
            if option.takesValue {
                if inlineValue == nil {
                    guard index < words.count else {
                        throw .usage("option --\(option.name) needs a value (\(option.valueName ?? "VALUE"))")
                    }
                    inlineValue = words[index]
                    index += 1
                }
                options[option.name, default: []].append(inlineValue ?? "")
            } else {
                guard inlineValue == nil else { throw .usage("option --\(option.name) takes no value") }
                options[option.name, default: []].append("")
            }
        }
        try checkPositionals(positional, for: spec)
        return .run(Invocation(spec: spec, arguments: positional, options: options))
    }

    private func checkPositionals(_ positional: [String], for spec: CommandSpec) throws(CLIError) {
        let required = spec.arguments.filter { !$0.isOptional }
        if positional.count < required.count {
            let missing = required[positional.count...].map(\.name).joined(separator: " ")
            throw .usage("'\(spec.name)' needs \(missing) (usage: \(spec.synopsis))")
        }
        let variadic = spec.arguments.last?.isVariadic ?? false
        if !variadic && positional.count > spec.arguments.count {
            throw .usage("'\(spec.name)' takes \(spec.arguments.count) argument(s) but got \(positional.count): unexpected '\(positional[spec.arguments.count])' (usage: \(spec.synopsis))")
        }
        for (argument, value) in zip(spec.arguments, positional) {
            if case .choices(let choices)? = argument.source, !choices.contains(where: { $0.value == value }) {
                let values = choices.map(\.value)
                throw .usage("\(argument.name) must be one of \(values.joined(separator: ", ")), not '\(value)'\(Suggestion.hint(for: value, in: values))")
            }
        }
    }
}
