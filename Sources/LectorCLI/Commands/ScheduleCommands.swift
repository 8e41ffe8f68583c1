import FoundationEssentials
import Glibc
import LectorSettings
import LectorStore

/// Background sync the platform's way: a systemd user timer, or a crontab line where there is no
/// user manager. Changing sync.interval or sync.background afterwards prints a reminder to run
/// `schedule install` again (the units are not rewritten behind your back).
enum ScheduleCommands {
    static let all: [CommandSpec] = [install, remove, status]

    static let install = CommandSpec(
        ["schedule", "install"], "sync in the background with a systemd user timer (or print a crontab line)",
        discussion: "Reads sync.background (offers to turn it on; --yes does without asking) and sync.interval (never below 15 minutes). The units go to ~/.config/systemd/user/; with LECTOR_HOME set they go under it instead, where systemd does not look, and are not enabled. The crontab line for server accounts passes on the session bus address the keyring needs.",
        options: [OptionSpec("yes", short: "y", "turn sync.background on without asking when it is off")]
    ) { invocation, session in
        guard let preferences = try backgroundSyncOn(invocation, session) else { return .message("Nothing changed.") }
        let units = try units(session, interval: max(15, preferences.syncIntervalMinutes))
        let directory = session.directories.systemdUser
        try CLIError.catching {
            try AppDirectories.ensureDirectory(directory)
            try units.serviceText.write(toFile: directory + "/" + SystemdUnits.service, atomically: true, encoding: .utf8)
            try units.timerText.write(toFile: directory + "/" + SystemdUnits.timer, atomically: true, encoding: .utf8)
        }
        var lines = ["Wrote \(directory)/\(SystemdUnits.service) and \(SystemdUnits.timer) (every \(units.intervalMinutes) min)."]
        let enabled = enableTimer(session)
        lines.append(enabled.line)
        let crontab = enabled.done ? (line: nil, notes: []) : try crontab(units, session: session)
        if let line = crontab.line { lines += ["Add this line with 'crontab -e':", "  " + line] }
        lines += crontab.notes
        return CommandOutput(text: lines.joined(separator: "\n"),
                             json: StatusJSON(installed: systemdLooks(session), interval_minutes: units.intervalMinutes,
                                              crontab: crontab.line, last_run: nil))
    }

    /// The settings with sync.background on: as they are, or turned on (asked at a terminal,
    /// --yes without asking); nil when the user said no.
    static func backgroundSyncOn(_ invocation: Invocation, _ session: Session) throws(CLIError) -> Preferences? {
        let preferences = try session.preferences()
        if preferences.syncInBackground { return preferences }
        if !invocation.flag("yes") {
            guard Prompter.isInteractive else {
                throw CLIError.conflict("background sync is off in the settings: pass --yes to turn it on and install, or run 'lector settings set sync.background true'")
            }
            guard try Prompter.confirm("Background sync is off. Turn it on and install the timer?") else { return nil }
        }
        _ = try CLIError.catching { try session.settingsEditor().set("sync.background", to: "true") }
        return try session.preferences()
    }

    /// Enables the timer where a systemd user manager looks and runs; `done` when it did, and
    /// the line that says what happened.
    static func enableTimer(_ session: Session) -> (done: Bool, line: String) {
        guard systemdLooks(session) else {
            return (false, "They are under LECTOR_HOME, where systemd does not look, so nothing is installed (run without LECTOR_HOME to install the timer).")
        }
        guard UserSystemd.isRunning(environment: session.environment) else {
            return (false, "No systemd user manager is running here, so the timer was not enabled.")
        }
        UserSystemd.run(["daemon-reload"])
        let enabled = UserSystemd.run(["enable", "--now", SystemdUnits.timer])
        return (true, enabled.status == 0 ? "Enabled and started \(SystemdUnits.timer)." : "systemctl --user enable failed: \(enabled.output.trimmingWhitespace)")
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
        let written = FileManager.default.fileExists(atPath: directory + "/" + SystemdUnits.timer)
        let installed = written && systemdLooks(session)
        let log = SyncLog(path: session.directories.syncLogPath)
        var lines = [installed ? "Installed: \(directory)/\(SystemdUnits.timer)"
                     : written ? "Not installed: \(directory)/\(SystemdUnits.timer) is under LECTOR_HOME, where systemd does not look."
                     : "Not installed (run 'lector schedule install')."]
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

    /// Whether the units directory is the user manager's own: under LECTOR_HOME it is not.
    static func systemdLooks(_ session: Session) -> Bool {
        session.environment["LECTOR_HOME"].map(\.isEmpty) ?? true
    }

    /// The crontab line, if one can work: cron gives a job no session bus, and without one a
    /// server account's secret cannot be read from the keyring, so the line carries the bus
    /// address — or, where there is none to carry, is not offered while server accounts exist.
    private static func crontab(_ units: SystemdUnits, session: Session) throws(CLIError) -> (line: String?, notes: [String]) {
        let servers = try CLIError.catching { try session.store().accounts.all() }.filter { $0.kind.hasServer && !$0.isDemo }
        guard !servers.isEmpty else { return (units.crontabLine(sessionBus: nil), []) }
        let names = servers.map { "'\($0.name)'" }.joined(separator: ", ")
        guard let bus = session.environment["DBUS_SESSION_BUS_ADDRESS"], !bus.isEmpty else {
            return (nil, ["A crontab line is not offered: cron gives a job no session bus, so \(names) could not read the secret from the keyring, and DBUS_SESSION_BUS_ADDRESS is not set here to pass on."])
        }
        return (units.crontabLine(sessionBus: bus),
                ["It passes on your session bus (DBUS_SESSION_BUS_ADDRESS), which the keyring needs for \(names): it syncs them while you are logged in."])
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
