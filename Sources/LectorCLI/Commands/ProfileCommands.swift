import FoundationEssentials
import Glibc
import LectorSettings

enum ProfileCommands {
    static let all: [CommandSpec] = [list, show, apply, save, remove]

    static let list = CommandSpec(["profile", "list"], "list shipped and saved profiles") { invocation, session in
        let catalog = ProfileCatalog(directories: session.directories)
        let rows = catalog.entries.map { profile, origin in
            [profile.name, origin.rawValue, String(profile.values.count), profile.description]
        }
        var table = TextTable(["NAME", "FROM", "SETTINGS", "DESCRIPTION"], flexibleColumn: 3)
        for row in rows { table.add(row) }
        // Notes on profiles that could not be read go to stderr: stdout is the list.
        if !invocation.wantsJSON { for problem in catalog.problems { Console.note(problem) } }
        return CommandOutput(text: session.tablesArePlain ? PlainColumns.profileList.render(rows)
                                : catalog.entries.isEmpty ? "No profiles." : table.render(for: session),
                             json: JSONValue.array(catalog.entries.map { entry in
                                 var object = entry.profile.jsonValue.objectValue ?? [:]
                                 object["origin"] = .string(entry.origin.rawValue)
                                 return .object(object)
                             }))
    }

    static let show = CommandSpec(
        ["profile", "show"], "show the settings a profile sets",
        arguments: [ArgumentSpec("NAME", "the profile", source: .profiles)]
    ) { invocation, session in
        let (profile, origin) = try ProfileCatalog(directories: session.directories).named(invocation.argument("NAME") ?? "")
        let lines = ["\(profile.name) (\(origin.rawValue)): \(profile.description)"]
            + profile.values.keys.sorted().map { "  \($0) = \(profile.values[$0]!.displayText)" }
        return CommandOutput(text: lines.joined(separator: "\n"), json: profile.jsonValue)
    }

    static let apply = CommandSpec(
        ["profile", "apply"], "apply a profile's settings (all at once)",
        arguments: [ArgumentSpec("NAME", "the profile", source: .profiles)],
        options: [OptionSpec("dry-run", short: "n", "show what would change, change nothing")]
    ) { invocation, session in
        let catalog = ProfileCatalog(directories: session.directories)
        let (profile, _) = try catalog.named(invocation.argument("NAME") ?? "")
        // What the file had that was left out (a command it may not set) is said before what changes.
        for problem in catalog.problems(of: profile) where !invocation.wantsJSON { Console.note(problem) }
        let changes = profile.changes(from: try session.preferences())
        if !invocation.flag("dry-run") {
            try CLIError.catching { try session.settingsEditor().apply(changes) }
        }
        let verb = invocation.flag("dry-run") ? "would change" : "changed"
        let text = changes.isEmpty ? "Nothing to change: the settings already match '\(profile.name)'."
            : (["\(profile.name) \(verb):"] + changes.map { "  " + $0.line }).joined(separator: "\n")
        return CommandOutput(text: text, json: JSONValue.object([
            "profile": .string(profile.name), "dry_run": .bool(invocation.flag("dry-run")),
            "changes": .array(changes.map(\.json)),
        ]))
    }

    static let save = CommandSpec(
        ["profile", "save"], "save the current settings as a profile of your own",
        arguments: [ArgumentSpec("NAME", "the profile's name")],
        options: [
            OptionSpec("description", short: "d", value: "TEXT", "a one-line description"),
            OptionSpec("all", "save every setting, not only those that differ from the defaults"),
        ]
    ) { invocation, session in
        let name = invocation.argument("NAME") ?? ""
        let profile = try CLIError.catching {
            try Profile.capture(name: name, description: invocation.value("description") ?? "Saved with lector profile save",
                                from: try session.preferences(), onlyChanged: !invocation.flag("all"))
        }
        let directory = try session.writableProfileDirectory()
        try CLIError.catching { try directory.save(profile) }
        return CommandOutput(text: "Saved profile '\(name)' (\(profile.values.count) settings) in \(session.directories.profilesDirectory).",
                             json: profile.jsonValue)
    }

    static let remove = CommandSpec(
        ["profile", "remove"], "remove a profile you saved (shipped ones stay)",
        arguments: [ArgumentSpec("NAME", "the profile", source: .profiles)]
    ) { invocation, session in
        let name = invocation.argument("NAME") ?? ""
        let (_, origin) = try ProfileCatalog(directories: session.directories).named(name)
        guard origin == .user else { throw CLIError.conflict("'\(name)' is shipped with Lector and cannot be removed") }
        let directory = try session.writableProfileDirectory()
        _ = try CLIError.catching { try directory.remove(named: name) }
        return .message("Removed profile '\(name)'.")
    }
}
