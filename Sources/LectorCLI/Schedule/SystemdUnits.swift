import FoundationEssentials
import LectorBasics
import Glibc

/// The systemd user service and timer that run `lector sync --auto`, and the crontab line that
/// stands in for them where no user manager runs.
struct SystemdUnits {
    static let service = "lector-sync.service"
    static let timer = "lector-sync.timer"

    let executable: String
    let intervalMinutes: Int
    /// Passed on so the timer syncs the same store as the one that installed it.
    let lectorHome: String?

    var serviceText: String {
        var lines = [
            "# Written by `lector schedule install`; `lector schedule remove` deletes it.",
            "[Unit]",
            "Description=Lector: sync reader accounts",
            "After=network-online.target",
            "",
            "[Service]",
            "Type=oneshot",
            "ExecStart=\(Self.quote(executable)) sync --auto",
        ]
        if let lectorHome { lines.append("Environment=\(Self.quote("LECTOR_HOME=\(lectorHome)"))") }
        return lines.joined(separator: "\n") + "\n"
    }

    var timerText: String {
        [
            "# Written by `lector schedule install`; `lector schedule remove` deletes it.",
            "[Unit]",
            "Description=Lector: sync reader accounts every \(intervalMinutes) minutes",
            "",
            "[Timer]",
            "OnBootSec=2min",
            "OnUnitActiveSec=\(intervalMinutes)min",
            "RandomizedDelaySec=60",
            "Persistent=true",
            "",
            "[Install]",
            "WantedBy=timers.target",
        ].joined(separator: "\n") + "\n"
    }

    /// The equivalent crontab line (cron's minute field can only divide the hour evenly);
    /// `sessionBus` is the D-Bus address the keyring is reached through.
    func crontabLine(sessionBus: String?) -> String {
        let environment = (lectorHome.map { "LECTOR_HOME=\(Self.quote($0)) " } ?? "")
            + (sessionBus.map { "DBUS_SESSION_BUS_ADDRESS=\(Self.quote($0)) " } ?? "")
        let schedule = intervalMinutes < 60 ? "*/\(intervalMinutes) * * * *" : "0 */\(max(1, intervalMinutes / 60)) * * *"
        return "\(schedule) \(environment)\(Self.quote(executable)) sync --auto"
    }

    private static func quote(_ text: String) -> String {
        text.contains(where: { $0 == " " || $0 == "\"" }) ? "\"" + text.replacingAll("\"", with: "\\\"") + "\"" : text
    }
}

/// Talking to the user's systemd, when there is one.
enum UserSystemd {
    /// A user manager answers on this machine (not in containers, cron-only servers, CI).
    static func isRunning(environment: [String: String]) -> Bool {
        guard let runtime = environment["XDG_RUNTIME_DIR"], FileManager.default.fileExists(atPath: runtime + "/systemd/private") else {
            return false
        }
        return run(["is-system-running"]).status != 127
    }

    @discardableResult
    static func run(_ arguments: [String]) -> (status: Int32, output: String) {
        guard var child = Subprocess.start("/usr/bin/env", ["systemctl", "--user"] + arguments, output: .captureWithErrors) else {
            return (127, "")
        }
        let data = child.readOutput()
        return (child.waitForExit(), String(decoding: data, as: UTF8.self))
    }
}
