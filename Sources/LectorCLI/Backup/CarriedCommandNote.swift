import LectorSettings

/// What a restore says about the commands a backup's settings carry (`reader.pager`): the
/// question at a terminal, each shown as a command Lector will run; for a dry run what a restore
/// would ask; and what was not kept. Commands come from the file: they reach the terminal only
/// through the sanitiser.
enum CarriedCommandNote {
    static func question(for commands: [CarriedCommand]) -> String {
        let lines = commands.map { "  \($0.key): \(TerminalText.sanitize($0.command))" }
        return (["This backup sets a command that Lector will run on this machine (through /bin/sh):"] + lines
                + ["It was set on the machine that wrote the file; keep it only if you know what it does."]).joined(separator: "\n") + "\n"
    }

    static func awaiting(_ commands: [CarriedCommand]) -> [String] {
        commands.map { "note: the file sets \($0.key) to the command '\(TerminalText.sanitize($0.command))', which Lector would run; "
            + "a restore keeps it only with --allow-commands or your y at the terminal (--yes does not answer it)" }
    }

    static func dropped(_ commands: [CarriedCommand]) -> [String] {
        commands.map { "The backup's \($0.key), a command Lector would run ('\(TerminalText.sanitize($0.command))'), was not kept: "
            + "this machine's value stays; set it yourself with 'lector settings set \($0.key) COMMAND' (or restore with --allow-commands)." }
    }

    static func json(_ commands: [CarriedCommand]) -> JSONValue {
        .array(commands.map { .object(["setting": .string($0.key), "command": .string($0.command)]) })
    }
}
