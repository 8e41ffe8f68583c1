import Glibc

enum MetaCommands {
    static let all: [CommandSpec] = [help, completions, version, exit]

    static let help = CommandSpec(
        ["help"], "show help for a command, a noun, or everything; or a page of the manual",
        discussion: "'lector help' lists the commands and the manual's topics; 'lector help TOPIC' prints that page of the manual (paged on a terminal), e.g. 'lector help rules'.",
        arguments: [ArgumentSpec("COMMAND", "a noun or a noun and verb, e.g. 'feed list'; or a manual topic, e.g. 'rules'", source: .commands,
                                 optional: true, variadic: true)],
        options: [ReaderCommands.noPager]
    ) { invocation, session in
        let topic = invocation.variadic("COMMAND")
        if topic.count == 1, let page = Manual.topic(named: topic[0]) {
            // A page is long: paged on a terminal one-shot too, as `article read` is.
            let markdown = Manual.text(page)
            let json = HelpJSON(topic: page.name, text: markdown)
            let text = isatty(STDOUT_FILENO) == 1 && !invocation.wantsJSON ? Manual.reflowed(markdown, width: session.terminalWidth) : markdown
            let setting = (try? session.preferences())?.pager
            if Pager.pageOnTerminal(text, invocation, setting: setting, session: session) { return CommandOutput(text: "", json: json) }
            return CommandOutput(text: text.hasSuffix("\n") ? String(text.dropLast()) : text, json: json)
        }
        let text = try HelpRenderer(table: session.table, inREPL: session.inREPL).help(for: topic)
        let json = HelpJSON(topic: topic.joined(separator: " "), text: text)
        let fitted = CommandRunner.fitted(text, session: session)
        if Pager.pageInREPL(fitted + "\n", noPager: invocation.flag("no-pager"), json: invocation.wantsJSON, session: session) {
            return CommandOutput(text: "", json: json)
        }
        return CommandOutput(text: fitted, json: json)
    }

    static let completions = CommandSpec(
        ["completions"], "print the completion script for a shell",
        discussion: "Install: bash — source it from ~/.bashrc or copy it to ~/.local/share/bash-completion/completions/lector; zsh — save it as _lector in a directory on $fpath; fish — copy it to ~/.config/fish/completions/lector.fish.",
        arguments: [ArgumentSpec("SHELL", "the shell", source: .choices([
            Choice("bash", "GNU bash"), Choice("zsh", "Z shell"), Choice("fish", "friendly interactive shell"),
        ]))]
    ) { invocation, session in
        let shell = CompletionScript.Shell(rawValue: invocation.argument("SHELL") ?? "") ?? .bash
        let script = CompletionScript.render(shell)
        return CommandOutput(text: script, json: ScriptJSON(shell: shell.rawValue, script: script))
    }

    static let version = CommandSpec(["version"], "print Lector's version") { _, _ in
        CommandOutput(text: versionLine, json: VersionJSON(version: LectorVersion.current))
    }

    /// What `lector version` prints (also answered before the command table is built: see `Lector.main`).
    static let versionLine = "lector \(LectorVersion.current)"


    static let exit = CommandSpec(["exit"], "leave the REPL (Ctrl-D does too)", availability: .replOnly) { _, session in
        session.wantsExit = true
        return CommandOutput(text: "", json: CommandOutput.MessageJSON(ok: true, message: "bye"))
    }

    struct HelpJSON: Encodable, Sendable {
        let topic: String
        let text: String
    }

    struct ScriptJSON: Encodable, Sendable {
        let shell: String
        let script: String
    }

    struct VersionJSON: Encodable, Sendable {
        let version: String
    }
}

/// The version of this build.
public enum LectorVersion {
    public static let current = "0.1.0"
}
