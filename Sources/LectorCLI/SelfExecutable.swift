import FoundationEssentials
import Glibc

/// Where this very `lector` binary lives, for what must point back at it: the shipped profiles
/// beside it, the systemd unit's ExecStart, the REPL's sync child. Read from /proc/self/exe,
/// because argv[0] is only "lector" when the shell found it on PATH.
enum SelfExecutable {
    static let path: String = {
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            // The kernel appends " (deleted)" once the file was replaced (e.g. by a reinstall).
            return resolved.hasSuffix(" (deleted)") ? String(resolved.dropLast(" (deleted)".count)) : resolved
        }
        // No /proc (a restricted container): the best remaining guess.
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
    }()

    static var url: URL { URL(fileURLWithPath: path) }
}
