import Foundation
import Testing
@testable import LectorCLI
@testable import LectorStore

/// `schedule install` where it meets the world: background sync off, units under LECTOR_HOME,
/// and a crontab line that must reach the keyring for a server account.
@Suite("schedule install and its fallbacks", .serialized)
struct ScheduleFrictionTests {
    @Test("with sync.background off, --yes turns it on and installs; without a terminal or --yes it says so (exit 4)")
    func offersToTurnOn() throws {
        let home = TestHome()
        let refused = try home.binary(["schedule", "install"])
        #expect(refused.status == 4 && refused.stderr.contains("--yes"), "the way out names --yes: \(refused.stderr)")
        try home.binaryOK(["schedule", "install", "--yes"], "schedule install --yes")
        #expect(try home.run("settings", "get", "sync.background").trimmingCharacters(in: .whitespacesAndNewlines) == "true", "--yes turned background sync on")
    }

    @Test("units written under LECTOR_HOME are not called installed: systemd does not look there")
    func notInstalledUnderLectorHome() throws {
        let home = TestHome()
        _ = try home.run("settings", "set", "sync.background", "true")
        let installed = try home.binaryOK(["schedule", "install"], "schedule install")
        #expect(installed.stdout.contains("systemd does not look") && !installed.stdout.contains("Enabled"),
                "says the units are where systemd does not look: \(installed.stdout)")
        let status = try home.binaryOK(["schedule", "status", "--json"], "schedule status")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        #expect(json["installed"] as? Bool == false, "not installed where no systemd looks: \(status.stdout)")
        let text = try home.binaryOK(["schedule", "status"], "schedule status")
        #expect(!text.stdout.hasPrefix("Installed"), "\(text.stdout)")
    }

    @Test("the crontab line for a server account carries the session bus address the keyring needs, and is not offered without one")
    func crontabReachesKeyring() throws {
        let home = TestHome()
        _ = try home.run("settings", "set", "sync.background", "true")
        _ = try home.store().accounts.insert(kind: .freshrss, name: "Server", url: "https://rss.example/api/greader.php", username: "me")
        var environment = home.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/run/user/1000/bus"
        let withBus = try runProcess(TestBinary.path, ["schedule", "install"], environment: environment)
        let line = withBus.stdout.split(separator: "\n").first { $0.contains("sync --auto") } ?? ""
        #expect(line.contains("DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1000/bus"), "the line reaches the keyring: \(withBus.stdout)")
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        let withoutBus = try runProcess(TestBinary.path, ["schedule", "install"], environment: environment)
        #expect(!withoutBus.stdout.contains("sync --auto") && withoutBus.stdout.contains("session bus") && withoutBus.stdout.contains("Server"),
                "no line that would fail for the server account, and why: \(withoutBus.stdout)")
    }
}
