import LectorSettings

enum SettingsCommands {
    static let all: [CommandSpec] = [list, get, set, reset]

    static let list = CommandSpec(
        ["settings", "list"], "list settings with their values; * marks values that differ from the default",
        arguments: [ArgumentSpec("GROUP", "only this group", source: .settingGroups, optional: true)],
        options: [ReaderCommands.noPager]
    ) { invocation, session in
        let preferences = try session.preferences()
        let group = try invocation.argument("GROUP").map { name throws(CLIError) in try settingsGroup(name) }
        let settings = group.map(SettingsRegistry.settings(in:)) ?? SettingsRegistry.all
        var table = TextTable(["", "KEY", "VALUE", "DEFAULT", "TYPE", "ACTS IN"], flexibleColumn: 2, wholeColumns: [1])
        var plainRows: [[String]] = []
        var json: [JSONValue] = []
        for setting in settings {
            let value = preferences[setting.key] ?? setting.defaultValue
            let changed = value != setting.defaultValue
            table.add([changed ? "*" : "", setting.key, value.displayText, setting.defaultValue.displayText,
                       setting.type.name, setting.usesText])
            plainRows.append([setting.key, value.displayText, setting.defaultValue.displayText, PlainColumns.yesNo(changed),
                              setting.type.name, setting.uses.map(\.rawValue).joined(separator: ","), setting.summary])
            json.append(.object(["key": .string(setting.key), "value": value, "default": setting.defaultValue, "changed": .bool(changed),
                                 "type": .string(setting.type.name), "acts_in": .array(setting.uses.map { .string($0.rawValue) }),
                                 "description": .string(setting.summary)]))
        }
        if session.tablesArePlain {
            if !invocation.wantsJSON { for warning in preferences.warnings { Console.note(warning) } }
            return CommandOutput(text: PlainColumns.settingsList.render(plainRows), json: JSONValue.array(json))
        }
        let warnings = preferences.warnings.map { "note: \($0)" }
        let text = ([described(table, settings, session: session)] + warnings).joined(separator: "\n")
        if Pager.pageInREPL(text + "\n", noPager: invocation.flag("no-pager"), json: invocation.wantsJSON, session: session) {
            return CommandOutput(text: "", json: JSONValue.array(json))
        }
        return CommandOutput(text: text, json: JSONValue.array(json))
    }

    static let get = CommandSpec(
        ["settings", "get"], "print one setting's value",
        arguments: [ArgumentSpec("KEY", "the setting, e.g. reader.font", source: .settingKeys)]
    ) { invocation, session in
        let key = invocation.argument("KEY") ?? ""
        let value = try CLIError.catching { try session.settingsEditor().get(key) }
        guard let setting = SettingsRegistry.setting(key) else {
            return CommandOutput(text: value.displayText, json: JSONValue.object(["key": .string(key), "value": value]))
        }
        // Off a terminal the value alone, so `$(lector settings get KEY)` in a script reads only
        // the value; on one, what the key is and does follows it (and `--json` has it all).
        let about = [
            setting.summary,
            "type: \(setting.type.name)" + (setting.type.allowedDescription.isEmpty ? "" : " (\(setting.type.allowedDescription))"),
            "default: \(setting.defaultValue.displayText)",
            "acts in: " + setting.uses.map { "\($0.rawValue) (\($0.meaning))" }.joined(separator: "; "),
        ]
        let text = session.tablesArePlain ? value.displayText : ([value.displayText] + about.map { "  " + $0 }).joined(separator: "\n")
        return CommandOutput(text: text, json: JSONValue.object([
            "key": .string(key), "value": value, "default": setting.defaultValue, "type": .string(setting.type.name),
            "acts_in": .array(setting.uses.map { .string($0.rawValue) }), "description": .string(setting.summary),
        ]))
    }

    static let set = CommandSpec(
        ["settings", "set"], "change a setting; wrong types, ranges and values are refused",
        discussion: "Booleans take true/false (on/off, yes/no); lists take names separated by commas or spaces. Every key, its type, default and where it acts: 'lector help setting-keys'.",
        arguments: [
            ArgumentSpec("KEY", "the setting, e.g. reader.font", source: .settingKeys),
            ArgumentSpec("VALUE", "the new value", source: .settingValues, variadic: true),
        ]
    ) { invocation, session in
        let key = invocation.argument("KEY") ?? ""
        let value = invocation.variadic("VALUE").joined(separator: " ")
        let change = try CLIError.catching { try session.settingsEditor().set(key, to: value) }
        var output = changeOutput([change], none: "\(key) already is \(change.new.displayText).")
        if ["sync.interval", "sync.background"].contains(key), change.old != change.new, ScheduleCommands.isInstalled(session) {
            output = CommandOutput(text: output.text + "\nBackground sync is installed: run 'lector schedule install' again to apply this.",
                                   json: output.json)
        }
        return output
    }

    static let reset = CommandSpec(
        ["settings", "reset"], "return a setting, a group, or everything to the defaults",
        discussion: "With no KEY every setting is reset: on a terminal it asks first, off one it wants --yes.",
        arguments: [ArgumentSpec("KEY", "a key or a group; nothing for every setting", source: .settingKeys, optional: true)],
        options: [OptionSpec("yes", short: "y", "with no KEY, reset every setting without asking")]
    ) { invocation, session in
        let editor = try session.settingsEditor()
        let target = invocation.argument("KEY")
        if target == nil && !invocation.flag("yes") {
            // Every other destructive command asks or wants --yes; so does wiping every setting.
            guard Prompter.isInteractive else {
                throw CLIError.usage("this resets every setting to its default: pass --yes (or name a KEY or GROUP)")
            }
            guard try Prompter.confirm("Reset every setting to its default?") else { return .message("Nothing changed.") }
        }
        let changes: [SettingChange] = try CLIError.catching {
            if let target, let group = SettingsGroup(rawValue: target) {
                return try SettingsRegistry.settings(in: group).map { try editor.reset($0.key) }
            }
            if let target { return [try editor.reset(target)] }
            return try editor.resetAll()
        }
        return changeOutput(changes, none: "Nothing to reset: already at the defaults.")
    }

    /// "key: old → new" lines, or `none` when nothing changed.
    static func changeOutput(_ changes: [SettingChange], none: String) -> CommandOutput {
        let real = changes.filter { $0.old != $0.new }
        return CommandOutput(text: real.isEmpty ? none : real.map(\.line).joined(separator: "\n"),
                             json: JSONValue.object(["changes": .array(real.map(\.json))]))
    }

    /// The table with each key's description on the line under its row, indented, on a
    /// terminal; off one the description is the row's last column.
    private static func described(_ table: TextTable, _ settings: [Setting], session: Session) -> String {
        let rendered = table.render(for: session)
        guard !session.tablesArePlain else { return rendered }
        let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count == settings.count + 1 else { return rendered }
        var out = [lines[0]]
        for (line, setting) in zip(lines.dropFirst(), settings) {
            out.append(line)
            out.append(HelpWrapping.fit("      " + TerminalText.sanitize(setting.summary), width: session.terminalWidth))
        }
        return out.joined(separator: "\n")
    }

    static func settingsGroup(_ name: String) throws(CLIError) -> SettingsGroup {
        guard let group = SettingsGroup(rawValue: name) else {
            let names = SettingsGroup.allCases.map(\.rawValue)
            throw .notFound("no settings group '\(name)'\(Suggestion.hint(for: name, in: names)) (groups: \(names.joined(separator: ", ")))")
        }
        return group
    }
}
