import FoundationEssentials
import Glibc
import LectorStore

/// Background sync the platform's way: a systemd user timer, or a crontab line where there is no
/// user manager. Changing sync.interval or sync.background afterwards prints a reminder to run
/// `schedule install` again (the units are not rewritten behind your back).
enum ScheduleCommands {
    static let all: [CommandSpec] = [install, remove, status]

    static let install = CommandSpec(
        ["schedule", "install"], "sync in the background with a systemd user timer (or print a crontab line)",
        discussion: "Reads sync.background (must be on) and sync.interval (never below 15 minutes). The units go to ~/.config/systemd/user/."
    ) { _, session in
        let preferences = try session.preferences()
        guard preferences.syncInBackground else {
            throw CLIError.conflict("background sync is off in the settings: run 'lector settings set sync.background true' first")
        }
        let units = try units(session, interval: max(15, preferences.syncIntervalMinutes))
        let directory = session.directories.systemdUser
        try CLIError.catching {
            try AppDirectories.ensureDirectory(directory)
            try units.serviceText.write(toFile: directory + "/" + SystemdUnits.service, atomically: true, encoding: .utf8)
            try units.timerText.write(toFile: directory + "/" + SystemdUnits.timer, atomically: true, encoding: .utf8)
        }
        var lines = ["Wrote \(directory)/\(SystemdUnits.service) and \(SystemdUnits.timer) (every \(units.intervalMinutes) min)."]
        if UserSystemd.isRunning(environment: session.environment) {
            UserSystemd.run(["daemon-reload"])
            let enabled = UserSystemd.run(["enable", "--now", SystemdUnits.timer])
            lines.append(enabled.status == 0 ? "Enabled and started \(SystemdUnits.timer)."
                                             : "systemctl --user enable failed: \(enabled.output.trimmingWhitespace)")
        } else {
            lines.append("No systemd user manager is running here, so the timer was not enabled. Add this line with 'crontab -e' instead:")
            lines.append("  " + units.crontabLine)
        }
        return CommandOutput(text: lines.joined(separator: "\n"), json: StatusJSON(installed: true, interval_minutes: units.intervalMinutes,
                                                                                    crontab: units.crontabLine, last_run: nil))
    }

    static let remove = CommandSpec(["schedule", "remove"], "stop background sync and delete its units") { _, session in
        if UserSystemd.isRunning(environment: session.environment) { UserSystemd.run(["disable", "--now", SystemdUnits.timer]) }
        let directory = session.directories.systemdUser
        var removed = 0
        for name in [SystemdUnits.timer, SystemdUnits.service] {
            let file = directory + "/" + name
            // A unit that is not there is already removed; one that stays must not be reported gone.
            guard unlink(file) != 0 else { removed += 1; continue }
            let code = errno
            guard code == ENOENT else {
                throw CLIError.failure("cannot remove \(file): \(String(cString: strerror(code))); background sync may still run")
            }
        }
        if UserSystemd.isRunning(environment: session.environment) { UserSystemd.run(["daemon-reload"]) }
        return .message(removed > 0 ? "Background sync removed (a crontab line, if you added one, stays: remove it with 'crontab -e')."
                                    : "Background sync was not installed.")
    }

    static let status = CommandSpec(["schedule", "status"], "whether background sync is installed, its next and last run") { _, session in
        let directory = session.directories.systemdUser
        let installed = FileManager.default.fileExists(atPath: directory + "/" + SystemdUnits.timer)
        let log = SyncLog(path: session.directories.syncLogPath)
        var lines = [installed ? "Installed: \(directory)/\(SystemdUnits.timer)" : "Not installed (run 'lector schedule install')."]
        if installed, UserSystemd.isRunning(environment: session.environment) {
            let shown = UserSystemd.run(["show", SystemdUnits.timer, "--property=ActiveState,NextElapseUSecRealtime,LastTriggerUSec"]).output
            lines += shown.split(separator: "\n").map { "  " + $0 }
        }
        lines.append("Last automatic run: " + (log.lastLine ?? "none logged yet (\(session.directories.syncLogPath))"))
        return CommandOutput(text: lines.joined(separator: "\n"),
                             json: StatusJSON(installed: installed, interval_minutes: try session.preferences().syncIntervalMinutes,
                                              crontab: nil, last_run: log.lastLine))
    }

    static func units(_ session: Session, interval: Int) throws(CLIError) -> SystemdUnits {
        let executable = SelfExecutable.path
        return SystemdUnits(executable: executable, intervalMinutes: interval, lectorHome: session.environment["LECTOR_HOME"])
    }

    /// Whether units are installed, so settings changes can remind the user to reinstall.
    static func isInstalled(_ session: Session) -> Bool {
        FileManager.default.fileExists(atPath: session.directories.systemdUser + "/" + SystemdUnits.timer)
    }

    struct StatusJSON: Encodable, Sendable {
        let installed: Bool
        let interval_minutes: Int
        let crontab: String?
        let last_run: String?
    }
}
