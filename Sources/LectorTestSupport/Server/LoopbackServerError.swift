import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why the loopback server could not start.
public enum LoopbackServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A socket call failed; carries the call's name and errno.
    case socket(call: String, errno: Int32)

    /// A one-line explanation.
    public var message: String {
        switch self {
        case .socket(let call, let code): return "Loopback server: \(call) failed: \(String(cString: strerror(code)))."
        }
    }

    /// Same as `message`.
    public var description: String { message }
}
