import Foundation
import Testing
import LectorKeyring

/// The private, throwaway keyring that scripts/with-test-keyring.sh starts. Tests that write
/// to a keyring, or lock it, run only there: never against a keyring someone actually uses.
enum TestKeyring {
    /// Set by the script; its presence is what marks the session's keyring as disposable.
    static let password = ProcessInfo.processInfo.environment["LECTOR_TEST_KEYRING_PASSWORD"]

    static let status: KeyringStatus? = password == nil ? nil : LibsecretKeyring().status()

    static let isAvailable = status == .available

    static let skipReason: Comment = {
        guard let status else {
            return "no private test keyring: run `scripts/with-test-keyring.sh swift test`"
        }
        return Comment(rawValue: "the private test keyring is not usable: \(status)")
    }()

    /// An id no other test (or earlier run) uses.
    static func uniqueID(_ prefix: String) -> String { "\(prefix)-\(UUID().uuidString.prefix(8))" }

    /// Locks the login keyring the way a screen locker would, through the Secret Service itself.
    static func lock() throws {
        let result = try Command.run("gdbus", [
            "call", "--session", "--dest", "org.freedesktop.secrets",
            "--object-path", "/org/freedesktop/secrets",
            "--method", "org.freedesktop.Secret.Service.Lock",
            "[objectpath '/org/freedesktop/secrets/collection/login']",
        ])
        guard result.status == 0 else { throw Command.Failure(description: "gdbus Lock failed: \(result.stderr)") }
    }

    /// Unlocks it again by replacing the daemon with one unlocked by the password on stdin;
    /// the Secret Service offers no unlock without a prompt, and there is no display for one.
    static func unlock() throws {
        let result = try Command.run(
            "gnome-keyring-daemon", ["--replace", "--unlock", "--components=secrets"], stdin: password ?? "")
        guard result.status == 0, LibsecretKeyring().status() == .available else {
            throw Command.Failure(description: "could not unlock the test keyring again: \(result.stderr)")
        }
    }
}
