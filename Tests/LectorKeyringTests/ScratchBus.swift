import Foundation

/// A private session bus with no keyring daemon running: the first Secret Service call makes
/// the bus start gnome-keyring-daemon, which has no login keyring. Its files live in a
/// temporary folder, so nothing outside it is touched.
final class ScratchBus {
    let folder: URL
    let environment: [String: String]
    private let bus: ChildProcess

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("lector-scratch-bus-\(UUID().uuidString.prefix(8))")
        let data = folder.appendingPathComponent("data"), runtime = folder.appendingPathComponent("runtime")
        for directory in [data, runtime] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        var environment = Probe.headlessEnvironment
        environment["XDG_DATA_HOME"] = data.path
        environment["XDG_RUNTIME_DIR"] = runtime.path

        let addressFile = folder.appendingPathComponent("address")
        bus = try ChildProcess(
            "dbus-daemon",
            ["--session", "--nofork", "--nopidfile", "--address=unix:path=\(folder.path)/bus", "--print-address=1"],
            environment: environment, stdin: "/dev/null", stdout: addressFile.path, stderr: "/dev/null")

        var address = ""
        for _ in 0..<250 where address.isEmpty {
            address = ((try? String(contentsOf: addressFile, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if address.isEmpty { usleep(20_000) }
        }
        guard !address.isEmpty else {
            bus.kill()
            try? FileManager.default.removeItem(at: folder)
            throw Command.Failure(description: "dbus-daemon printed no address within 5 s")
        }
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        self.environment = environment
    }

    /// Stops the keyring daemon the bus started (if any), then the bus, and deletes the folder.
    func stop() {
        if let owner = try? Command.run("gdbus", [
            "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
            "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", "org.freedesktop.secrets",
        ], environment: environment, timeout: 5),
            owner.status == 0,
            let match = owner.stdout.firstMatch(of: /\(uint32 (\d+),\)/),
            let pid = pid_t(match.1) {
            kill(pid, SIGTERM)
        }
        bus.kill()  // a throwaway bus has nothing to flush
        try? FileManager.default.removeItem(at: folder)
    }
}
