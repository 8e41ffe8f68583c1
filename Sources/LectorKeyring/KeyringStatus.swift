/// Whether the keyring can be used right now.
public enum KeyringStatus: Equatable, Sendable, CustomStringConvertible {
    /// A Secret Service is reachable and its default keyring is unlocked.
    case available
    /// Secrets cannot be stored or read; the error says why and what to do.
    case unavailable(KeyringError)

    public var description: String {
        switch self {
        case .available: "the keyring is available"
        case .unavailable(let error): error.message
        }
    }
}
