import Foundation

/// The `keyring-probe` executable: one keyring call in a fresh process, so that a test can
/// give it another session bus (libsecret keeps the first bus it connects to for the process).
enum Probe {
    /// Next to the test binary in the build folder.
    static let url: URL? = {
        let buildFolder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [
            buildFolder.appendingPathComponent("keyring-probe"),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/debug/keyring-probe"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static let isBuilt = url != nil

    /// The environment of this process with nothing that leads to a display or a keyring daemon.
    static var headlessEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "GNOME_KEYRING_CONTROL"] {
            environment[name] = nil
        }
        return environment
    }

    /// Runs `keyring-probe <command>` and splits its one line into the outcome and the message.
    static func run(_ command: String, environment: [String: String]) throws -> (status: Int32, outcome: String, message: String) {
        guard let url else { throw Command.Failure(description: "keyring-probe was not built") }
        let result = try Command.run(url.path, [command], environment: environment, timeout: 20)
        let line = result.stdout.trimmingCharacters(in: .newlines)
        let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
        return (result.status, parts.first ?? "", parts.count > 1 ? parts[1] : "")
    }
}
