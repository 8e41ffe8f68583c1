import LectorBasics

/// A setting whose value is a command Lector runs (`reader.pager`), as a backup carries it. It
/// was set on the machine that wrote the file, by whoever had it: a restore keeps it only when
/// this machine's user, shown the command, says so (`--allow-commands`, or y at the terminal;
/// `--yes` does not answer it). Otherwise this machine's own value stays.
public struct CarriedCommand: Equatable, Sendable {
    /// The setting's dotted key.
    public let key: String
    /// The command line the file would set.
    public let command: String
}

extension BackupDocument {
    /// The commands the file's settings would set on this machine: only a change to a non-empty
    /// command is asked about (taking one away runs nothing).
    public func carriedCommands(beyond current: BackupState, sections: Set<BackupSection>) -> [CarriedCommand] {
        guard sections.contains(.settings) else { return [] }
        return SettingsRegistry.commands.compactMap { setting in
            guard let value = settings[setting.group.rawValue]?[setting.name], let command = value.stringValue,
                  !command.trimmingBlanksAndNewlines.isEmpty,
                  value != (current.preferences[setting.key] ?? setting.defaultValue) else { return nil }
            return CarriedCommand(key: setting.key, command: command)
        }
    }

    /// The document with `commands` taken out: for each, this machine's value stays.
    public func dropping(_ commands: [CarriedCommand], current: BackupState) -> BackupDocument {
        var document = self
        for command in commands {
            guard let setting = SettingsRegistry.setting(command.key) else { continue }
            document.settings[setting.group.rawValue]?[setting.name] = current.preferences[setting.key] ?? setting.defaultValue
        }
        return document
    }

    /// The document with each permission (`mcp.allow-write`) at this machine's value: a backup
    /// may come from anywhere, and a permission is given by the person at this machine.
    public func keepingPermissions(of current: BackupState) -> BackupDocument {
        var document = self
        for setting in SettingsRegistry.permissions where document.settings[setting.group.rawValue] != nil {
            document.settings[setting.group.rawValue]?[setting.name] = current.preferences[setting.key] ?? setting.defaultValue
        }
        return document
    }
}
